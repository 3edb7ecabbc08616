"""Fixed twin of lstm_input_shape_2d (https://github.com/shreyans29/thesemicolon/issues/5): the
training data gets a feature axis before its shape is given to the LSTM."""

import numpy as np
from tensorflow.keras.layers import LSTM, Dense
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(1)
x_train = rng.random((64, 15)).astype("float32").reshape(-1, 15, 1)
y_train = rng.random((64, 15)).astype("float32")

model = Sequential()
model.add(LSTM(300, input_shape=x_train.shape[1:], return_sequences=True))
model.add(LSTM(300, return_sequences=False, activation="sigmoid"))
model.add(Dense(15))
model.compile(loss="cosine_similarity", optimizer="adam")
model.fit(x_train, y_train, epochs=1, verbose=0)
