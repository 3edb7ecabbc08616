"""A hyperspectral pixel classifier: each training patch is reshaped to a 1x1 image with all 220
bands as channels, and the first 3x3 VALID convolution cannot fit.

Rebuilt from https://github.com/KGPML/Hyperspectral/issues/7 ("Negative dimension size caused by
subtracting 3 from 1 for 'conv_1/Conv2D' (op: 'Conv2D') with input shapes: [1,1,1,220],
[3,3,220,500]" at tf.nn.conv2d(x_image, weights, strides=[1, 1, 1, 1], padding='VALID')). Fixed
twin: the patch keeps its 5x5 spatial size.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
PATCH_SIZE, BANDS, CONV1 = 5, 220, 500
images = tf.placeholder(tf.float32, [1, PATCH_SIZE * PATCH_SIZE * BANDS])
x_image = tf.reshape(images, [-1, PATCH_SIZE, PATCH_SIZE, BANDS])
weights = tf.Variable(tf.truncated_normal([3, 3, BANDS, CONV1], stddev=0.1))
z = tf.nn.conv2d(x_image, weights, strides=[1, 1, 1, 1], padding="VALID")
print(z)
