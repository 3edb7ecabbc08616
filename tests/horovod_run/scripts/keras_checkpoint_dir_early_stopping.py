"""Keras fit in the idioms of tensorflow/docs' keras/save_and_load tutorial: ``os.mkdir`` of the
checkpoint folder, a ``ModelCheckpoint`` callback, then ``load_weights`` right after ``fit``;
with ``EarlyStopping`` and an appended ``ReduceLROnPlateau`` on the training loss, which Horovod's
Keras documentation pairs with ``MetricAverageCallback``.

Source of the idioms: tensorflow/docs@7c3650212740204359d4ceae481abc79345541be,
site/en/tutorials/keras/save_and_load.ipynb. The checkpoint folder is next to the script, where
both ranks see it.
"""

import os

import numpy as np
import tensorflow as tf

tf.random.set_seed(0)
checkpoint_dir = os.path.join(os.path.dirname(os.path.abspath(__file__)), "training_1")
os.mkdir(checkpoint_dir)
checkpoint_path = os.path.join(checkpoint_dir, "cp.h5")

rng = np.random.default_rng(0)
features = rng.normal(size=(64, 4)).astype("float32")
labels = (features.sum(axis=1) > 0).astype("float32")

model = tf.keras.Sequential(
    [tf.keras.layers.Dense(8, activation="relu"), tf.keras.layers.Dense(1)]
)
model.compile(optimizer="adam", loss=tf.keras.losses.BinaryCrossentropy(from_logits=True))
cp_callback = tf.keras.callbacks.ModelCheckpoint(filepath=checkpoint_path, save_weights_only=True)
callbacks = [cp_callback, tf.keras.callbacks.EarlyStopping(monitor="loss", patience=0, min_delta=0.05)]
callbacks.append(tf.keras.callbacks.ReduceLROnPlateau(monitor="loss", patience=0))
model.fit(features, labels, batch_size=8, epochs=4, callbacks=callbacks)

model.load_weights(checkpoint_path)
print("restored loss", model.evaluate(features, labels, verbose=0))
