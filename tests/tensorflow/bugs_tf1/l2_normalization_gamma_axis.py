"""SSD's L2 normalisation of conv4_3: the scale vector gamma is sized by axis 1 of the input, the
channel axis of channels-first data, while the feature map is channels-last.

Rebuilt from https://github.com/pierluigiferrari/ssd_keras/issues/361 ("Dimensions must be equal,
but are 512 and 38 for 'conv4_3_norm/mul' (op: 'Mul') with input shapes: [?,38,38,512], [38]").
Fixed twin: gamma is sized by the last axis.
"""

import numpy as np
import tensorflow.compat.v1 as tf

tf.disable_eager_execution()
np.random.seed(0)
conv4_3 = tf.placeholder(tf.float32, [None, 38, 38, 512])
gamma_init = 20
axis = 3
gamma = tf.Variable(gamma_init * np.ones(conv4_3.shape[1], dtype=np.float32))
output = tf.nn.l2_normalize(conv4_3, axis)
scaled = output * gamma  # BUG
print(scaled)
