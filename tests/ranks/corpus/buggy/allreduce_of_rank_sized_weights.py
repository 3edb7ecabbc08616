"""The averaged weights have 3 + rank columns, a different shape on every rank: Horovod fails with "Mismatched ALLREDUCE tensor shapes"."""

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()

weights = tf.ones([2, 3 + hvd.rank()])
averaged = hvd.allreduce(weights)  # expect: collective-mismatch
print("averaged", averaged.shape)
