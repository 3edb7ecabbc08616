"""Visualising VGG16 activations: the input placeholder was declared for a batch of two
images, and a single image is fed.

Rebuilt from https://github.com/infocusp/tf_cnnvis/issues/9 ("Cannot feed value of shape (1, 224,
224, 3) for Tensor 'Placeholder:0', which has shape '(2, 224, 224, 3)'"): the feed dict built
with the concatenated batch was not the one passed. Fixed twin: the two-image batch is fed.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
images = tf.placeholder("float", [2, 224, 224, 3])
conv = tf.nn.conv2d(images, tf.Variable(tf.zeros([3, 3, 3, 8])), [1, 1, 1, 1], "SAME")
relu = tf.nn.relu(conv)

img1 = np.random.rand(224, 224, 3).astype(np.float32)
img2 = np.random.rand(224, 224, 3).astype(np.float32)
batch1 = img1.reshape((1, 224, 224, 3))
batch2 = img2.reshape((1, 224, 224, 3))
batch = np.concatenate((batch1, batch2), 0)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    activations = sess.run(relu, feed_dict={images: batch1})  # BUG
    print(activations.shape)
