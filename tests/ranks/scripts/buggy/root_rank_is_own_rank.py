import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
state = tf.zeros((8,))
state = hvd.broadcast(state, root_rank=hvd.rank())  # expect: collective-mismatch
