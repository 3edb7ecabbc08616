"""Rank 0 evaluates the trained model on held-out data with plain Keras calls: no collective runs under the rank branch."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
model = tf.keras.Sequential([tf.keras.Input(shape=(5,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.01)
hvd.broadcast_variables(model.variables, root_rank=0)

for step in range(3):
    batch = tf.constant(rng.normal(size=(12, 5)), dtype=tf.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(batch)))
    tape = hvd.DistributedGradientTape(tape)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))

if hvd.rank() == 0:
    held_out = tf.constant(np.random.default_rng(99).normal(size=(20, 5)), dtype=tf.float32)
    validation_loss = tf.reduce_mean(tf.square(model(held_out)))
    print(f"validation loss {float(validation_loss):.4f}")
