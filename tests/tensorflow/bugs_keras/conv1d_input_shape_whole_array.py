"""A one-layer Conv1D declared with ``input_shape=X.shape``, the shape of the whole training
array (569 samples of 30 features), then fitted on that array.

Rebuilt from the StackOverflow question "Dimension of shape in conv1D" (mirrored at
https://newbetuts.com/43396572-dimension-of-shape-in-conv1d): ``X = datasetTraining[:, 1:31]``,
``model.add(Conv1D(2, 2, activation='relu', input_shape=X.shape))``, ``model.fit(X, Y,
epochs=150, batch_size=5)``. Fixed twin: the answer's ``X = np.expand_dims(X, axis=2)`` with
``input_shape=(30, 1)``, and a Flatten and a sigmoid unit for the 0/1 labels.
"""

import numpy
from keras.layers import Conv1D
from keras.models import Sequential

numpy.random.seed(7)
datasetTraining = numpy.random.rand(569, 31)
datasetTraining[:, 0] = datasetTraining[:, 0] > 0.5
X = datasetTraining[:, 1:31]
Y = datasetTraining[:, 0]

model = Sequential()
model.add(Conv1D(2, 2, activation="relu", input_shape=X.shape))
model.compile(loss="binary_crossentropy", optimizer="adam", metrics=["accuracy"])
model.fit(X, Y, epochs=1, batch_size=5, verbose=0)  # BUG
