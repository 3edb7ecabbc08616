"""average() does an allreduce and every rank calls it; only the printing of the result is on rank 0."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()


def average(value: tf.Tensor) -> float:
    return float(hvd.allreduce(value))


rng = np.random.default_rng(hvd.rank())
weights = tf.Variable(tf.zeros([4]))
hvd.broadcast_variables([weights], root_rank=0)
for step in range(3):
    batch = tf.constant(rng.normal(size=(10, 4)), dtype=tf.float32)
    loss = tf.reduce_mean(tf.square(tf.linalg.matvec(batch, weights) - 1.0))
    weights.assign_add(hvd.allreduce(tf.reduce_mean(batch, axis=0)) * 0.01)
    mean_loss = average(loss)
    if hvd.rank() == 0:
        print(f"step {step}: mean loss {mean_loss:.4f}")
