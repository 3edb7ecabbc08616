"""DCGAN tutorial style (tensorflow/docs site/en/tutorials/generative/dcgan.ipynb, commit
7c36502): a generator with BatchNormalization, a ``train`` function whose epochs call a helper
that saves samples (here with ``np.save``, next to the script), and module code that reads the
last samples back after ``train(...)``."""

import os

import numpy as np
import tensorflow as tf

SAMPLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "samples_epoch_{:02d}.npy")
EPOCHS = 2

tf.random.set_seed(5)
real = np.random.default_rng(5).normal(1.0, 0.3, size=(192, 2)).astype("float32")
dataset = tf.data.Dataset.from_tensor_slices(real).shuffle(192, seed=5).batch(24)

generator = tf.keras.Sequential(
    [
        tf.keras.layers.Dense(8, use_bias=False, input_shape=(3,)),
        tf.keras.layers.BatchNormalization(),
        tf.keras.layers.LeakyReLU(),
        tf.keras.layers.Dense(2),
    ]
)
discriminator = tf.keras.Sequential(
    [tf.keras.layers.Dense(8, activation="relu", input_shape=(2,)), tf.keras.layers.Dense(1)]
)
cross_entropy = tf.keras.losses.BinaryCrossentropy(from_logits=True)
generator_optimizer = tf.keras.optimizers.Adam(1e-3)
discriminator_optimizer = tf.keras.optimizers.Adam(1e-3)
seed = tf.random.normal([4, 3], seed=6)


@tf.function
def train_step(batch):
    noise = tf.random.normal([tf.shape(batch)[0], 3])
    with tf.GradientTape() as gen_tape, tf.GradientTape() as disc_tape:
        fake = generator(noise + tf.reduce_mean(batch), training=True)
        real_output = discriminator(batch, training=True)
        fake_output = discriminator(fake, training=True)
        gen_loss = cross_entropy(tf.ones_like(fake_output), fake_output)
        disc_loss = cross_entropy(tf.ones_like(real_output), real_output) + cross_entropy(
            tf.zeros_like(fake_output), fake_output
        )
    gen_grads = gen_tape.gradient(gen_loss, generator.trainable_variables)
    disc_grads = disc_tape.gradient(disc_loss, discriminator.trainable_variables)
    generator_optimizer.apply_gradients(zip(gen_grads, generator.trainable_variables))
    discriminator_optimizer.apply_gradients(zip(disc_grads, discriminator.trainable_variables))


def save_samples(model, epoch, test_input):
    np.save(SAMPLES.format(epoch), model(test_input, training=False).numpy())


def train(data, epochs):
    for epoch in range(epochs):
        for batch in data:
            train_step(batch)
        save_samples(generator, epoch + 1, seed)


train(dataset, EPOCHS)

last = np.load(SAMPLES.format(EPOCHS))
print("last samples", last.shape, float(np.abs(last).mean()))
