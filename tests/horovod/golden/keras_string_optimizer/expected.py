import numpy as np
from tensorflow import keras
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

x = np.zeros((32, 4), dtype="float32")
y = np.zeros((32, 1), dtype="float32")

inputs = keras.Input(shape=(4,))
outputs = keras.layers.Dense(1)(inputs)
model = keras.Model(inputs, outputs)
model.compile(optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.Adam(learning_rate=0.001 * hvd.size())), loss="mse")
if hvd.rank() == 0:
    model.summary()
model.fit(
    hvd_shard(x),
    hvd_shard(y),
    epochs=2,
    callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0), hvd.callbacks.MetricAverageCallback(), *([keras.callbacks.ModelCheckpoint("model.h5")] if hvd.rank() == 0 else []), keras.callbacks.EarlyStopping()],
    verbose=1 if hvd.rank() == 0 else 0,
)
if hvd.rank() == 0:
    model.save_weights("weights.h5")
if hvd.rank() == 0:
    print("done")
