"""A character-level LSTM declared with ``batch_input_shape`` and ``return_sequences=False``
stacked under a word-level LSTM: the second LSTM receives a 2-D tensor.

Rebuilt from https://github.com/keras-team/keras/issues/7403 (comment of 2017-09-04:
``LSTM(num_hidden_neurons_char_layer, return_sequences=False, batch_input_shape=(None,
timesteps, data_dim))`` then ``LSTM(num_hidden_neurons_word_layer)``; "Input 0 is incompatible
with layer lstm_1"). Fixed twin: the first LSTM returns its sequences.
"""

import numpy as np
from tensorflow.keras.layers import LSTM, Dense
from tensorflow.keras.models import Sequential

data_dim = 30
timesteps = 40
out_vec_size = 62
num_hidden_neurons_char_layer = timesteps
num_hidden_neurons_word_layer = out_vec_size

rng = np.random.default_rng(3)
x = rng.random((16, timesteps, data_dim)).astype("float32")
y = rng.random((16, out_vec_size)).astype("float32")

model = Sequential()
model.add(
    LSTM(
        num_hidden_neurons_char_layer,
        return_sequences=False,
        batch_input_shape=(None, timesteps, data_dim),
    )
)
model.add(LSTM(num_hidden_neurons_word_layer))  # BUG
model.add(Dense(out_vec_size, activation="tanh"))
model.compile(loss="mse", optimizer="adam")
model.fit(x, y, epochs=1, verbose=0)
