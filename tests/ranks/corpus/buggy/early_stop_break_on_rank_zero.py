"""Rank 0 alone decides to stop early (break) after epoch 1, so rank 1 enters epoch 2's allreduce alone: it fails with "Horovod has been shut down" once rank 0 has finished."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
features = tf.constant(rng.normal(size=(32, 3)), dtype=tf.float32)
weights = tf.Variable(tf.zeros([3, 1]))
hvd.broadcast_variables([weights], root_rank=0)

for epoch in range(5):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(features @ weights - 1.0))
    (gradient,) = tape.gradient(loss, [weights])
    gradient = hvd.allreduce(gradient)  # expect: rank-divergent-collective
    weights.assign_sub(0.1 * gradient)
    print(f"epoch {epoch}: loss {float(loss):.4f}")
    if hvd.rank() == 0 and epoch == 1:
        print("rank 0: early stopping")
        break
