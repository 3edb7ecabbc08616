"""Rank 0 decides whether to stop early and broadcasts the decision, so every rank breaks out of the loop at the same epoch."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
features = tf.constant(rng.normal(size=(32, 3)), dtype=tf.float32)
weights = tf.Variable(tf.zeros([3, 1]))
hvd.broadcast_variables([weights], root_rank=0)

best_loss = float("inf")
for epoch in range(6):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(features @ weights - 1.0))
    (gradient,) = tape.gradient(loss, [weights])
    weights.assign_sub(0.1 * hvd.allreduce(gradient))
    mean_loss = float(hvd.allreduce(loss))
    stop = tf.constant(1 if hvd.rank() == 0 and epoch >= 2 else 0)
    stop = hvd.broadcast(stop, root_rank=0)
    if int(stop) == 1:
        break
    best_loss = min(best_loss, mean_loss)
print("stopped after epoch", epoch, "best loss", best_loss)
