"""Scaled dot-product attention written with TensorFlow ops.

The scores multiply the queries by the keys without transposing them: the batched matmul fails
as soon as it runs. ``tensorls check`` reports it with TensorFlow's message.
"""

import tensorflow as tf

batch, length, depth = 8, 10, 64
queries = tf.random.normal([batch, length, depth])
keys = tf.random.normal([batch, length, depth])
values = tf.random.normal([batch, length, depth])

scores = tf.matmul(queries, keys) / tf.sqrt(float(depth))  # BUG: needs transpose_b=True
weights = tf.nn.softmax(scores, axis=-1)
context = tf.matmul(weights, values)
pooled = tf.reduce_mean(context, axis=1)
print(pooled.shape)
