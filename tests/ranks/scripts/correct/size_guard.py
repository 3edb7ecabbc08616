import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
weights = tf.zeros((3,))
if hvd.size() > 1:
    weights = hvd.broadcast(weights, root_rank=0)
weights = hvd.allreduce(weights)
