"""Each rank holds a different number of predictions; allgather accepts a different first dimension on every rank."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
local_predictions = tf.constant(rng.normal(size=(5 + 3 * hvd.rank(), 4)), dtype=tf.float32)
all_predictions = hvd.allgather(local_predictions)
if hvd.rank() == 0:
    print("gathered predictions:", all_predictions.shape)
