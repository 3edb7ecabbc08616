"""The allreduce used as a barrier after the checkpoint write is indented into rank 0's checkpoint block, so only rank 0 waits at it: it fails with "Horovod has been shut down" once rank 1 has finished."""

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()

model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
hvd.broadcast_variables(model.variables, root_rank=0)
checkpoint = tf.train.Checkpoint(model=model)

if hvd.rank() == 0:
    checkpoint.write("checkpoint/model")
    hvd.allreduce(tf.constant(0.0), name="checkpoint_written")  # expect: rank-divergent-collective
print("every rank may now read the checkpoint")
