"""Rank 0 broadcasts its 5 label names' embedding while the others pass an empty placeholder: Horovod fails with "Mismatched BROADCAST tensor shapes"."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

if hvd.rank() == 0:
    label_embedding = tf.constant(np.random.default_rng(0).normal(size=(5, 8)), dtype=tf.float32)
else:
    label_embedding = tf.zeros([0, 8])
label_embedding = hvd.broadcast(label_embedding, root_rank=0)  # expect: collective-mismatch
print("label embedding", label_embedding.shape)
