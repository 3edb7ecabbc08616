"""The metrics file is opened only on rank 0, but its name is bound on every rank (None elsewhere) and every write is guarded, so no rank reads an unbound name."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

metrics_file = open("metrics.csv", "w") if hvd.rank() == 0 else None
rng = np.random.default_rng(hvd.rank())
weights = tf.Variable(tf.zeros([2]))
hvd.broadcast_variables([weights], root_rank=0)
for step in range(3):
    batch = tf.constant(rng.normal(size=(5, 2)), dtype=tf.float32)
    loss = hvd.allreduce(tf.reduce_mean(tf.square(tf.linalg.matvec(batch, weights) - 1.0)))
    weights.assign_add(0.1 * hvd.allreduce(tf.reduce_mean(batch, axis=0)))
    if metrics_file is not None:
        metrics_file.write(f"{step},{float(loss):.5f}\n")
if metrics_file is not None:
    metrics_file.close()
