"""The compiled train step does its gradient allreduce on every rank; only the printing after it depends on the rank."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam(0.01)


@tf.function
def train_step(features: tf.Tensor, targets: tf.Tensor, first_batch: bool) -> tf.Tensor:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(features) - targets))
    tape = hvd.DistributedGradientTape(tape)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    if first_batch:
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(optimizer.variables(), root_rank=0)
    return loss


rng = np.random.default_rng(hvd.rank())
for step in range(4):
    features = tf.constant(rng.normal(size=(8, 4)), dtype=tf.float32)
    targets = tf.constant(rng.normal(size=(8, 1)), dtype=tf.float32)
    loss = train_step(features, targets, step == 0)
    if hvd.rank() == 0 and step % 2 == 0:
        print(f"step {step}: loss {float(loss):.4f}")
