"""Validation (and its MetricAverageCallback) is set up on rank 0 only: rank 0's fit allreduces the epoch's metrics while the other ranks, without that callback, never submit them.

Source: https://github.com/horovod/horovod/issues/600 ("Do I run the validation metrics on just hvd.rank 0?": stalled MetricAverageCallback allreduces, "missing ranks: 1, 2, ...").
Rank source: hvd.rank().
Framework: Horovod (Keras).
"""

import numpy as np
import tensorflow as tf
import horovod.tensorflow.keras as hvd

hvd.init()
rng = np.random.default_rng(hvd.rank())
features, labels = rng.normal(size=(32, 8)), rng.normal(size=(32, 1))
model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu"), tf.keras.layers.Dense(1)])
model.compile(optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.SGD(0.01)), loss="mse")
callbacks = [hvd.callbacks.BroadcastGlobalVariablesCallback(0)]
validation_data = None
if hvd.rank() == 0:
    callbacks.append(hvd.callbacks.MetricAverageCallback())
    validation_data = (rng.normal(size=(8, 8)), rng.normal(size=(8, 1)))
fit_options = {"batch_size": 8, "epochs": 2, "verbose": 0}
model.fit(features, labels, callbacks=callbacks, validation_data=validation_data, **fit_options)  # expect: rank-divergent-collective
