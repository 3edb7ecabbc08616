"""A flat face image reshaped to (57, 47) and given to a Conv2D: the convolution needs a channel
axis, and Keras raises when the layer is added.

Rebuilt from https://github.com/keras-team/keras/issues/3385 ("Input 0 is incompatible with
layer convolution2d_2: expected ndim=4, found ndim=3"; ``Reshape((57, 47),
input_shape=(2679,))`` then ``Convolution2D(10, 5, 5, border_mode='same')``). Fixed twin:
``Reshape((57, 47, 1))`` as the answer suggests (channels last).
"""

import numpy as np
from tensorflow.keras.layers import (
    Activation,
    Conv2D,
    Dense,
    Dropout,
    Flatten,
    MaxPooling2D,
    Reshape,
)
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(2)
faces = rng.random((40, 2679)).astype("float32")
identities = np.eye(40, dtype="float32")

model = Sequential()
model.add(Reshape((57, 47), input_shape=(2679,)))
model.add(Conv2D(10, (5, 5), padding="same"))  # BUG
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Dropout(0.5))
model.add(Conv2D(15, (5, 5), padding="same"))
model.add(MaxPooling2D(pool_size=(2, 2)))
model.add(Dropout(0.5))
model.add(Flatten())
model.add(Dense(2000))
model.add(Activation("tanh"))
model.add(Dense(40))
model.add(Activation("softmax"))
model.compile(optimizer="rmsprop", loss="categorical_crossentropy", metrics=["accuracy"])
model.fit(faces, identities, epochs=1, batch_size=8, verbose=0)
