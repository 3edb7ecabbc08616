"""Rank 0 alone makes a last fine-tuning step with a DistributedGradientTape: its gradient allreduce fails with "Horovod has been shut down" once rank 1 has finished."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.05)
hvd.broadcast_variables(model.variables, root_rank=0)


def train_step(batch: tf.Tensor) -> tf.Tensor:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(batch) - 1.0))
    gradients = hvd.DistributedGradientTape(tape).gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


for _ in range(3):
    train_step(tf.constant(rng.normal(size=(8, 3)), dtype=tf.float32))

if hvd.rank() == 0:
    fine_tune_batch = tf.constant(rng.normal(size=(4, 3)), dtype=tf.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(fine_tune_batch) - 1.0))
    tape = hvd.DistributedGradientTape(tape)
    gradients = tape.gradient(loss, model.trainable_variables)  # expect: rank-divergent-collective
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    print("fine-tuned loss", float(loss))
