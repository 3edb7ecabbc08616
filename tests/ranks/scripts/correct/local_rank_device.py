import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
gpus = tf.config.experimental.list_physical_devices("GPU")
if gpus:
    tf.config.experimental.set_visible_devices(gpus[hvd.local_rank()], "GPU")
if hvd.local_rank() == 0:
    print("first process of this host")
x = hvd.allreduce(tf.ones((2,)))
