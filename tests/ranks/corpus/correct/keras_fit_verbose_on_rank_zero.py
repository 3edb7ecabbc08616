"""Keras fit with hvd.DistributedOptimizer and the broadcast callback on every rank; only the verbosity and the saving depend on the rank."""

import horovod.tensorflow.keras as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
features = rng.normal(size=(64, 6)).astype(np.float32)
labels = (features.sum(axis=1) > 0).astype(np.float32)

model = tf.keras.Sequential(
    [
        tf.keras.Input(shape=(6,)),
        tf.keras.layers.Dense(8, activation="relu"),
        tf.keras.layers.Dense(1),
    ]
)
optimizer = hvd.DistributedOptimizer(tf.keras.optimizers.SGD(0.01 * hvd.size()))
model.compile(optimizer=optimizer, loss=tf.keras.losses.BinaryCrossentropy(from_logits=True))

callbacks = [
    hvd.callbacks.BroadcastGlobalVariablesCallback(0),
    hvd.callbacks.MetricAverageCallback(),
]
model.fit(
    features,
    labels,
    batch_size=16,
    epochs=2,
    callbacks=callbacks,
    verbose=1 if hvd.rank() == 0 else 0,
)
if hvd.rank() == 0:
    model.save_weights("final_weights")
