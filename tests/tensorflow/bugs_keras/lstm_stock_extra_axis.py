"""An LSTM over 60 days of 2 features trained on windows stacked with an extra axis: each
sample is (1, 60, 2).

Rebuilt from https://github.com/molson194/LSTM-Stock-Prediction/issues/1 ("expected ndim=3,
found ndim=4. Full shape received: [None, 1, 60, 2]"): windows built in a loop with
``x_train.append(data[i-60:i].reshape(1, 60, 2))``-style slicing and ``np.array(x_train)``.
Fixed twin: each window is appended without the extra axis.
"""

import numpy as np
from tensorflow.keras.layers import LSTM, Dense
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(11)
scaled = rng.random((200, 2)).astype("float32")
x_train, y_train = [], []
for i in range(60, len(scaled)):
    x_train.append(scaled[i - 60 : i].reshape(1, 60, 2))
    y_train.append(scaled[i, 0])
x_train, y_train = np.array(x_train), np.array(y_train)

model = Sequential()
model.add(LSTM(50, return_sequences=True, input_shape=(60, 2)))
model.add(LSTM(50, return_sequences=False))
model.add(Dense(25))
model.add(Dense(1))
model.compile(optimizer="adam", loss="mean_squared_error")
model.fit(x_train, y_train, batch_size=20, epochs=1, verbose=0)  # BUG
