"""report() averages the loss with hvd.allreduce and is called only by rank 0: rank 0 fails with "Horovod has been shut down" once rank 1 has finished."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()


def average(value: tf.Tensor) -> float:
    return float(hvd.allreduce(value))


def report(step: int, loss: tf.Tensor) -> None:
    print(f"step {step}: mean loss {average(loss):.4f}")


rng = np.random.default_rng(hvd.rank())
weights = tf.Variable(tf.zeros([4]))
hvd.broadcast_variables([weights], root_rank=0)
for step in range(3):
    batch = tf.constant(rng.normal(size=(10, 4)), dtype=tf.float32)
    loss = tf.reduce_mean(tf.square(tf.linalg.matvec(batch, weights) - 1.0))
    weights.assign_add(hvd.allreduce(tf.reduce_mean(batch, axis=0)) * 0.01)

if hvd.rank() == 0:
    report(3, loss)  # expect: rank-divergent-collective
