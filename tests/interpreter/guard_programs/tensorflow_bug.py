"""``isinstance(value, type(tf.constant(0)))`` holds for an eager tensor: the reshape in its branch
is a real bug."""

import tensorflow as tf


def bytes_feature(value):
    if isinstance(value, type(tf.constant(0))):
        value = tf.reshape(value, [2, 3])  # BUG
    return value


raw = bytes_feature(b"abc")
reshaped = bytes_feature(tf.constant([1.0, 2.0, 3.0, 4.0]))
