"""A subclassed Keras model with a residual block, called on a batch of feature vectors.

The block's inner ``Dense`` layer is narrower than its input, so the residual sum cannot be
formed: Keras fails inside ``call`` on the first call. ``tensorls check`` follows the model into
``call`` through the layers made in ``__init__`` and reports it, in TensorFlow's words.
"""

import tensorflow as tf


class ResidualBlock(tf.keras.layers.Layer):
    def __init__(self, width, **kwargs):
        super().__init__(**kwargs)
        self.inner = tf.keras.layers.Dense(width, activation="relu")
        self.norm = tf.keras.layers.Dropout(0.1)

    def call(self, inputs, training=False):
        return inputs + self.norm(self.inner(inputs), training=training)  # BUG: width != inputs


class Regressor(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.block = ResidualBlock(32)
        self.head = tf.keras.layers.Dense(1)

    def call(self, inputs, training=False):
        return self.head(self.block(inputs, training=training))


model = Regressor()
batch = tf.random.normal([16, 48])
predictions = model(batch, training=True)
print(predictions.shape)
