"""Multiplying a matrix variable by a vector placeholder: tf.matmul needs two matrices and does
not promote the vector.

Rebuilt from https://stackoverflow.com/questions/34908033 ("ValueError when performing matmul with
Tensorflow"; the accepted answer declares x as a 2x1 matrix). Fixed twin: the same fix.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
data = np.array([[0.1], [0.2]])
x = tf.placeholder("float", shape=[2, 1])
T1 = tf.Variable(tf.ones([2, 2]))
l1 = tf.matmul(T1, x)
init = tf.global_variables_initializer()
with tf.Session() as sess:
    sess.run(init)
    print(sess.run(l1, feed_dict={x: data}))
