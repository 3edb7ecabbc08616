"""An LSTM declared for ``look_back`` features per step, fitted on samples of 34 features.

Rebuilt from https://github.com/tensorflow/tensorflow/issues/53728 ("Input 0 of layer
"sequential" is incompatible with the layer: expected shape=(None, 1, 4), found shape=(None, 1,
34)": ``trainX`` reshaped to (samples, 1, features), ``LSTM(256, input_shape=(1, 4),
return_sequences=True)``, ``LSTM(256)``, ``Dropout``, ``Dense(look_back)``, ``fit(..., batch_size=20)``).
Fixed twin: the input shape is taken from the data, ``(trainX.shape[1], trainX.shape[2])``.
"""

import numpy as np
from tensorflow.keras.layers import LSTM, Dense, Dropout
from tensorflow.keras.models import Sequential

look_back = 4
rng = np.random.default_rng(6)
trainX = rng.random((200, 34)).astype("float32")
trainY = rng.random((200, look_back)).astype("float32")
trainX = np.reshape(trainX, (trainX.shape[0], 1, trainX.shape[1]))

model = Sequential()
model.add(LSTM(256, input_shape=(trainX.shape[1], trainX.shape[2]), return_sequences=True))
model.add(LSTM(256))
model.add(Dropout(0.2))
model.add(Dense(look_back))
model.compile(loss="mse", optimizer="adam", metrics=["accuracy"])
history = model.fit(trainX, trainY, epochs=1, batch_size=20, verbose=0, shuffle=True)
