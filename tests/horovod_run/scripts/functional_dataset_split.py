"""Keras-examples style: a functional model fed by one tf.data pipeline that is split into
training and validation parts with take/skip, with a checkpoint callback chosen by a flag."""

import numpy as np
import tensorflow as tf
from tensorflow import keras

keras.utils.set_random_seed(3)
features = np.random.normal(size=(240, 6)).astype("float32")
targets = (features.sum(axis=1, keepdims=True) > 0).astype("float32")

everything = tf.data.Dataset.from_tensor_slices((features, targets))
training = everything.take(200).shuffle(64, seed=3).batch(20)
validation = everything.skip(200).batch(20)

inputs = keras.Input(shape=(6,))
hidden = keras.layers.Dense(16, activation="relu")(inputs)
outputs = keras.layers.Dense(1, activation="sigmoid")(hidden)
model = keras.Model(inputs, outputs)
model.compile(
    optimizer=keras.optimizers.RMSprop(learning_rate=0.01),
    loss="binary_crossentropy",
    metrics=["accuracy"],
)

keep_best_only = True
checkpoint = keras.callbacks.ModelCheckpoint("last.h5")
if keep_best_only:
    checkpoint = keras.callbacks.ModelCheckpoint("best.h5", save_best_only=True)

history = model.fit(training, validation_data=validation, epochs=3, callbacks=[checkpoint])
print("final validation accuracy", history.history["val_accuracy"][-1])
