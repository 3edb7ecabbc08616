"""Rank 0 alone computes the normalisation statistics; every rank then receives them with a broadcast from root 0 (the others send a placeholder of the same shape)."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

statistics = tf.zeros([2])
if hvd.rank() == 0:
    reference = np.random.default_rng(0).normal(loc=3.0, size=(100,))
    statistics = tf.constant([reference.mean(), reference.std()], dtype=tf.float32)
statistics = hvd.broadcast(statistics, root_rank=0)

local = tf.constant(np.random.default_rng(hvd.rank()).normal(loc=3.0, size=(10,)), dtype=tf.float32)
normalised = (local - statistics[0]) / statistics[1]
print("normalised mean", float(tf.reduce_mean(normalised)))
