"""Weighting a per-pixel loss by class: the loss is flattened over every pixel of the batch and
multiplied by the vector of the 12 class weights, whose sizes cannot broadcast.

Rebuilt from https://github.com/tensorflow/tensorflow/issues/44699 ("Dimensions must be equal, but
are 122904 and 12 for 'mul' (op: 'Mul') with input shapes: [122904], [12]"). Fixed twin: the
weights are gathered per pixel by its label.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
NUM_CLASSES = 12
labels = tf.constant(np.random.randint(0, NUM_CLASSES, (2, 246, 246 // 1)).astype(np.int32))
logits = tf.constant(np.random.rand(2, 246, 246, NUM_CLASSES).astype(np.float32))
class_weights = tf.constant(np.random.rand(NUM_CLASSES).astype(np.float32))
flat_labels = tf.reshape(labels, [-1])
flat_logits = tf.reshape(logits, [-1, NUM_CLASSES])
loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=flat_labels, logits=flat_logits)
weighted = tf.multiply(loss, tf.gather(class_weights, flat_labels))
with tf.Session() as sess:
    print(sess.run(tf.reduce_mean(weighted)))
