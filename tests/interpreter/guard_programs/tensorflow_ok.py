"""TFRecord helpers as in the TensorFlow tutorial "TFRecord and tf.train.Example" and its copies
(caharper/smart-tfrecord-writer smart_tfrecord_writer/tfrecord_protos.py, beekill95/TC-Prediction
scripts/tfrecords_utils.py): ``isinstance(value, type(tf.constant(0)))`` with bytes; a block that
is a Keras layer, a callable or a scale; ``isinstance(x, (tf.Tensor, tf.Variable))``."""

import numpy as np
import tensorflow as tf


def bytes_feature(value):
    if isinstance(value, type(tf.constant(0))):
        value = value.numpy()
    return tf.train.Feature(bytes_list=tf.train.BytesList(value=[value]))


def apply(block, x):
    if isinstance(block, tf.keras.layers.Layer):
        return block(x)
    if callable(block):
        return block(x)
    return x * block


def to_numpy(x):
    if isinstance(x, (tf.Tensor, tf.Variable)):
        return x.numpy()
    if hasattr(x, "shape"):
        return x
    return np.array(x)


raw = bytes_feature(b"abc")
encoded = bytes_feature(tf.constant(b"xyz"))
scaled = apply(2.0, tf.ones((2, 3)))
dense = apply(tf.keras.layers.Dense(4), tf.ones((2, 3)))
doubled = apply(lambda t: t + t, tf.ones((2, 3)))
listed = to_numpy([1.0, 2.0])
kept = to_numpy(np.ones(3))
converted = to_numpy(tf.ones((2, 2)))
