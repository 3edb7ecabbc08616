"""Imbalanced-data tutorial style (tensorflow/docs site/en/tutorials/structured_data/
imbalanced_data.ipynb, commit 7c36502): the initial weights are saved into a fresh
``tempfile.mkdtemp()`` folder, then every model reloads them from that path before training."""

import os
import tempfile

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(7)
rng = np.random.default_rng(7)
features = rng.normal(size=(96, 4)).astype("float32")
labels = (features[:, 0] + 0.5 * features[:, 1] > 0.8).astype("float32")


def make_model():
    model = tf.keras.Sequential(
        [tf.keras.layers.Dense(8, activation="relu", input_shape=(4,)), tf.keras.layers.Dense(1)]
    )
    model.compile(
        optimizer=tf.keras.optimizers.Adam(1e-2),
        loss=tf.keras.losses.BinaryCrossentropy(from_logits=True),
    )
    return model


model = make_model()
initial_weights = os.path.join(tempfile.mkdtemp(), "initial_weights.h5")
model.save_weights(initial_weights)

model = make_model()
model.load_weights(initial_weights)
history = model.fit(features, labels, batch_size=16, epochs=2, verbose=2)
print("final loss", history.history["loss"][-1])
