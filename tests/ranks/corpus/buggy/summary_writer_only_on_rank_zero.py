"""The TensorBoard writer is created only on rank 0 but every rank writes the loss with it: rank 1 dies with "NameError: name 'writer' is not defined"."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

if hvd.rank() == 0:
    writer = tf.summary.create_file_writer("logs")

rng = np.random.default_rng(hvd.rank())
weights = tf.Variable(tf.zeros([4]))
hvd.broadcast_variables([weights], root_rank=0)
for step in range(3):
    batch = tf.constant(rng.normal(size=(6, 4)), dtype=tf.float32)
    loss = hvd.allreduce(tf.reduce_mean(tf.square(tf.linalg.matvec(batch, weights) - 1.0)))
    weights.assign_add(0.1 * hvd.allreduce(tf.reduce_mean(batch, axis=0)))
    with writer.as_default():  # expect: rank-unbound-name
        tf.summary.scalar("loss", loss, step=step)
