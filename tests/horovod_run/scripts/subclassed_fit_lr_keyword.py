"""A subclassed Keras model compiled with the deprecated lr= keyword, trained with fit on arrays
with a validation split, whose predictions are printed and saved with np.save."""

import numpy as np
import tensorflow as tf

np.random.seed(5)
tf.random.set_seed(5)


class Regressor(tf.keras.Model):
    def __init__(self, width):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(width, activation="tanh")
        self.out = tf.keras.layers.Dense(1)

    def call(self, inputs):
        return self.out(self.hidden(inputs))


inputs = np.random.uniform(-1, 1, size=(200, 3)).astype(np.float32)
outputs = (inputs @ np.array([[1.5], [-2.0], [0.5]], dtype=np.float32)) + 0.1

net = Regressor(8)
net.compile(optimizer=tf.keras.optimizers.SGD(lr=0.05, momentum=0.9), loss="mse")
net.fit(inputs, outputs, batch_size=10, epochs=2, validation_split=0.2, shuffle=False)
net.summary()
predictions = net.predict(inputs[:4])
print("first predictions", predictions.ravel())
np.save("predictions.npy", predictions)
