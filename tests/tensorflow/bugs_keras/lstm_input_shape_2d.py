"""An LSTM whose ``input_shape`` is taken from 2-D training data: ``x_train.shape[1:]`` is
``(15,)``, a single axis, and Keras raises when the layer is added.

Rebuilt from https://github.com/shreyans29/thesemicolon/issues/5 ("Input 0 is incompatible with
layer lstm_1: expected ndim=3, found ndim=2", ``model.add(LSTM(300, input_shape=
x_train.shape[1:], return_sequences=True, ...))`` in model.py). Fixed twin: the data gets a
feature axis first (``x_train.reshape(-1, 15, 1)``).
"""

import numpy as np
from tensorflow.keras.layers import LSTM, Dense
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(1)
x_train = rng.random((64, 15)).astype("float32")
y_train = rng.random((64, 15)).astype("float32")

model = Sequential()
model.add(LSTM(300, input_shape=x_train.shape[1:], return_sequences=True))  # BUG
model.add(LSTM(300, return_sequences=False, activation="sigmoid"))
model.add(Dense(15))
model.compile(loss="cosine_similarity", optimizer="adam")
model.fit(x_train, y_train, epochs=1, verbose=0)
