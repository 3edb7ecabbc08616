"""Keras training on a `tf.data` pipeline with a learning-rate schedule and logging callbacks.

Uses `from tensorflow import keras` and `keras.models.Sequential`; the optimizer is an object
built from an `ExponentialDecay` schedule and passed to `compile` through a variable. TensorBoard
and `ModelCheckpoint` callbacks write during `fit`, which runs a fixed number of steps per epoch on
a repeated dataset; the model is evaluated and saved at the end.
"""

import numpy as np
import tensorflow as tf
from tensorflow import keras

NUM_SAMPLES = 2048
NUM_FEATURES = 6
BATCH_SIZE = 32
STEPS_PER_EPOCH = 24

rng = np.random.default_rng()
features = rng.normal(size=(NUM_SAMPLES, NUM_FEATURES)).astype("float32")
labels = (features[:, 0] * features[:, 1] + features[:, 2] > 0).astype("float32")

train_data = (
    tf.data.Dataset.from_tensor_slices((features, labels))
    .shuffle(NUM_SAMPLES)
    .batch(BATCH_SIZE)
    .repeat()
)

model = keras.models.Sequential(
    [
        keras.layers.Dense(32, activation="relu", input_shape=(NUM_FEATURES,)),
        keras.layers.Dense(32, activation="relu"),
        keras.layers.Dense(1, activation="sigmoid"),
    ]
)
model.summary()

schedule = keras.optimizers.schedules.ExponentialDecay(
    initial_learning_rate=0.005, decay_steps=50, decay_rate=0.8
)
optimizer = keras.optimizers.Adam(schedule)
model.compile(optimizer=optimizer, loss="binary_crossentropy", metrics=["accuracy"])

callbacks = [
    keras.callbacks.TensorBoard(log_dir="tensorboard"),
    keras.callbacks.ModelCheckpoint("best.h5", monitor="loss", save_best_only=True),
]
model.fit(train_data, steps_per_epoch=STEPS_PER_EPOCH, epochs=3, callbacks=callbacks)

loss, accuracy = model.evaluate(features, labels, batch_size=256)
print(f"loss {loss:.4f}  accuracy {accuracy:.3f}")
model.save("model.h5")
