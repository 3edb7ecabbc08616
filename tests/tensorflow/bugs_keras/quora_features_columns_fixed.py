"""A duplicate-question model with two token inputs and an input of 24 hand-made features,
asked to predict on a feature table of 31 columns.

Rebuilt from https://github.com/aerdem4/kaggle-quora-dup/issues/2 ("expected input_3 to have
shape (None, 24) but got array with shape (200001, 31)" at ``preds = model.predict([test_data_1,
test_data_2, features_test], batch_size=BATCH_SIZE, verbose=1)``). Fixed twin: the test
features keep the 24 training columns.
"""

import numpy as np
from tensorflow.keras.layers import LSTM, Dense, Embedding, Input, concatenate
from tensorflow.keras.models import Model

MAX_SEQUENCE_LENGTH = 30
BATCH_SIZE = 64
rng = np.random.default_rng(13)

seq1 = Input(shape=(MAX_SEQUENCE_LENGTH,), dtype="int32")
seq2 = Input(shape=(MAX_SEQUENCE_LENGTH,), dtype="int32")
magic_input = Input(shape=(24,))
emb = Embedding(1000, 16)
lstm = LSTM(8)
merged = concatenate([lstm(emb(seq1)), lstm(emb(seq2)), Dense(8, activation="relu")(magic_input)])
pred = Dense(1, activation="sigmoid")(merged)
model = Model(inputs=[seq1, seq2, magic_input], outputs=pred)

test_data_1 = rng.integers(0, 1000, size=(128, MAX_SEQUENCE_LENGTH))
test_data_2 = rng.integers(0, 1000, size=(128, MAX_SEQUENCE_LENGTH))
features_test = rng.random((128, 24)).astype("float32")
preds = model.predict([test_data_1, test_data_2, features_test], batch_size=BATCH_SIZE, verbose=0)
