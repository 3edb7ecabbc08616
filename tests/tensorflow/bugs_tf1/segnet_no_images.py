"""A cardiac MRI segmentation network trained from a folder of images: the folder is empty, so the
batch is an empty array fed to a placeholder of six 256x256 images.

Rebuilt from https://github.com/mshunshin/SegNetCMR/issues/7 ("Cannot feed value of shape (0,)
for Tensor 'Placeholder:0', which has shape '(6, 256, 256, 1)'"). Fixed twin: the batch holds
the six images.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
BATCH_SIZE = 6
images = tf.placeholder(tf.float32, [BATCH_SIZE, 256, 256, 1])
labels = tf.placeholder(tf.int64, [BATCH_SIZE, 256, 256])
logits = tf.nn.conv2d(images, tf.Variable(tf.zeros([3, 3, 1, 2])), [1, 1, 1, 1], "SAME")
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
train_op = tf.train.AdamOptimizer(1e-4).minimize(loss)

found = []
image_batch = np.array(found)
label_batch = np.zeros((BATCH_SIZE, 256, 256), dtype=np.int64)
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    sess.run(train_op, feed_dict={images: image_batch, labels: label_batch})  # BUG
