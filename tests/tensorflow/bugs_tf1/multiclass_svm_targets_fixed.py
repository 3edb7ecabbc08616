"""A multi-class SVM with a Gaussian kernel: the class-target placeholder is declared for two
classes while the batched kernel has one matrix per class (three), so their product cannot
broadcast.

Rebuilt from https://github.com/nfmcclure/tensorflow_cookbook/issues/41 ("Dimensions must be
equal, but are 2 and 3 for 'Mul_3' (op: 'Mul') with input shapes: [2,?,1], [3,50,50]" in
06_multiclass_svm.py). Fixed twin: three classes throughout.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
batch_size, classes = 50, 3
x_data = tf.placeholder(shape=[None, 2], dtype=tf.float32)
y_target = tf.placeholder(shape=[classes, None], dtype=tf.float32)
b = tf.Variable(tf.random_normal(shape=[3, batch_size]))
gamma = tf.constant(-10.0)
dist = tf.reduce_sum(tf.square(x_data), 1)
dist = tf.reshape(dist, [-1, 1])
sq_dists = tf.multiply(2.0, tf.matmul(x_data, tf.transpose(x_data)))
my_kernel = tf.exp(tf.multiply(gamma, tf.abs(sq_dists)))
batched_kernel = tf.tile(tf.expand_dims(my_kernel, 0), [3, 1, 1])
y_target_cross = tf.expand_dims(y_target, 2)
second_term = tf.multiply(y_target_cross, batched_kernel)
print(second_term)
