"""Labels numbered 1 to 7 one-hot encoded by ``to_categorical`` without ``num_classes``: it
infers ``max + 1 = 8`` classes, one more than the model's 7 outputs.

Rebuilt from https://github.com/tensorflow/tensorflow/issues/52060 ("ValueError: Shapes (None,
8) and (None, 7) are incompatible" in ``train_step`` with ``categorical_crossentropy``). Fixed
twin: the labels are shifted to start at 0 (``y - 1``).
"""

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(17)
x = rng.random((70, 20)).astype("float32")
y = np.tile(np.arange(1, 8), 10)
y_onehot = tf.keras.utils.to_categorical(y - 1)

model = tf.keras.Sequential(
    [
        tf.keras.layers.Dense(32, activation="relu", input_shape=(20,)),
        tf.keras.layers.Dense(7, activation="softmax"),
    ]
)
model.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
model.fit(x, y_onehot, epochs=1, verbose=0)
