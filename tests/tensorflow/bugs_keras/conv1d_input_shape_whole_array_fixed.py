"""Fixed twin of conv1d_input_shape_whole_array (StackOverflow, mirrored at
https://newbetuts.com/43396572-dimension-of-shape-in-conv1d): the samples get a step axis and
the Conv1D declares (30, 1); a Flatten and a sigmoid unit give one score per sample."""

import numpy
import numpy as np
from keras.layers import Conv1D, Dense, Flatten
from keras.models import Sequential

numpy.random.seed(7)
datasetTraining = numpy.random.rand(569, 31)
datasetTraining[:, 0] = datasetTraining[:, 0] > 0.5
X = datasetTraining[:, 1:31]
Y = datasetTraining[:, 0]
X = np.expand_dims(X, axis=2)

model = Sequential()
model.add(Conv1D(2, 2, activation="relu", input_shape=(30, 1)))
model.add(Flatten())
model.add(Dense(1, activation="sigmoid"))
model.compile(loss="binary_crossentropy", optimizer="adam", metrics=["accuracy"])
model.fit(X, Y, epochs=1, batch_size=5, verbose=0)
