"""The 2 * size + 1 examples give rank 0 three and the others two, but batches of 2 dropping the remainder make one step on every rank, so every rank reaches the same allreduce."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

num_examples = 2 * hvd.size() + 1
features = np.arange(num_examples * 3, dtype=np.float32).reshape(num_examples, 3)
dataset = (
    tf.data.Dataset.from_tensor_slices(features)
    .shard(hvd.size(), hvd.rank())
    .batch(2, drop_remainder=True)
)

weights = tf.Variable(tf.zeros([3, 1]))
hvd.broadcast_variables([weights], root_rank=0)
for batch in dataset:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(batch @ weights - 1.0))
    (gradient,) = hvd.DistributedGradientTape(tape).gradient(loss, [weights])
    weights.assign_sub(0.01 * gradient)
print(f"rank {hvd.rank()}: loss {float(loss):.4f}")
