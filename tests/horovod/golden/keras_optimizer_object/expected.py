import tensorflow as tf
import horovod.tensorflow.keras as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")

(images, labels), _ = tf.keras.datasets.mnist.load_data()
dataset = tf.data.Dataset.from_tensor_slices((images / 255.0, labels)).batch(64).repeat()

model = tf.keras.models.Sequential(
    [tf.keras.layers.Flatten(), tf.keras.layers.Dense(10, activation="softmax")]
)
opt = hvd.DistributedOptimizer(tf.keras.optimizers.Adam(0.001 * hvd.size()))
model.compile(loss="sparse_categorical_crossentropy", optimizer=opt, metrics=["accuracy"])

callbacks = [*([tf.keras.callbacks.TensorBoard(log_dir="./logs")] if hvd.rank() == 0 else [])]
model.fit(dataset.take(500 // hvd.size()), steps_per_epoch=100 // hvd.size(), epochs=5, verbose=2 if hvd.rank() == 0 else 0, callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0), *callbacks])
model.evaluate(dataset.take(10), verbose=2 if hvd.rank() == 0 else 0)
if hvd.rank() == 0:
    model.save("mnist_model")
