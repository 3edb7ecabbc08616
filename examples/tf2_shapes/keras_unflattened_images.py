"""A Keras MLP for 28x28 images, trained with a custom GradientTape loop.

The model declares flat inputs of 784 values, but the images are passed unflattened: Keras fails on
the first training step. ``tensorls check`` reports it, in Keras's words, before the script runs.
"""

import tensorflow as tf

model = tf.keras.Sequential(
    [
        tf.keras.layers.Dense(128, activation="relu", input_shape=(784,)),
        tf.keras.layers.Dropout(0.2),
        tf.keras.layers.Dense(10),
    ]
)
optimizer = tf.keras.optimizers.SGD(0.1)
images = tf.random.normal([64, 28, 28])
labels = tf.random.uniform([64], maxval=10, dtype=tf.int32)

for step in range(3):
    with tf.GradientTape() as tape:
        logits = model(images, training=True)  # BUG: images must be reshaped to (64, 784)
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
        )
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    print(step, float(loss))
