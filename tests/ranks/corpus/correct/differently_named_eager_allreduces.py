"""Rank 0 names its eager allreduce differently from the others, but in eager mode Horovod keys a collective by its op type and the name is unused: both arms do one allreduce of the same shape and the ranks agree."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

loss = tf.constant(np.random.default_rng(hvd.rank()).random(), dtype=tf.float32)
if hvd.rank() == 0:
    mean_loss = hvd.allreduce(loss, name="chief_loss")
    print("mean loss", float(mean_loss))
else:
    mean_loss = hvd.allreduce(loss, name="worker_loss")
