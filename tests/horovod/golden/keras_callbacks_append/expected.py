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

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.Adam(learning_rate=1e-3 * hvd.size())), loss="mse")
if hvd.rank() == 0:
    print(model.summary())
callbacks = [tf.keras.callbacks.EarlyStopping(patience=2)]
if hvd.rank() == 0:
    callbacks.append(tf.keras.callbacks.ModelCheckpoint("./checkpoint-{epoch}.h5"))
logger = tf.keras.callbacks.CSVLogger("log.csv")
model.fit(hvd_shard(tf.ones([8, 2])), hvd_shard(tf.ones([8, 1])), epochs=3, callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0), hvd.callbacks.MetricAverageCallback(), *(callbacks + [*([logger] if hvd.rank() == 0 else [])])], verbose=1 if hvd.rank() == 0 else 0)
