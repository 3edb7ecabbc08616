"""A softmax regression on 28x28 images: the reporter's images are RGB, so each flattened
row has 2352 values, fed to a placeholder of 784 columns.

Rebuilt from https://github.com/tensorflow/tensorflow/issues/5751 ("Cannot feed value of shape
(50, 2352) for Tensor 'Placeholder:0', which has shape '(?, 784)'"). Fixed twin: the images are
converted to grayscale before flattening.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
x = tf.placeholder(tf.float32, [None, 784])
y_ = tf.placeholder(tf.float32, [None, 10])
W = tf.Variable(tf.zeros([784, 10]))
b = tf.Variable(tf.zeros([10]))
y = tf.nn.softmax(tf.matmul(x, W) + b)
cross_entropy = tf.reduce_mean(-tf.reduce_sum(y_ * tf.log(y), axis=1))
train_step = tf.train.GradientDescentOptimizer(0.5).minimize(cross_entropy)

images = np.random.rand(50, 28, 28, 3).astype(np.float32)
labels = np.eye(10)[np.random.randint(0, 10, 50)]
batch_xs = images.reshape(50, 28 * 28 * 3)
sess = tf.Session()
sess.run(tf.global_variables_initializer())
sess.run(train_step, feed_dict={x: batch_xs, y_: labels})  # BUG
print("trained")
