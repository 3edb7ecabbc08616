"""The per-example loss vector is allreduced instead of its mean, and rank 0's shard holds one more example: Horovod fails with "Mismatched ALLREDUCE tensor shapes"."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

num_examples = hvd.size() * 10 + 1
features = np.linspace(-1.0, 1.0, num_examples * 2, dtype=np.float32).reshape(num_examples, 2)
shard = next(iter(tf.data.Dataset.from_tensor_slices(features).shard(hvd.size(), hvd.rank()).batch(64)))

weights = tf.ones([2, 1])
per_example_losses = tf.reshape(tf.square(shard @ weights), [-1])
losses = hvd.allreduce(per_example_losses)  # expect: collective-mismatch
print("mean loss", float(tf.reduce_mean(losses)))
