"""Rank 0 and the others take different arms, but each arm does one allreduce of the same shape: the ranks agree on every collective."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
if hvd.rank() == 0:
    print("rank 0 counts its labelled examples")
    counts = hvd.allreduce(tf.constant(rng.integers(0, 5, size=3), dtype=tf.float32), op=hvd.Sum)
else:
    counts = hvd.allreduce(tf.constant(rng.integers(0, 5, size=3), dtype=tf.float32), op=hvd.Sum)
print("class counts over all ranks:", counts.numpy())
