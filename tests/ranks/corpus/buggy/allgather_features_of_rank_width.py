"""Each rank's feature rows have 4 + rank columns; allgather allows a different first dimension only: Horovod fails with "Mismatched ALLGATHER tensor shapes"."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

rng = np.random.default_rng(hvd.rank())
local_features = tf.constant(rng.normal(size=(6, 4 + hvd.rank())), dtype=tf.float32)
all_features = hvd.allgather(local_features)  # expect: collective-mismatch
print("gathered", all_features.shape)
