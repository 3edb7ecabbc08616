"""A two-input Keras model: a text tower and a numeric-features tower merged into one head.

The towers end in ``Dense`` layers of different widths, and ``Add`` needs equal sizes (it is not
``Concatenate``): Keras refuses to build the layer. ``tensorls check`` reports it with Keras's
message, and knows the model's two inputs when it is trained on a list of arrays.
"""

import numpy as np
import tensorflow as tf

layers = tf.keras.layers

tokens = tf.keras.Input(shape=(40,), dtype="int32", name="tokens")
numbers = tf.keras.Input(shape=(12,), name="numbers")

text = layers.Embedding(5000, 32)(tokens)
text = layers.GlobalAveragePooling1D()(text)
text = layers.Dense(64, activation="relu")(text)

numeric = layers.Dense(32, activation="relu")(numbers)

merged = layers.Add()([text, numeric])  # BUG: widths 64 and 32 (Concatenate would fit)
output = layers.Dense(1, activation="sigmoid")(merged)

model = tf.keras.Model(inputs=[tokens, numbers], outputs=output)
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit([np.zeros((256, 40), "int32"), np.zeros((256, 12))], np.zeros((256, 1)), verbose=0)
