"""The shards are uneven (size * 10 + 1 examples) but every rank takes the same number of batches from its repeated shard, so every rank makes the same steps."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

batch_size = 4
num_examples = hvd.size() * 10 + 1
steps_per_epoch = num_examples // (hvd.size() * batch_size)
features = np.linspace(0.0, 1.0, num_examples * 2, dtype=np.float32).reshape(num_examples, 2)
dataset = (
    tf.data.Dataset.from_tensor_slices(features)
    .shard(hvd.size(), hvd.rank())
    .repeat()
    .batch(batch_size)
    .take(steps_per_epoch)
)

weights = tf.Variable(tf.ones([2, 1]))
hvd.broadcast_variables([weights], root_rank=0)
for batch in dataset:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(batch @ weights))
    (gradient,) = hvd.DistributedGradientTape(tape).gradient(loss, [weights])
    weights.assign_sub(0.1 * gradient)
print(f"rank {hvd.rank()}: {steps_per_epoch} steps")
