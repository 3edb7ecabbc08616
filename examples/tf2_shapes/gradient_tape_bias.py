"""A softmax classifier trained with a hand-written ``tf.GradientTape`` loop and plain gradient
descent.

The bias is updated with the weights' gradient: ``assign_sub`` fails as soon as it runs, since
the gradient has the weights' shape. ``tensorls check`` reports it with TensorFlow's message,
knowing each gradient's shape from ``tape.gradient`` and the variables.
"""

import tensorflow as tf

features, classes, batch = 20, 10, 32
learning_rate = 0.1
weights = tf.Variable(tf.random.normal([features, classes], stddev=0.1))
bias = tf.Variable(tf.zeros([classes]))
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

x = tf.random.normal([batch, features])
y = tf.random.uniform([batch], maxval=classes, dtype=tf.int32)


@tf.function
def logits_of(inputs):
    return inputs @ weights + bias


for step in range(3):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, logits_of(x))
    grads = tape.gradient(loss, [weights, bias])
    weights.assign_sub(learning_rate * grads[0])
    bias.assign_sub(learning_rate * grads[0])  # BUG: the weights' gradient
    print(step, float(loss))
