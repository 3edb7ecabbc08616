"""Rank 0's shard has one more example, so it makes one more allreduce step; hvd.join() on every rank lets the ranks that finished early take part in that allreduce until all have joined."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

num_examples = hvd.size() * 10 + 1
features = np.arange(num_examples * 2, dtype=np.float32).reshape(num_examples, 2) / num_examples
dataset = tf.data.Dataset.from_tensor_slices(features).shard(hvd.size(), hvd.rank())

weights = tf.Variable(tf.ones([2, 1]))
hvd.broadcast_variables([weights], root_rank=0)

steps = 0
for example in dataset:
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.square(tf.reshape(example, [1, 2]) @ weights))
    (gradient,) = tape.gradient(loss, [weights])
    weights.assign_sub(0.01 * hvd.allreduce(gradient))
    steps += 1
last_rank_to_join = hvd.join()
print(f"rank {hvd.rank()} made {steps} steps; the last rank to join was {int(last_rank_to_join)}")
