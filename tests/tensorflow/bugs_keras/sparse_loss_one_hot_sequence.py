"""``sparse_categorical_crossentropy`` on a sequence model (outputs (batch, steps, 2)) given
one-hot targets (batch, steps, 2): the sparse loss wants one class id per step.

Rebuilt from https://github.com/keras-team/keras/issues/7749 ("sparse_categorical_crossentropy
requires a single output": ``Dense(2, input_shape=(None, 2))``, ``Activation('softmax')``,
``inp = np.array([[[2, 3]]])``, ``out = np.array([[[1, 0]]])``, ``model.fit(inp, out)``). Fixed
twin: the targets are the class ids, ``out.argmax(-1)``.
"""

import numpy as np
from tensorflow.keras.layers import Activation, Dense
from tensorflow.keras.models import Sequential

model = Sequential()
model.add(Dense(2, input_shape=(None, 2)))
model.add(Activation("softmax"))
model.compile(loss="sparse_categorical_crossentropy", optimizer="rmsprop", metrics=["accuracy"])

inp = np.array([[[2, 3]]])
out = np.array([[[1, 0]]])
model.fit(inp, out, verbose=0)  # BUG
