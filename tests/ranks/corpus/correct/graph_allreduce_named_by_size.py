"""Inside tf.function Horovod matches collectives by name; the loss allreduce is named after the number of ranks, the same on every rank, so every rank submits the same names."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

weights = tf.Variable(tf.zeros([3, 1]))


@tf.function
def train_step(features: tf.Tensor) -> tf.Tensor:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(features @ weights - 1.0))
    gradient = tape.gradient(loss, weights)
    weights.assign_sub(0.1 * hvd.allreduce(gradient, name="gradient"))
    return hvd.allreduce(loss, name=f"loss_of_{hvd.size()}_ranks")


batch = tf.constant(np.random.default_rng(hvd.rank()).normal(size=(8, 3)), dtype=tf.float32)
print("mean loss", float(train_step(batch)))
