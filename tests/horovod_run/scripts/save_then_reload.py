"""Save-and-restore tutorial style: train, save the whole model to HDF5 next to the script, load
it back on every process and check that the reloaded model predicts the same; write a summary
text file in the working directory."""

import os

import numpy as np
import tensorflow as tf

MODEL_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "regressor.h5")

tf.keras.utils.set_random_seed(21)
x = np.linspace(-1.0, 1.0, 160, dtype=np.float32).reshape(-1, 1)
y = 3.0 * x - 0.5


def build_model():
    model = tf.keras.Sequential(
        [tf.keras.layers.Dense(8, activation="relu", input_shape=(1,)), tf.keras.layers.Dense(1)]
    )
    model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss="mse")
    return model


model = build_model()
model.fit(x, y, epochs=2, batch_size=16, verbose=2, shuffle=False)
model.save(MODEL_FILE)

restored = tf.keras.models.load_model(MODEL_FILE)
difference = np.abs(restored.predict(x[:8], verbose=0) - model.predict(x[:8], verbose=0)).max()
print("largest difference after reloading:", difference)
with open("summary.txt", "w") as report:
    report.write(f"difference {difference}\n")
