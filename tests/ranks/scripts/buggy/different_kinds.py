import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
grads = tf.ones((3, 3))
if hvd.rank() == 0:
    grads = hvd.allreduce(grads)  # expect: collective-mismatch
else:
    grads = hvd.allgather(grads)
