import sys

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
weights = tf.zeros((4, 4))
if hvd.rank() > 0:
    sys.exit(0)
weights = hvd.broadcast(weights, root_rank=0)  # expect: rank-divergent-collective
