"""A small CNN on 28x28 characters with 48 classes: the flattening reshape uses a size per
example half the real one, so the logits have twice the batch's rows and the loss fails when the
graph runs.

Rebuilt from https://github.com/tensorflow/models/issues/6036 ("logits and labels must be
broadcastable: logits_size=[64,48] labels_size=[32,48]"). Fixed twin: the flattened size is
7 * 7 * 64.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
batch_size = 32
x = tf.placeholder(tf.float32, [None, 784])
y_ = tf.placeholder(tf.float32, [None, 48], name="truth")
x_image = tf.reshape(x, [-1, 28, 28, 1])
conv1_weights = tf.get_variable(name="c1", shape=[3, 3, 1, 32])
conv2_weights = tf.get_variable(name="c2", shape=[3, 3, 32, 64])
h1 = tf.nn.relu(tf.nn.conv2d(x_image, conv1_weights, strides=[1, 1, 1, 1], padding="SAME"))
p1 = tf.nn.max_pool(h1, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")
h2 = tf.nn.relu(tf.nn.conv2d(p1, conv2_weights, strides=[1, 1, 1, 1], padding="SAME"))
p2 = tf.nn.max_pool(h2, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")
flat = tf.reshape(p2, [-1, 7 * 7 * 32])
fc_weights = tf.get_variable(name="fc", shape=[7 * 7 * 32, 48])
logits = tf.matmul(flat, fc_weights)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y_, logits=logits))
train_step = tf.train.AdamOptimizer(1e-4).minimize(loss)

batch_x = np.random.rand(batch_size, 784).astype(np.float32)
batch_y = np.eye(48)[np.random.randint(0, 48, batch_size)]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(train_step, feed_dict={x: batch_x, y_: batch_y})  # BUG
