"""Dense layers on a (samples, 1) input stacked under an LSTM: the LSTM receives a 2-D tensor.

Rebuilt from the StackOverflow question "Add dense layer before LSTM layer in keras or
Tensorflow?" (mirrored at https://techfeed.net/pt/443267/): a denoising autoencoder
``Dense(5, input_shape=(1,))``, ``Dense(10)``, ``LSTM(32)``, ... on series shaped (650, 20, 1);
Keras raises at ``model.add(LSTM(32))``. Fixed twin: the first Dense declares the
(timesteps, features) input, so the Dense layers act on every step and the LSTM gets 3-D input.
"""

import numpy as np
from tensorflow.keras.layers import LSTM, Dense, Dropout
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(0)
trainX = rng.random((650, 20, 1)).astype("float32")
trainY = rng.random((650, 1)).astype("float32")

batch_size = 1
model = Sequential()
model.add(Dense(5, input_shape=(20, 1)))
model.add(Dense(10))
model.add(LSTM(32))
model.add(Dropout(0.3))
model.add(Dense(5))
model.add(Dense(1))
model.compile(loss="mean_squared_error", optimizer="adam")
model.fit(trainX[:8], trainY[:8], epochs=1, batch_size=batch_size, verbose=0)
