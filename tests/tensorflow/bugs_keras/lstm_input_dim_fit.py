"""An LSTM declared with ``input_dim=9`` fitted on 2-D regression data: ``input_dim`` declares
only the feature axis (the steps are ``None``), so the (100, 9) samples lack the step axis.

Rebuilt from the StackOverflow question "How to process input and output shape for keras LSTM"
(mirrored at https://www.pythond.com/52081/como-procesar-la-forma-de-entrada-y-salida-para-keras-lstm.html):
``X, Y = make_regression(100, 9, 9, 2)``, ``model.add(LSTM(32, input_dim=9))``,
``model.add(Dense(2))``, ``model.fit(X, Y, batch_size=32)``. Fixed twin: the accepted answer's
``X.reshape(X.shape + (1,))`` with ``input_shape=(9, 1)``.
"""

import numpy as np
from tensorflow.keras.layers import LSTM, Dense
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(5)
X = rng.normal(size=(100, 9))
Y = rng.normal(size=(100, 2))

model = Sequential()
model.add(LSTM(32, input_dim=9))
model.add(Dense(2))
model.compile(loss="mean_squared_error", optimizer="adam")
model.fit(X, Y, epochs=1, batch_size=32, verbose=0)  # BUG
