"""Each rank trains 4 + rank steps, so rank 1 makes a fifth DistributedGradientTape step alone: it fails with "Horovod has been shut down" once rank 0 has finished."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam(0.01)
hvd.broadcast_variables(model.variables, root_rank=0)

for step in range(4 + hvd.rank()):
    batch = tf.constant(rng.normal(size=(8, 4)), dtype=tf.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(batch)))
    tape = hvd.DistributedGradientTape(tape)
    gradients = tape.gradient(loss, model.trainable_variables)  # expect: rank-divergent-collective
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
