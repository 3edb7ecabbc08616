"""Rank 0 broadcasts the class weights while the other ranks allreduce theirs: the first collectives differ in kind and the job hangs."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

counts = tf.constant(np.random.default_rng(hvd.rank()).integers(1, 10, size=4), dtype=tf.float32)
if hvd.rank() == 0:
    class_weights = hvd.broadcast(1.0 / counts, root_rank=0)  # expect: collective-mismatch
else:
    class_weights = hvd.allreduce(1.0 / counts)
print("class weights", class_weights.numpy())
