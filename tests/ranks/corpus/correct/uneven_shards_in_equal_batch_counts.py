"""The 3 * size + 1 examples give rank 0 four and the others three, but batches of 2 make two steps on every rank (the last batch is partial), so every rank reaches the same allreduces."""

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()

num_examples = 3 * hvd.size() + 1
dataset = tf.data.Dataset.range(num_examples).shard(hvd.size(), hvd.rank()).batch(2)

total = tf.constant(0.0)
for batch in dataset:
    total += hvd.allreduce(tf.reduce_sum(tf.cast(batch, tf.float32)), op=hvd.Sum)
if hvd.rank() == 0:
    print("sum of every example", float(total))
