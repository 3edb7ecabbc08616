"""Rank 0 alone calls train_on_batch on a model compiled with hvd.DistributedOptimizer: its gradient allreduce fails with "Horovod has been shut down" once rank 1 has finished."""

import horovod.tensorflow.keras as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
model = tf.keras.Sequential([tf.keras.Input(shape=(5,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.SGD(0.01)), loss="mse")
model.fit(
    rng.normal(size=(32, 5)),
    rng.normal(size=(32, 1)),
    batch_size=8,
    epochs=1,
    callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0)],
    verbose=0,
)

if hvd.rank() == 0:
    extra_features = rng.normal(size=(8, 5))
    extra_targets = rng.normal(size=(8, 1))
    model.train_on_batch(extra_features, extra_targets)  # expect: rank-divergent-collective
    model.save_weights("tuned_weights")
