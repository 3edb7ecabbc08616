"""A sequence classifier declared for inputs of shape (None, 1000) (any number of steps of 1000
features) given one-hot DNA fragments shaped (1000, 4): the matrix is transposed.

Rebuilt from https://github.com/gussow/seeker/issues/5 ("Input 0 is incompatible with layer
sequential: expected shape=(None, None, 1000), found shape=(None, 1000, 4)"; the reporter's fix:
change ``seq2matrix``/``frag2matrix``). Fixed twin: the fragment matrix is transposed to
(4, 1000).
"""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential()
model.add(tf.keras.layers.LSTM(5, input_shape=(None, 1000)))
model.add(tf.keras.layers.Dense(1, activation="sigmoid"))


def frag2matrix(fragment):
    letters = "ACGT"
    matrix = np.zeros((len(fragment), 4), dtype="float32")
    for position, letter in enumerate(fragment):
        matrix[position, letters.index(letter)] = 1.0
    return matrix


rng = np.random.default_rng(9)
fragments = ["".join(rng.choice(list("ACGT"), size=1000)) for _ in range(3)]
batch = np.stack([frag2matrix(fragment) for fragment in fragments])
scores = model.predict(batch, verbose=0)  # BUG
print(scores.shape)
