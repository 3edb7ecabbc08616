import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
metric = tf.constant([1.0, 2.0])
if hvd.rank() == 0:
    metric = hvd.allreduce(metric)  # expect: rank-divergent-collective
total = hvd.allreduce(tf.ones((3,)))
