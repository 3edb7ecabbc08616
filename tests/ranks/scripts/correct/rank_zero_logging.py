import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
x = tf.ones((4, 2))
for step in range(5):
    x = hvd.allreduce(x)
    if hvd.rank() == 0:
        print("step", step, x.shape)
verbose = 1 if hvd.rank() == 0 else 0
if hvd.rank() == 0:
    with open("/tmp/log.txt", "w") as log:
        log.write(str(verbose))
