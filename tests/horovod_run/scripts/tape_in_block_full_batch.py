"""Low-level TF2 linear regression in the style of aymericdamien/TensorFlow-Examples
(tensorflow_v2/notebooks/2_BasicModels/linear_regression.ipynb and 4_Utils/save_restore_model.ipynb,
commit 6dcbe14): the training rows are NumPy array literals read whole by every step (full-batch
training, no tf.data), and the gradients are computed and applied inside the tape's ``with``."""

import numpy as np
import tensorflow as tf

X = np.array(
    [3.3, 4.4, 5.5, 6.71, 6.93, 4.168, 9.779, 6.182, 7.59, 2.167, 7.042, 10.791, 5.313, 7.997],
    dtype=np.float32,
)
Y = np.array(
    [1.7, 2.76, 2.09, 3.19, 1.694, 1.573, 3.366, 2.596, 2.53, 1.221, 2.827, 3.465, 1.65, 2.904],
    dtype=np.float32,
)
W = tf.Variable(0.3, name="weight")
b = tf.Variable(-0.2, name="bias")
optimizer = tf.optimizers.SGD(0.01)


def run_optimization():
    with tf.GradientTape() as g:
        pred = W * X + b
        loss = tf.reduce_mean(tf.square(pred - Y))
        gradients = g.gradient(loss, [W, b])
        optimizer.apply_gradients(zip(gradients, [W, b]))


for step in range(1, 13):
    run_optimization()
    if step % 4 == 0:
        pred = W * X + b
        print("step: %i, loss: %f" % (step, tf.reduce_mean(tf.square(pred - Y))))
