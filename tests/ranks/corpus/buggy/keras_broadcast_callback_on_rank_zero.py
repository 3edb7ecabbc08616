"""The callback list holds BroadcastGlobalVariablesCallback only on rank 0, so rank 0 broadcasts after the first batch while rank 1 averages its next gradients: the job hangs."""

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
)

callbacks = []
if hvd.rank() == 0:
    callbacks.append(hvd.callbacks.BroadcastGlobalVariablesCallback(0))
    callbacks.append(tf.keras.callbacks.CSVLogger("training.csv"))
model.fit(features, labels, batch_size=8, epochs=1, callbacks=callbacks, verbose=0)  # expect: rank-divergent-collective
