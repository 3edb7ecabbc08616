"""The learning rate and the number of steps follow hvd.size(), which is the same on every rank: every rank makes the same steps."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

learning_rate = 0.01 * hvd.size()
steps = 12 // hvd.size()
rng = np.random.default_rng(hvd.rank())
weights = tf.Variable(tf.zeros([3, 1]))
hvd.broadcast_variables([weights], root_rank=0)
for step in range(steps):
    batch = tf.constant(rng.normal(size=(8, 3)), dtype=tf.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(batch @ weights - 1.0))
    (gradient,) = hvd.DistributedGradientTape(tape).gradient(loss, [weights])
    weights.assign_sub(learning_rate * gradient)
if hvd.rank() == 0:
    print(f"{steps} steps, final loss {float(loss):.4f}")
