"""Fixed twin of lstm_input_dim_fit (StackOverflow, mirrored at
https://www.pythond.com/52081/como-procesar-la-forma-de-entrada-y-salida-para-keras-lstm.html):
the samples get a feature axis and the LSTM declares (9, 1)."""

import numpy as np
from tensorflow.keras.layers import LSTM, Dense
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(5)
X = rng.normal(size=(100, 9))
Y = rng.normal(size=(100, 2))
X = X.reshape(X.shape + (1,))  # noqa: RUF005 (the answer's spelling)

model = Sequential()
model.add(LSTM(32, input_shape=(9, 1)))
model.add(Dense(2))
model.compile(loss="mean_squared_error", optimizer="adam")
model.fit(X, Y, epochs=1, batch_size=32, verbose=0)
