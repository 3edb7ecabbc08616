"""A car-brand classifier whose number of classes is the number of entries in the training folder:
a stray desktop.ini counts as an eighth class, so the output layer has 8 units against labels of
the 7 brands.

Rebuilt from https://github.com/krishnaik06/Deep-Learning-Car-Brand/issues/5 ("logits and labels
must be broadcastable: logits_size=[32,8] labels_size=[32,7]"; the reporter's Keras head written
here with tf.layers.dense in a TF1 graph). Fixed twin: only the brand folders are counted.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
entries = ["audi", "bmw", "ford", "honda", "lamborghini", "mercedes", "toyota", "desktop.ini"]
folders = entries
N_CLASSES = 7
x = tf.placeholder(tf.float32, [None, 2048])
y = tf.placeholder(tf.float32, [None, N_CLASSES])
hidden = tf.layers.dense(x, 64, activation=tf.nn.relu)
logits = tf.layers.dense(hidden, len(folders))
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
train_op = tf.train.AdamOptimizer(1e-3).minimize(loss)

features = np.random.rand(32, 2048).astype(np.float32)
brands = np.eye(N_CLASSES)[np.random.randint(0, N_CLASSES, 32)]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(train_op, feed_dict={x: features, y: brands})  # BUG
