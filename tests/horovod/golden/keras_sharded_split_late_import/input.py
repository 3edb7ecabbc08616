"""A split tf.data pipeline: the training part is sharded after its take, never divided."""
import numpy as np
import tensorflow as tf

print("TensorFlow", tf.__version__)

from tensorflow import keras

features = np.random.rand(100, 4).astype("float32")
labels = np.random.randint(0, 2, size=100)
full = tf.data.Dataset.from_tensor_slices((features, labels))
train = full.take(80).shuffle(80).batch(8)
val = full.skip(80).batch(8)

model = keras.Sequential([keras.layers.Dense(2)])
model.compile(optimizer=keras.optimizers.Adam(lr=1e-3), loss="sparse_categorical_crossentropy")

saver = keras.callbacks.ModelCheckpoint("last.h5")
if len(features) > 50:
    saver = keras.callbacks.ModelCheckpoint("best.h5", save_best_only=True)
model.fit(train, validation_data=val, epochs=2, callbacks=[saver])
model.fit(train.repeat().take(20), epochs=1)
