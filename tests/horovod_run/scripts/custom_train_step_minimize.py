"""Keras "customize what happens in fit" style: a model class overriding train_step, computing the
loss under a tape and applying it with the optimizer's minimize."""

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(12)


class TrackedRegressor(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.body = tf.keras.layers.Dense(6, activation="relu")
        self.head = tf.keras.layers.Dense(1)

    def call(self, inputs, training=False):
        return self.head(self.body(inputs))

    def train_step(self, data):
        inputs, targets = data
        with tf.GradientTape() as tape:
            predictions = self(inputs, training=True)
            loss = tf.reduce_mean(tf.square(predictions - targets))
        self.optimizer.minimize(loss, self.trainable_variables, tape=tape)
        return {"loss": loss}


samples = np.random.uniform(size=(120, 2)).astype("float32")
answers = samples[:, :1] - 2.0 * samples[:, 1:]
regressor = TrackedRegressor()
regressor.compile(optimizer=tf.keras.optimizers.SGD(0.1))
history = regressor.fit(samples, answers, batch_size=10, epochs=2, shuffle=False)
print("last epoch loss", history.history["loss"][-1])
