"""The workers sys.exit() after training while rank 0 then averages the validation accuracy: rank 0 fails with "Horovod has been shut down"."""

import sys

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
weights = tf.Variable(tf.zeros([5, 1]))
hvd.broadcast_variables([weights], root_rank=0)

for step in range(3):
    batch = tf.constant(rng.normal(size=(16, 5)), dtype=tf.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(batch @ weights - 1.0))
    tape = hvd.DistributedGradientTape(tape)
    (gradient,) = tape.gradient(loss, [weights])
    weights.assign_sub(0.1 * gradient)

if hvd.rank() != 0:
    sys.exit(0)

accuracy = tf.constant(0.5 + 0.1 * float(tf.reduce_mean(weights)))
accuracy = hvd.allreduce(accuracy)  # expect: rank-divergent-collective
print(f"validation accuracy {float(accuracy):.3f}")
