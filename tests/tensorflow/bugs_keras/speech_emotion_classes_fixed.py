"""A speech-emotion CNN ending in ``Dense(10)`` trained on one-hot labels of the 4 emotions
present in the data.

Rebuilt from https://github.com/MiteshPuthran/Speech-Emotion-Analyzer/issues/52 ("Shapes (None,
4) and (None, 10) are incompatible" at ``cnnhistory=model.fit(x_traincnn, y_train,
batch_size=16, epochs=700, validation_data=(x_testcnn, y_test))``; labels from ``LabelEncoder``
and ``np_utils.to_categorical``, the notebook's Conv1D model over (216, 1) MFCC frames). Fixed
twin: the last Dense has one unit per label class.
"""

import numpy as np
from tensorflow.keras.layers import Activation, Conv1D, Dense, Dropout, Flatten, MaxPooling1D
from tensorflow.keras.models import Sequential
from tensorflow.keras.utils import to_categorical

rng = np.random.default_rng(15)
x_traincnn = rng.random((48, 216, 1)).astype("float32")
labels = rng.integers(0, 4, size=(48,))
y_train = to_categorical(labels, 4)

model = Sequential()
model.add(Conv1D(256, 5, padding="same", input_shape=(216, 1)))
model.add(Activation("relu"))
model.add(Conv1D(128, 5, padding="same"))
model.add(Activation("relu"))
model.add(Dropout(0.1))
model.add(MaxPooling1D(pool_size=8))
model.add(Flatten())
model.add(Dense(4))
model.add(Activation("softmax"))
model.compile(loss="categorical_crossentropy", optimizer="rmsprop", metrics=["accuracy"])
cnnhistory = model.fit(x_traincnn, y_train, batch_size=16, epochs=1, verbose=0)
