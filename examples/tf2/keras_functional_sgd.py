"""Three-class classification with a functional Keras model.

The model is built as `keras.Model(inputs, outputs)` from `from tensorflow import keras` and
compiled with an explicit `SGD(0.01)` optimizer object; the trained model is saved to HDF5.
"""

import numpy as np
import tensorflow as tf
from tensorflow import keras

NUM_SAMPLES = 1536
NUM_FEATURES = 10
NUM_CLASSES = 3

rng = np.random.default_rng()
centres = rng.normal(scale=3.0, size=(NUM_CLASSES, NUM_FEATURES)).astype("float32")
classes = rng.integers(0, NUM_CLASSES, size=NUM_SAMPLES)
samples = centres[classes] + rng.normal(size=(NUM_SAMPLES, NUM_FEATURES)).astype("float32")

inputs = keras.Input(shape=(NUM_FEATURES,))
hidden = keras.layers.Dense(32, activation="relu")(inputs)
outputs = keras.layers.Dense(NUM_CLASSES, activation="softmax")(hidden)
model = keras.Model(inputs, outputs)

model.compile(
    optimizer=tf.keras.optimizers.SGD(0.01),
    loss="sparse_categorical_crossentropy",
    metrics=["accuracy"],
)
history = model.fit(samples, classes, batch_size=32, epochs=3)

print("accuracy per epoch:", [round(value, 3) for value in history.history["accuracy"]])
model.save("classifier.h5")
