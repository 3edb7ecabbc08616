"""Only rank 0 prints and writes checkpoints, and neither does a collective: every rank reaches the same allreduces."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.05)
checkpoint = tf.train.Checkpoint(model=model, optimizer=optimizer)
hvd.broadcast_variables(model.variables, root_rank=0)

for step in range(4):
    batch = tf.constant(rng.normal(size=(16, 4)), dtype=tf.float32)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(batch) - 1.0))
    tape = hvd.DistributedGradientTape(tape)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    if hvd.rank() == 0:
        print(f"step {step}: loss {float(loss):.4f}")
        checkpoint.save("checkpoints/ckpt")
