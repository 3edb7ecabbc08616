"""A CNN declared for 128x128 images trained on 256x256 images.

Rebuilt from https://github.com/keras-team/keras/issues/19367 (Conv2D layers with
``input_shape=(128, 128, 3)``, trained on 256x256 RGB images; the maintainer's answer: the
declared input does not fit the data). Fixed twin: ``input_shape=(256, 256, 3)``.
"""

import numpy as np
from keras.layers import Conv2D, Dense, Flatten, MaxPool2D
from keras.models import Sequential

rng = np.random.default_rng(7)
training_images = rng.random((8, 256, 256, 3)).astype("float32")
training_labels = rng.integers(0, 2, size=(8, 1)).astype("float32")

model = Sequential()
model.add(Conv2D(16, (3, 3), activation="relu", input_shape=(128, 128, 3)))
model.add(MaxPool2D(2, 2))
model.add(Conv2D(32, (3, 3), activation="relu"))
model.add(MaxPool2D(2, 2))
model.add(Flatten())
model.add(Dense(64, activation="relu"))
model.add(Dense(1, activation="sigmoid"))
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
history = model.fit(training_images, training_labels, epochs=1, batch_size=4, verbose=0)  # BUG
