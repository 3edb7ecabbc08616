"""Text-classification style: integer token sequences, an Embedding with global average pooling,
weights saved (next to the script) then loaded into a second copy of the model that is
evaluated."""

from pathlib import Path

import numpy as np
import tensorflow as tf

WEIGHTS = str(Path(__file__).resolve().with_name("classifier_weights.h5"))

tf.random.set_seed(17)
vocabulary, length = 50, 12
rng = np.random.default_rng(17)
sequences = rng.integers(1, vocabulary, size=(144, length))
labels = (sequences[:, 0] > vocabulary // 2).astype("int32")


def make_classifier():
    return tf.keras.Sequential(
        [
            tf.keras.layers.Embedding(vocabulary, 8, input_length=length),
            tf.keras.layers.GlobalAveragePooling1D(),
            tf.keras.layers.Dense(1, activation="sigmoid"),
        ]
    )


classifier = make_classifier()
classifier.compile(
    optimizer=tf.keras.optimizers.Adagrad(learning_rate=0.1),
    loss="binary_crossentropy",
    metrics=["accuracy"],
)
classifier.fit(sequences, labels, epochs=2, batch_size=12, shuffle=False)
classifier.save_weights(WEIGHTS)

copy = make_classifier()
copy.build((None, length))
copy.load_weights(WEIGHTS)
copy.compile(loss="binary_crossentropy", metrics=["accuracy"])
print("reloaded accuracy", copy.evaluate(sequences, labels, verbose=0)[1])
