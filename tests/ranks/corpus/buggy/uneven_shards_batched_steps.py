"""The 4 * size + 1 examples give rank 0 five and the others four: in batches of 2, rank 0 makes a third allreduce step alone, which fails with "Horovod has been shut down" once the other ranks have finished."""

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()

dataset = tf.data.Dataset.range(4 * hvd.size() + 1).shard(hvd.size(), hvd.rank()).batch(2)

total = tf.constant(0.0)
for batch in dataset:
    total += hvd.allreduce(tf.reduce_sum(tf.cast(batch, tf.float32)))  # expect: rank-divergent-collective
print(f"rank {hvd.rank()}: {float(total)}")
