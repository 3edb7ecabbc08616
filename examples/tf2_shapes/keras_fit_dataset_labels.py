"""A Keras classifier trained with ``fit`` on a ``tf.data`` pipeline.

The model is compiled with ``categorical_crossentropy``, which needs one-hot labels shaped like
its output, but the dataset yields integer class labels: Keras fails when ``fit`` traces the first
training step. ``tensorls check`` reports it, in Keras's words, before the script runs.
"""

import numpy as np
import tensorflow as tf

samples, features, classes = 512, 20, 10
x = np.random.rand(samples, features).astype("float32")
y = np.random.randint(0, classes, size=samples)


def normalise(row, label):
    return (row - 0.5) * 2.0, label


dataset = (
    tf.data.Dataset.from_tensor_slices((x, y))
    .map(normalise)
    .shuffle(samples)
    .batch(64)
    .prefetch(tf.data.AUTOTUNE)
)
model = tf.keras.Sequential(
    [
        tf.keras.layers.Dense(64, activation="relu", input_shape=(features,)),
        tf.keras.layers.Dense(classes, activation="softmax"),
    ]
)
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
model.fit(dataset, epochs=2, verbose=0)  # BUG: labels must be one-hot (or the loss sparse)
print(model.predict(x[:4], verbose=0))
