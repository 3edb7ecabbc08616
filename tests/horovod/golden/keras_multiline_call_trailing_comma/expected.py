import tensorflow as tf
import horovod.tensorflow.keras as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(
    loss="mse",
    optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.SGD(
        learning_rate=0.01 * hvd.size(),  # tuned on one GPU
    )),
)
model.fit(
    tf.ones([8, 2]),
    tf.ones([8, 1]),
    epochs=1,
    verbose=1 if hvd.rank() == 0 else 0,
    callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0)],
)
