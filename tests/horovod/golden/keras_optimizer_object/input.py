import tensorflow as tf

(images, labels), _ = tf.keras.datasets.mnist.load_data()
dataset = tf.data.Dataset.from_tensor_slices((images / 255.0, labels)).batch(64).repeat()

model = tf.keras.models.Sequential(
    [tf.keras.layers.Flatten(), tf.keras.layers.Dense(10, activation="softmax")]
)
opt = tf.keras.optimizers.Adam(0.001)
model.compile(loss="sparse_categorical_crossentropy", optimizer=opt, metrics=["accuracy"])

callbacks = [tf.keras.callbacks.TensorBoard(log_dir="./logs")]
model.fit(dataset.take(500), steps_per_epoch=100, epochs=5, verbose=2, callbacks=callbacks)
model.evaluate(dataset.take(10), verbose=2)
model.save("mnist_model")
