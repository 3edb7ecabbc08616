"""DCGAN-tutorial style on vectors: a generator and a discriminator, two tapes and two optimizers
in one @tf.function step, over batches of "real" samples from a tf.data pipeline."""

import numpy as np
import tensorflow as tf

tf.random.set_seed(4)
real = np.random.default_rng(4).normal(1.0, 0.3, size=(192, 2)).astype("float32")
real_batches = tf.data.Dataset.from_tensor_slices(real).shuffle(192, seed=4).batch(24)

generator = tf.keras.Sequential(
    [tf.keras.layers.Dense(8, activation="relu", input_shape=(3,)), tf.keras.layers.Dense(2)]
)
discriminator = tf.keras.Sequential(
    [tf.keras.layers.Dense(8, activation="relu", input_shape=(2,)), tf.keras.layers.Dense(1)]
)
cross_entropy = tf.keras.losses.BinaryCrossentropy(from_logits=True)
generator_optimizer = tf.keras.optimizers.Adam(1e-3)
discriminator_optimizer = tf.keras.optimizers.Adam(1e-3)


@tf.function
def train_step(real_batch):
    noise = tf.random.normal([tf.shape(real_batch)[0], 3])
    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
        fake = generator(noise, training=True)
        real_output = discriminator(real_batch, training=True)
        fake_output = discriminator(fake, training=True)
        gen_loss = cross_entropy(tf.ones_like(fake_output), fake_output)
        disc_loss = cross_entropy(tf.ones_like(real_output), real_output) + cross_entropy(
            tf.zeros_like(fake_output), fake_output
        )
    gen_grads = gen_tape.gradient(gen_loss, generator.trainable_variables)
    disc_grads = disc_tape.gradient(disc_loss, discriminator.trainable_variables)
    generator_optimizer.apply_gradients(zip(gen_grads, generator.trainable_variables))
    discriminator_optimizer.apply_gradients(zip(disc_grads, discriminator.trainable_variables))
    return gen_loss, disc_loss


for epoch in range(2):
    for batch in real_batches:
        g, d = train_step(batch)
    print("epoch", epoch, "generator", float(g), "discriminator", float(d))
