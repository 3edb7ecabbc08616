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
def hvd_shard(data):
    # This rank's part: every hvd.size()-th element from index hvd.rank(), as many elements on
    # every rank (the remainder is left out) so that all ranks run the same number of steps.
    if isinstance(data, tf.data.Dataset):
        count = int(data.cardinality()) // hvd.size() * hvd.size()
        return data.take(count).shard(hvd.size(), hvd.rank())
    return data[hvd.rank() : len(data) // hvd.size() * hvd.size() : hvd.size()]


class Regressor(keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = keras.layers.Dense(8, activation="relu")
        self.out = keras.layers.Dense(1)

    def call(self, inputs):
        return self.out(self.hidden(inputs))


def build():
    net = Regressor()
    net.compile(loss="mse", optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.RMSprop(learning_rate=0.001 * hvd.size())))
    return net


regressor = build()
regressor.fit(hvd_shard(np.ones((16, 3))), hvd_shard(np.ones((16, 1))), 4, 2, verbose=1 if hvd.rank() == 0 else 0, callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0)])
loss = regressor.evaluate(np.ones((4, 3)), np.ones((4, 1)), verbose=1 if hvd.rank() == 0 else 0)
if hvd.rank() == 0:
    print("loss:", loss)
