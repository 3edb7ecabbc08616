"""A bilinear CNN on 448x448 images: the image list read from disk is empty, so an empty array is
fed to the image placeholder.

Rebuilt from https://github.com/abhaydoke09/Bilinear-CNN-TensorFlow/issues/27 ("cannot feed value
of shape (0,) for tensor 'placeholder:0', which has shape ('?,448,448,3')"). Fixed twin: a batch
of images is fed.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
imgs = tf.placeholder(tf.float32, [None, 448, 448, 3])
target = tf.placeholder("float", [None, 100])
pooled = tf.reduce_mean(imgs, axis=[1, 2])
fc = tf.matmul(pooled, tf.Variable(tf.zeros([3, 100])))
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=target, logits=fc))

batch_xs = np.random.rand(4, 448, 448, 3)
batch_ys = np.eye(100)[np.random.randint(0, 100, 4)]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    print(sess.run(loss, feed_dict={imgs: batch_xs, target: batch_ys}))
