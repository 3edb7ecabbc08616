"""VGG16 with its fully connected layers sized for 224x224 images, fed 256x256 images: after five
poolings the flattened features have 8*8*512 values instead of 7*7*512.

Rebuilt from https://github.com/taspinar/sidl/issues/5 ("Dimensions must be equal, but are 32768
and 25088 for 'MatMul' (op: 'MatMul') with input shapes: [16,32768], [25088,4096]"). Fixed twin:
the images are 224x224, as the answer suggests.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
BATCH, IMAGE_SIZE = 16, 256


def conv(x, depth_in, depth_out):
    weights = tf.Variable(tf.truncated_normal([3, 3, depth_in, depth_out], stddev=0.1))
    return tf.nn.relu(tf.nn.conv2d(x, weights, [1, 1, 1, 1], padding="SAME"))


def pool(x):
    return tf.nn.max_pool(x, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")


data = tf.placeholder(tf.float32, shape=(BATCH, IMAGE_SIZE, IMAGE_SIZE, 3))
layer = data
depth = 3
for width in (64, 128, 256, 512, 512):
    layer = pool(conv(layer, depth, width))
    depth = width
flat = tf.reshape(layer, [BATCH, -1])
fc6_weights = tf.Variable(tf.truncated_normal([7 * 7 * 512, 4096], stddev=0.1))
fc6 = tf.nn.relu(tf.matmul(flat, fc6_weights))  # BUG
print(fc6)
