"""After distributed fit, rank 0 evaluates the model: evaluate never applies the DistributedOptimizer and no metric-average callback is passed, so it does no collective."""

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
    held_out = np.random.default_rng(7)
    validation_loss = model.evaluate(held_out.normal(size=(16, 5)), held_out.normal(size=(16, 1)), verbose=0)
    print(f"validation loss {validation_loss:.4f}")
