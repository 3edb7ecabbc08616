import tensorflow as tf
from tensorflow import keras
import horovod.tensorflow.keras as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")

model = keras.Sequential([keras.layers.Dense(1)])
model.compile(optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.legacy.SGD(learning_rate=0.01 * hvd.size())), loss="mse")
model.fit(tf.ones([8, 2]), tf.ones([8, 1]), epochs=2, callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0)], verbose=1 if hvd.rank() == 0 else 0)
