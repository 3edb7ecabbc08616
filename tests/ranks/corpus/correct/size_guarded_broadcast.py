"""The broadcast is guarded by hvd.size() > 1, which is the same on every rank: all ranks take the same branch."""

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()

model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(3)])
if hvd.size() > 1:
    hvd.broadcast_variables(model.variables, root_rank=0)
total = hvd.allreduce(tf.reduce_sum(model(tf.ones([1, 2]))), op=hvd.Sum)
if hvd.rank() == 0:
    print("sum of outputs over ranks", float(total))
