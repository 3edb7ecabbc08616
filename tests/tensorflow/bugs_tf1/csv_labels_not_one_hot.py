"""A logistic model on 12 integer features read from CSV: the labels are a column of 0/1, fed to
a placeholder of one-hot pairs.

Rebuilt from https://github.com/tensorflow/tensorflow/issues/5905 ("Tensorflow - ValueError:
Cannot feed value of shape"), whose model is the MNIST logistic regression of the tutorials.
Fixed twin: the labels are one-hot encoded.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)


def init_weights(shape):
    return tf.Variable(tf.random_normal(shape, stddev=0.01))


def model(X, w):
    return tf.matmul(X, w)


trX = np.random.randint(0, 10, (128, 12)).astype(np.float32)
trY = np.random.randint(0, 2, 128)
X = tf.placeholder("float", [None, 12])
Y = tf.placeholder("float", [None, 2])
w = init_weights([12, 2])
py_x = model(X, w)
cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(logits=py_x, labels=Y))
train_op = tf.train.GradientDescentOptimizer(0.05).minimize(cost)
with tf.Session() as sess:
    tf.global_variables_initializer().run()
    sess.run(train_op, feed_dict={X: trX, Y: trY})  # BUG
