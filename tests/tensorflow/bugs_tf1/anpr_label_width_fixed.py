"""A licence-plate reader: the label vectors are built for a larger character set than the
network's output, so their width differs from the label placeholder's.

Rebuilt from https://github.com/mahavird/my_deep_anpr/issues/4 ("Cannot feed value of shape (50,
807) for Tensor u'Placeholder_1:0', which has shape '(?, 621)'"). Fixed twin: labels are encoded
with the network's character set.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
NET_CHARS = 88
DATA_CHARS = 115
x = tf.placeholder(tf.float32, [None, 64 * 128])
y_ = tf.placeholder(tf.float32, [None, 1 + 7 * NET_CHARS + 4])
W = tf.Variable(tf.zeros([64 * 128, 1 + 7 * NET_CHARS + 4]))
y = tf.matmul(x, W)
loss = tf.reduce_mean(tf.square(y - y_))
train_step = tf.train.AdamOptimizer(1e-4).minimize(loss)

test_xs = np.random.rand(50, 64 * 128).astype(np.float32)
test_ys = np.random.rand(50, 1 + 7 * NET_CHARS + 4).astype(np.float32)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    r = sess.run([y, loss], feed_dict={x: test_xs, y_: test_ys})
    print(r[1])
