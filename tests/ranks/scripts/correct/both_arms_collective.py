import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
value = tf.ones((2,))
if hvd.rank() == 0:
    print("rank 0 reduces")
    value = hvd.allreduce(value, name="value")
else:
    value = hvd.allreduce(value, name="value")
