"""A recurrent model over windows of 9 steps of 4 features asked to predict one window given
without its batch axis.

Rebuilt from https://github.com/karolzak/keras-unet/issues/46 (comment of 2022-02-15: "Input 0
is incompatible with layer model: expected shape=(None, 9, 4), found shape=(9, 4)", data of shape
(9, 4) from a TimeGAN setup). Fixed twin: the window is given a batch axis (``window[None]``).
"""

import numpy as np
import tensorflow as tf

seq_len, n_features = 9, 4
inputs = tf.keras.Input(shape=(seq_len, n_features))
hidden = tf.keras.layers.GRU(24, return_sequences=True)(inputs)
outputs = tf.keras.layers.Dense(n_features, activation="sigmoid")(hidden)
model = tf.keras.Model(inputs, outputs)

window = np.random.default_rng(10).random((seq_len, n_features)).astype("float32")
synthetic = model(window)  # BUG
print(synthetic.shape)
