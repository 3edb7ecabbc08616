"""A split tf.data pipeline: the training part is sharded after its take, never divided."""
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

if hvd.rank() == 0:
    print("TensorFlow", tf.__version__)

from tensorflow import keras

features = np.random.rand(100, 4).astype("float32")
labels = np.random.randint(0, 2, size=100)
full = tf.data.Dataset.from_tensor_slices((features, labels))
train = hvd_shard(full.take(80)).shuffle(80).batch(8)
val = full.skip(80).batch(8)

model = keras.Sequential([keras.layers.Dense(2)])
model.compile(optimizer=hvd.DistributedOptimizer(keras.optimizers.Adam(learning_rate=1e-3 * hvd.size())), loss="sparse_categorical_crossentropy")

saver = keras.callbacks.ModelCheckpoint("last.h5")
if len(features) > 50:
    saver = keras.callbacks.ModelCheckpoint("best.h5", save_best_only=True)
model.fit(train, validation_data=val, epochs=2, callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0), *([saver] if hvd.rank() == 0 else [])], verbose=1 if hvd.rank() == 0 else 0)
model.fit(train.repeat().take(20 // hvd.size()), epochs=1, verbose=1 if hvd.rank() == 0 else 0, callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0)])
