import tensorflow as tf
import horovod.tensorflow.keras as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.Adam(learning_rate=1e-3 * hvd.size())), loss="mse")
if hvd.rank() == 0:
    print(model.summary())
callbacks = [tf.keras.callbacks.EarlyStopping(patience=2)]
if hvd.rank() == 0:
    callbacks.append(tf.keras.callbacks.ModelCheckpoint("./checkpoint-{epoch}.h5"))
logger = tf.keras.callbacks.CSVLogger("log.csv")
model.fit(tf.ones([8, 2]), tf.ones([8, 1]), epochs=3, callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0), *(callbacks + [*([logger] if hvd.rank() == 0 else [])])], verbose=1 if hvd.rank() == 0 else 0)
