"""A TensorFlow tutorial's placeholder example: a placeholder of shape [None, 3] is fed a flat
list of three numbers instead of one row.

Rebuilt from the tutorial quoted in https://github.com/guevara/read-it-later/issues/3145
("Tensorflow简明教程", the line marked as raising because b's shape is [None, 3]). Fixed twin: a
list holding one row is fed.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
a = tf.placeholder(tf.float32, shape=None, name="a")
b = tf.placeholder(tf.float32, shape=[None, 3], name="b")
with tf.Session() as sess:
    sess.run(a, feed_dict={a: [1, 2]})
    sess.run(a, feed_dict={a: [[1, 2], [3, 4]]})
    sess.run(b, feed_dict={b: [[1, 2, 3]]})
    sess.run(b, feed_dict={b: [1, 2, 3]})  # BUG
