"""``isinstance(block, tf.keras.layers.Layer)`` holds for a Dense layer: the product in its branch
is a real bug."""

import tensorflow as tf


def apply(block, x):
    if isinstance(block, tf.keras.layers.Layer):
        return tf.matmul(x, tf.ones((4, 2)))  # BUG
    return x * block


scaled = apply(2.0, tf.ones((2, 3)))
dense = apply(tf.keras.layers.Dense(4), tf.ones((2, 3)))
