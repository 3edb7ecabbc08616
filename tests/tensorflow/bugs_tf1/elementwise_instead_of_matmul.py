"""A single dense layer a = W*x written with the element-wise product: a (3, 4) weight matrix times
a (4, 1) column does not broadcast.

Rebuilt from https://stackoverflow.com/questions/47555791 ("Tensorflow matrix multiplication error
(Dimensions must be equal, but are 3 and 4 for 'Mul')"; the answer uses tf.matmul). Fixed twin:
tf.matmul(W, x).
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
sess = tf.Session()
W = tf.constant(
    [[0.2, 0.3, -0.1, -0.2], [0.2, -0.1, 0.7, -0.1], [0.1, 0.4, -0.4, -0.3]], dtype=tf.float32
)
x = tf.constant([[0.0], [1.0], [2.0], [3.0]])
a = W * x  # BUG
print(sess.run(a))
