"""Beginner-quickstart style: a Sequential classifier on synthetic 28x28 images, trained with fit
on NumPy arrays, evaluated inside a print; a layer import that comes after the first print."""

import numpy as np
import tensorflow as tf

print("TensorFlow version:", tf.__version__)

from tensorflow.keras import layers  # noqa: E402

tf.random.set_seed(7)
rng = np.random.default_rng(7)
x_train = rng.random((128, 28, 28), dtype=np.float32)
y_train = rng.integers(0, 10, size=128)
x_test = rng.random((32, 28, 28), dtype=np.float32)
y_test = rng.integers(0, 10, size=32)

model = tf.keras.models.Sequential(
    [
        layers.Flatten(input_shape=(28, 28)),
        layers.Dense(32, activation="relu"),
        layers.Dropout(0.2),
        layers.Dense(10),
    ]
)
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
model.compile(optimizer="adam", loss=loss_fn, metrics=["accuracy"])
model.fit(x_train, y_train, batch_size=16, epochs=2, shuffle=False)
print("test accuracy:", model.evaluate(x_test, y_test, verbose=0)[1])
