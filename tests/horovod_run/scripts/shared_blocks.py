"""Not a training script: a model class that callbacks_from_module.py imports."""

import tensorflow as tf


class TwoLayerNet(tf.keras.Model):
    def __init__(self, hidden):
        super().__init__()
        self.first = tf.keras.layers.Dense(hidden, activation="relu")
        self.second = tf.keras.layers.Dense(3)

    def call(self, inputs):
        return self.second(self.first(inputs))
