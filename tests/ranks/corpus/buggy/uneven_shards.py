"""The dataset has size * 10 + 1 examples; shard() gives rank 0 one more, so rank 0 makes an eleventh allreduce step alone: it fails with "Horovod has been shut down" once rank 1 has finished."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

num_examples = hvd.size() * 10 + 1
features = np.arange(num_examples * 2, dtype=np.float32).reshape(num_examples, 2) / num_examples
dataset = tf.data.Dataset.from_tensor_slices(features).shard(hvd.size(), hvd.rank())

weights = tf.Variable(tf.ones([2, 1]))
hvd.broadcast_variables([weights], root_rank=0)

for example in dataset:
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(tf.reshape(example, [1, 2]) @ weights))
    (gradient,) = tape.gradient(loss, [weights])
    weights.assign_sub(0.01 * hvd.allreduce(gradient))  # expect: rank-divergent-collective
print("trained on", num_examples, "examples")
