"""A next-word model (Embedding, Bidirectional LSTM, softmax over the vocabulary) trained with
``categorical_crossentropy`` on the integer ids of the next words.

Rebuilt from the StackOverflow question "Error while using categorical_crossentropy" (mirrored
at https://www.developerload.com/error-while-using-categoricalcrossentropy): n-gram sequences
from a ``Tokenizer``, ``pad_sequences``, ``Embedding(num, 64, input_length=max_len-1)``,
``Bidirectional(LSTM(32))``, ``Dense(num, activation='softmax')``, targets of shape (453, 1).
Fixed twin: the answer's ``to_categorical(Y, num_classes=num)``.
"""

import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import LSTM, Bidirectional, Dense, Embedding
from tensorflow.keras.preprocessing.sequence import pad_sequences
from tensorflow.keras.preprocessing.text import Tokenizer

corpus = [
    "the quick brown fox jumps over the lazy dog",
    "a journey of a thousand miles begins with a single step",
    "all that glitters is not gold",
]
tokenizer = Tokenizer()
tokenizer.fit_on_texts(corpus)
num = len(tokenizer.word_index) + 1

sequences = []
for line in corpus:
    tokens = tokenizer.texts_to_sequences([line])[0]
    for i in range(1, len(tokens)):
        sequences.append(tokens[: i + 1])
max_len = max(len(sequence) for sequence in sequences)
sequences = np.array(pad_sequences(sequences, maxlen=max_len, padding="pre"))
X, Y = sequences[:, :-1], sequences[:, -1:]

model = tf.keras.Sequential()
model.add(Embedding(num, 64, input_length=max_len - 1))
model.add(Bidirectional(LSTM(32)))
model.add(Dense(num, activation="softmax"))
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
Y = tf.keras.utils.to_categorical(Y, num_classes=num)
history = model.fit(X, Y, epochs=1, verbose=0)
