"""Keras fit on an infinite (repeated) tf.data pipeline with steps_per_epoch, a learning-rate
schedule, TensorBoard and CSVLogger callbacks, and the history written as JSON."""

import json

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(9)
x = np.random.rand(256, 4).astype("float32")
y = (x[:, :1] * 2.0 - x[:, 1:2]).astype("float32")
stream = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(256, seed=9).batch(16).repeat()

schedule = tf.keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate=0.02, decay_steps=10, decay_rate=0.9
)
model = tf.keras.Sequential([tf.keras.layers.Dense(6, activation="relu"), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=schedule), loss="mse")
history = model.fit(
    stream,
    steps_per_epoch=8,
    epochs=2,
    callbacks=[
        tf.keras.callbacks.TensorBoard(log_dir="tensorboard"),
        tf.keras.callbacks.CSVLogger("training.csv"),
    ],
)
with open("history.json", "w") as handle:
    json.dump(history.history, handle)
