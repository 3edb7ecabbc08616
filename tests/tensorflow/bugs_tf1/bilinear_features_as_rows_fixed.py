"""A bilinear CNN's classifier: the conv features are reshaped to one row per spatial position
instead of one row per image, so the logits have batch x positions rows against the batch's
labels when the graph runs.

Rebuilt from https://github.com/abhaydoke09/Bilinear-CNN-TensorFlow/issues/23 ("logits and labels
must be the same size: logits_size=[1304,100] labels_size=[32,100]" at
softmax_cross_entropy_with_logits). Fixed twin: each image's features are one row.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
imgs = tf.placeholder(tf.float32, [None, 14, 14, 3])
target = tf.placeholder("float", [None, 100])
conv5 = tf.nn.relu(tf.nn.conv2d(imgs, tf.Variable(tf.zeros([3, 3, 3, 16])), [1, 1, 1, 1], "VALID"))
phi = tf.reshape(conv5, [-1, 12 * 12 * 16])
fc3w = tf.Variable(tf.zeros([12 * 12 * 16, 100]))
fc3l = tf.matmul(phi, fc3w)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(logits=fc3l, labels=target))
optimizer = tf.train.MomentumOptimizer(learning_rate=0.9, momentum=0.9).minimize(loss)

batch_xs = np.random.rand(32, 14, 14, 3).astype(np.float32)
batch_ys = np.eye(100)[np.random.randint(0, 100, 32)]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run([optimizer, loss], feed_dict={imgs: batch_xs, target: batch_ys})
