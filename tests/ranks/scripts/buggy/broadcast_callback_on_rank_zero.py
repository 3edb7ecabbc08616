import horovod.tensorflow.keras as hvd
import numpy as np
import tensorflow as tf

hvd.init()
model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.SGD(0.01)), loss="mse")
callbacks = []
if hvd.rank() == 0:
    callbacks.append(hvd.callbacks.BroadcastGlobalVariablesCallback(0))
x = np.zeros((16, 4), dtype=np.float32)
y = np.zeros((16, 1), dtype=np.float32)
model.fit(x, y, batch_size=4, epochs=1, callbacks=callbacks, verbose=0)  # expect: rank-divergent-collective
