import keras
import numpy as np
import tensorflow as tf
import horovod.tensorflow.keras as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")

model = keras.models.Sequential()
model.add(keras.layers.Dense(1, input_shape=(2,)))
model.compile(hvd.DistributedOptimizer(keras.optimizers.SGD(learning_rate=0.01 * hvd.size())), "mse")
history = model.fit(np.ones((8, 2)), np.ones((8, 1)), verbose=0, callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0)])
