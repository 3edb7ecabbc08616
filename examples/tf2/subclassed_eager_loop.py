"""Autoencoder with a subclassed model and an eager training loop.

The model subclasses `tf.keras.Model`; the loop computes gradients with `tf.GradientTape`
without `tf.function`, uses `RMSprop` with its default learning rate, and logs the loss with a
TensorBoard summary writer.
"""

import numpy as np
import tensorflow as tf

NUM_SAMPLES = 512
NUM_FEATURES = 12
CODE_SIZE = 3
EPOCHS = 3


class Autoencoder(tf.keras.Model):
    def __init__(self, code_size, num_features):
        super().__init__()
        self.encoder = tf.keras.layers.Dense(code_size, activation="tanh")
        self.decoder = tf.keras.layers.Dense(num_features)

    def call(self, inputs):
        return self.decoder(self.encoder(inputs))


rng = np.random.default_rng()
latent = rng.normal(size=(NUM_SAMPLES, CODE_SIZE)).astype("float32")
mixing = rng.normal(size=(CODE_SIZE, NUM_FEATURES)).astype("float32")
observations = np.tanh(latent) @ mixing

dataset = tf.data.Dataset.from_tensor_slices(observations).shuffle(NUM_SAMPLES).batch(64)

model = Autoencoder(CODE_SIZE, NUM_FEATURES)
optimizer = tf.keras.optimizers.RMSprop()
writer = tf.summary.create_file_writer("logs")

step = 0
for epoch in range(EPOCHS):
    for batch in dataset:
        with tf.GradientTape() as tape:
            reconstruction = model(batch)
            loss = tf.reduce_mean(tf.square(batch - reconstruction))
        gradients = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        with writer.as_default():
            tf.summary.scalar("reconstruction_loss", loss, step=step)
        step += 1
    print(f"epoch {epoch}: reconstruction loss {loss.numpy():.4f}")

writer.flush()
