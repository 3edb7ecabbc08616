"""Rank 0 allreduces the loss then the confusion matrix, the others the other way round: the first allreduce pairs a scalar with a 3x3 matrix and Horovod fails with "Mismatched ALLREDUCE tensor shapes"."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
loss = tf.constant(rng.random(), dtype=tf.float32)
confusion = tf.constant(rng.integers(0, 5, size=(3, 3)), dtype=tf.float32)
if hvd.rank() == 0:
    loss = hvd.allreduce(loss)  # expect: collective-mismatch
    confusion = hvd.allreduce(confusion, op=hvd.Sum)
    print("loss", float(loss), "confusion", confusion.numpy().tolist())
else:
    confusion = hvd.allreduce(confusion, op=hvd.Sum)
    loss = hvd.allreduce(loss)
