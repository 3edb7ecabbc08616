import keras
import numpy as np

model = keras.models.Sequential()
model.add(keras.layers.Dense(1, input_shape=(2,)))
model.compile(keras.optimizers.SGD(), "mse")
history = model.fit(np.ones((8, 2)), np.ones((8, 1)), verbose=0)
