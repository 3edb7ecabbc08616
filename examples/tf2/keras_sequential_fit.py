"""Binary classification with a Keras Sequential model and `fit`.

Points inside a sphere are positives. The model is compiled with the "adam" optimizer given by
name; a `ModelCheckpoint` callback saves the weights after every epoch and the final weights are
saved with `save_weights`.
"""

import numpy as np
import tensorflow as tf

NUM_SAMPLES = 2048
NUM_FEATURES = 4

rng = np.random.default_rng()
points = rng.uniform(-1.0, 1.0, size=(NUM_SAMPLES, NUM_FEATURES)).astype("float32")
labels = (np.linalg.norm(points, axis=1) < 1.0).astype("float32")

model = tf.keras.Sequential(
    [
        tf.keras.Input(shape=(NUM_FEATURES,)),
        tf.keras.layers.Dense(16, activation="relu"),
        tf.keras.layers.Dense(16, activation="relu"),
        tf.keras.layers.Dense(1, activation="sigmoid"),
    ]
)
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])

checkpoint_callback = tf.keras.callbacks.ModelCheckpoint(
    "checkpoints/epoch-{epoch:02d}", save_weights_only=True
)
history = model.fit(points, labels, batch_size=64, epochs=4, callbacks=[checkpoint_callback])

print(f"final training accuracy: {history.history['accuracy'][-1]:.3f}")
model.save_weights("final_weights")
