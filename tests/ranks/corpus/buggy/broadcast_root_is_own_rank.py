"""broadcast_variables uses root_rank=hvd.rank(), so every rank claims to be the root: Horovod fails with "Mismatched BROADCAST root ranks"."""

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()

model = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Dense(2)])
hvd.broadcast_variables(model.variables, root_rank=hvd.rank())  # expect: collective-mismatch
print("initial weights synchronised")
