"""Fixed twin of embedding_predict_counts (https://github.com/keras-team/keras/issues/13198):
the texts are turned into padded sequences of 18 ids, as in training."""

import numpy as np
from tensorflow.keras.layers import Dense, Embedding, GlobalAveragePooling1D
from tensorflow.keras.models import Sequential
from tensorflow.keras.preprocessing.sequence import pad_sequences
from tensorflow.keras.preprocessing.text import Tokenizer

texts = ["the cat sat on the mat", "dogs bark at night", "a bird sings in the morning"]
tokenizer = Tokenizer(num_words=2000)
tokenizer.fit_on_texts(texts)

model = Sequential()
model.add(Embedding(2000, 8, input_length=18))
model.add(GlobalAveragePooling1D())
model.add(Dense(3, activation="softmax"))

x_tokenized = pad_sequences(tokenizer.texts_to_sequences(texts), maxlen=18)
for x_t in x_tokenized:
    prediction = model.predict(np.array([x_t]), verbose=0)
    print(prediction.shape)
