"""Only rank 0 averages the epoch loss with hvd.allreduce: rank 0 fails with "Horovod has been shut down" once rank 1 has finished."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
features = tf.constant(rng.normal(size=(64, 4)), dtype=tf.float32)
targets = tf.constant(rng.normal(size=(64, 1)), dtype=tf.float32)

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.01)

for step in range(4):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(features) - targets))
    tape = hvd.DistributedGradientTape(tape)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    if step == 0:
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(optimizer.variables(), root_rank=0)

if hvd.rank() == 0:
    mean_loss = hvd.allreduce(loss)  # expect: rank-divergent-collective
    print(f"final loss averaged over ranks: {float(mean_loss):.4f}")
