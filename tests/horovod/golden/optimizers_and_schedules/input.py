import keras
import tensorflow as tf
from tensorflow.keras import optimizers

decay = tf.keras.optimizers.schedules.ExponentialDecay(0.1, decay_steps=100, decay_rate=0.96)
poly = keras.optimizers.schedules.PolynomialDecay(initial_learning_rate=0.2, decay_steps=50)
steps = tf.keras.optimizers.schedules.PiecewiseConstantDecay([10, 20], [0.1, 0.01, 0.001])
values = [0.3, 0.03]
piecewise = tf.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=[5], values=values)

sgd = tf.keras.optimizers.SGD(decay)
legacy = tf.keras.optimizers.legacy.Adagrad()
nadam = keras.optimizers.Nadam(learning_rate=poly)
rms = optimizers.RMSprop(lr=0.002, rho=0.8)
adamw = tf.keras.optimizers.experimental.AdamW(weight_decay=0.01)
adadelta = tf.optimizers.Adadelta(steps)
ftrl = tf.keras.optimizers.Ftrl(piecewise)
scaled = tf.keras.optimizers.Adamax(0.5 if True else 0.1)

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(model(tf.ones([2, 2])))
grads = tape.gradient(loss, model.trainable_variables)
sgd.apply_gradients(zip(grads, model.trainable_variables))
