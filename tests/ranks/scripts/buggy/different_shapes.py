import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
if hvd.rank() == 0:
    buffer = tf.zeros((4, 3))
else:
    buffer = tf.zeros((5, 3))
buffer = hvd.allreduce(buffer)  # expect: collective-mismatch
