"""Human activity recognition on accelerometer windows: the windows generator yields nothing for
the reporter's data, so the one-hot labels are a (0, 0) array fed to a (?, 6) placeholder.

Rebuilt from https://github.com/mrharicot/monodepth/issues/70 ("Cannot feed value of shape (0, 0)
for Tensor 'Placeholder_1:0', which has shape '(?, 6)'"). Fixed twin: the labels are one-hot rows
of the six activities.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
WINDOW, CHANNELS, LABELS = 90, 3, 6
X = tf.placeholder(tf.float32, shape=[None, 1, WINDOW, CHANNELS])
Y = tf.placeholder(tf.float32, shape=[None, LABELS])
flat = tf.reshape(X, [-1, WINDOW * CHANNELS])
W = tf.Variable(tf.zeros([WINDOW * CHANNELS, LABELS]))
y_ = tf.nn.softmax(tf.matmul(flat, W))
loss = -tf.reduce_sum(Y * tf.log(y_ + 1e-9))
optimizer = tf.train.GradientDescentOptimizer(0.0001).minimize(loss)

segments = np.random.rand(20, 1, WINDOW, CHANNELS).astype(np.float32)
labels = np.eye(LABELS)[np.random.randint(0, LABELS, 20)]
with tf.Session() as session:
    session.run(tf.global_variables_initializer())
    _, c = session.run([optimizer, loss], feed_dict={X: segments, Y: labels})
