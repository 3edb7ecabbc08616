"""best_loss is bound only under `if hvd.rank() == 0:` and read by every rank: rank 1 dies with "NameError: name 'best_loss' is not defined"."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
weights = tf.Variable(tf.zeros([3]))
hvd.broadcast_variables([weights], root_rank=0)

if hvd.rank() == 0:
    best_loss = float("inf")

for epoch in range(3):
    batch = tf.constant(rng.normal(size=(8, 3)), dtype=tf.float32)
    loss = float(tf.reduce_mean(tf.square(tf.linalg.matvec(batch, weights) - 1.0)))
    weights.assign_add(hvd.allreduce(tf.reduce_mean(batch, axis=0)) * 0.1)
    if loss < best_loss:  # expect: rank-unbound-name
        best_loss = loss
print("best loss", best_loss)
