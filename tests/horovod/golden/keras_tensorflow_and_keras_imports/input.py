import tensorflow as tf
from tensorflow import keras

model = keras.Sequential([keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.legacy.SGD(), loss="mse")
model.fit(tf.ones([8, 2]), tf.ones([8, 1]), epochs=2, callbacks=[])
