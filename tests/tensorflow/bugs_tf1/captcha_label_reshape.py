"""A captcha recogniser's web API: the network reshapes its label input to (captchas, 4
characters, 10 classes), and the API feeds a label row of one character only; the reshape fails
when the graph runs.

Rebuilt from https://github.com/nickliqian/cnn_captcha/issues/165 ("Input to reshape is a tensor
with 10 values, but the requested shape requires a multiple of 40", raised by sess.run). Fixed
twin: the label row covers the four characters.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
MAX_CAPTCHA, CHAR_SET_LEN = 4, 10
X = tf.placeholder(tf.float32, [None, 60 * 160])
Y = tf.placeholder(tf.float32, [None, None])
predict = tf.reshape(
    tf.matmul(X, tf.zeros([60 * 160, MAX_CAPTCHA * CHAR_SET_LEN])), [-1, MAX_CAPTCHA, CHAR_SET_LEN]
)
labels = tf.reshape(Y, [-1, MAX_CAPTCHA, CHAR_SET_LEN])
correct = tf.equal(tf.argmax(predict, 2), tf.argmax(labels, 2))

image = np.random.rand(1, 60 * 160).astype(np.float32)
label = np.zeros((1, CHAR_SET_LEN), np.float32)
with tf.Session() as sess:
    print(sess.run(correct, feed_dict={X: image, Y: label}))  # BUG
