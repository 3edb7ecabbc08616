"""Tabular regression with per-sample weights, a piecewise-constant learning-rate schedule and a
NumPy validation set; weights saved at the end."""

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(13)
features = np.random.normal(size=(180, 5)).astype("float32")
target = features @ np.arange(1, 6, dtype="float32").reshape(5, 1)
importance = np.where(features[:, 0] > 0, 2.0, 1.0).astype("float32")
val_features = np.random.normal(size=(20, 5)).astype("float32")
val_target = val_features @ np.arange(1, 6, dtype="float32").reshape(5, 1)

boundaries_and_rates = tf.keras.optimizers.schedules.PiecewiseConstantDecay([20], [0.01, 0.005])
model = tf.keras.Sequential([tf.keras.Input(shape=(5,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.Adam(boundaries_and_rates), loss="mse")
model.fit(
    features,
    target,
    sample_weight=importance,
    batch_size=12,
    epochs=2,
    validation_data=(val_features, val_target),
    shuffle=False,
)
model.save_weights("weights/final")
