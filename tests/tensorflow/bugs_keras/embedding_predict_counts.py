"""A text classifier over padded sequences of 18 word ids asked to predict on rows of a bag of
words matrix (``texts_to_matrix``, one column per vocabulary word) instead of padded sequences.

Rebuilt from https://github.com/keras-team/keras/issues/13198 ("expected embedding_6_input to
have shape (18,) but got array with shape (2000,)", ``prediction =
model.predict(np.array([x_t]))`` for each ``x_t`` of the tokenized texts). Fixed twin: the texts
go through ``texts_to_sequences`` and ``pad_sequences(maxlen=18)`` as in training.
"""

import numpy as np
from tensorflow.keras.layers import Dense, Embedding, GlobalAveragePooling1D
from tensorflow.keras.models import Sequential
from tensorflow.keras.preprocessing.text import Tokenizer

texts = ["the cat sat on the mat", "dogs bark at night", "a bird sings in the morning"]
tokenizer = Tokenizer(num_words=2000)
tokenizer.fit_on_texts(texts)

model = Sequential()
model.add(Embedding(2000, 8, input_length=18))
model.add(GlobalAveragePooling1D())
model.add(Dense(3, activation="softmax"))

x_tokenized = tokenizer.texts_to_matrix(texts)
for x_t in x_tokenized:
    prediction = model.predict(np.array([x_t]), verbose=0)  # BUG
    print(prediction.shape)
