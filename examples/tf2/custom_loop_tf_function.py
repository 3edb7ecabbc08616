"""Regression with a custom training loop.

A small multilayer perceptron learns a noisy linear function of eight features. The train step
is a `tf.function`; gradients come from `tf.GradientTape`; a `tf.train.Checkpoint` of the model
and optimizer is written every 50 steps.
"""

import numpy as np
import tensorflow as tf

NUM_SAMPLES = 1024
NUM_FEATURES = 8
BATCH_SIZE = 32
TRAINING_STEPS = 200

rng = np.random.default_rng()
features = rng.normal(size=(NUM_SAMPLES, NUM_FEATURES)).astype("float32")
true_weights = rng.normal(size=(NUM_FEATURES, 1)).astype("float32")
targets = features @ true_weights + 0.1 * rng.normal(size=(NUM_SAMPLES, 1)).astype("float32")

dataset = (
    tf.data.Dataset.from_tensor_slices((features, targets))
    .shuffle(NUM_SAMPLES)
    .batch(BATCH_SIZE)
    .repeat()
)

model = tf.keras.Sequential(
    [
        tf.keras.layers.Dense(32, activation="relu"),
        tf.keras.layers.Dense(1),
    ]
)
loss_fn = tf.keras.losses.MeanSquaredError()
optimizer = tf.optimizers.Adam(0.01)

checkpoint = tf.train.Checkpoint(model=model, optimizer=optimizer)


@tf.function
def train_step(batch_features, batch_targets):
    with tf.GradientTape() as tape:
        predictions = model(batch_features, training=True)
        loss = loss_fn(batch_targets, predictions)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step, (batch_features, batch_targets) in enumerate(dataset.take(TRAINING_STEPS)):
    loss_value = train_step(batch_features, batch_targets)
    if step % 50 == 0:
        print(f"step {step:4d}  loss {loss_value.numpy():.4f}")
        checkpoint.save("checkpoints/ckpt")

print("training finished")
