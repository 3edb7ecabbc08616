"""Validation goes through evaluate_step, which averages the metrics over ranks, but only rank 0 validates: it fails with "Horovod has been shut down" once rank 1 has finished."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
hvd.broadcast_variables(model.variables, root_rank=0)


@tf.function
def evaluate_step(features: tf.Tensor, labels: tf.Tensor) -> tf.Tensor:
    predictions = tf.argmax(model(features), axis=1, output_type=tf.int32)
    accuracy = tf.reduce_mean(tf.cast(predictions == labels, tf.float32))
    return hvd.allreduce(accuracy)


rng = np.random.default_rng(hvd.rank())
features = tf.constant(rng.normal(size=(20, 4)), dtype=tf.float32)
labels = tf.constant(rng.integers(0, 2, size=20), dtype=tf.int32)
if hvd.rank() == 0:
    accuracy = evaluate_step(features, labels)  # expect: rank-divergent-collective
    print(f"validation accuracy {float(accuracy):.3f}")
