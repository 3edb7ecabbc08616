"""Uneven shards give rank 0 one more label than the others; allgather accepts a different first dimension, and only rank 0 uses the gathered labels."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

num_examples = hvd.size() * 5 + 1
labels = tf.data.Dataset.range(num_examples).shard(hvd.size(), hvd.rank())
local_labels = tf.constant(list(labels.as_numpy_iterator()), dtype=tf.int64)
all_labels = hvd.allgather(local_labels)
if hvd.rank() == 0:
    print("every label seen once:", sorted(all_labels.numpy().tolist()) == list(range(num_examples)))
