"""Horovod's documented idiom: the broadcast and metric-average callbacks are on every rank, and only the ModelCheckpoint callback (no collective) is added on rank 0."""

import horovod.tensorflow.keras as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
features = rng.normal(size=(48, 4)).astype(np.float32)
labels = rng.integers(0, 3, size=48)

model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(3)])
model.compile(
    optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.SGD(0.01)),
    loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    metrics=["accuracy"],
)

callbacks = [
    hvd.callbacks.BroadcastGlobalVariablesCallback(0),
    hvd.callbacks.MetricAverageCallback(),
]
if hvd.rank() == 0:
    callbacks.append(tf.keras.callbacks.ModelCheckpoint("checkpoint-{epoch}.h5", save_weights_only=True))
model.fit(features, labels, batch_size=8, epochs=2, callbacks=callbacks, verbose=0)
