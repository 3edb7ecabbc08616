"""Sparse softmax cross-entropy with the labels declared as a column (None, 1): the labels must
have one dimension less than the logits.

Rebuilt from https://github.com/tensorflow/tensorflow/issues/947 ("sparse_softmax_cross_entropy_
with_logits fails when labels is a placeholder"; the reporter's fix declares labels with ndim 1).
Fixed twin: labels of shape (None,).
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
logits = tf.placeholder("float32", (None, 32))
labels = tf.placeholder("int64", (None, 1))
label_batch = np.zeros((4, 1))
loss = tf.reduce_mean(
    tf.nn.sparse_softmax_cross_entropy_with_logits(logits=logits, labels=labels)  # BUG
)
with tf.Session() as sess:
    print(sess.run(loss, feed_dict={logits: np.zeros((4, 32)), labels: label_batch}))
