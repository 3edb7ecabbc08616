"""A classifier ending in ``Dense(5, activation="sigmoid")`` trained with
``binary_crossentropy`` on one integer label per sample.

Rebuilt from https://github.com/fchollet/deep-learning-with-python-notebooks/issues/216
("`logits` and `labels` must have the same shape, received ((32, 5) vs (32, 1))", a text model
from the book's chapter 4 with five outputs and integer labels). Fixed twin: the labels are
one-hot encoded over the five classes.
"""

import numpy as np
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(16)
x_train = rng.integers(0, 2, size=(320, 1000)).astype("float32")
y_train = rng.integers(0, 5, size=(320,))

model = keras.Sequential(
    [
        layers.Dense(16, activation="relu"),
        layers.Dense(16, activation="relu"),
        layers.Dense(5, activation="sigmoid"),
    ]
)
model.compile(optimizer="rmsprop", loss="binary_crossentropy", metrics=["accuracy"])
model.fit(x_train, y_train, epochs=1, batch_size=32, verbose=0)  # BUG
