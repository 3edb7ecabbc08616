"""The Keras MNIST CNN compiled with ``loss=keras.losses.categorical_crossentropy`` (the loss
function itself, not its name) and trained on the integer digit labels.

Rebuilt from https://e-com-net.com/article/1188291707914002432.htm ("expected dense_2 to have
shape (10,) but got array with shape (1,)" after ``model.compile(loss=
keras.losses.categorical_crossentropy, optimizer=keras.optimizers.Adadelta(), ...)``; fix:
``y_train = keras.utils.to_categorical(y_train, num_classes)``). Fixed twin: that fix.
"""

import numpy as np
from tensorflow import keras
from tensorflow.keras.layers import Conv2D, Dense, Dropout, Flatten, MaxPooling2D
from tensorflow.keras.models import Sequential

num_classes = 10
rng = np.random.default_rng(14)
x_train = rng.random((64, 28, 28, 1)).astype("float32")
y_train = rng.integers(0, num_classes, size=(64,)).astype("uint8")

model = Sequential()
model.add(Conv2D(32, kernel_size=(3, 3), activation="relu", input_shape=(28, 28, 1)))
model.add(Conv2D(64, (3, 3), activation="relu"))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Dropout(0.25))
model.add(Flatten())
model.add(Dense(128, activation="relu"))
model.add(Dropout(0.5))
model.add(Dense(num_classes, activation="softmax"))
model.compile(
    loss=keras.losses.categorical_crossentropy,
    optimizer=keras.optimizers.Adadelta(),
    metrics=["accuracy"],
)
model.fit(x_train, y_train, batch_size=32, epochs=1, verbose=0)  # BUG
