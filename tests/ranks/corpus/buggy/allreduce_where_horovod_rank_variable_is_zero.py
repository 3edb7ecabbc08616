"""Only the process horovodrun's Gloo launcher started with HOROVOD_RANK=0 averages the loss with hvd.allreduce: it fails with "Horovod has been shut down" once rank 1 has finished."""

import os

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
loss = tf.reduce_mean(tf.square(tf.random.normal([8], seed=hvd.local_rank())))
if os.environ["HOROVOD_RANK"] == "0":
    loss = hvd.allreduce(loss)  # expect: rank-divergent-collective
print("loss", float(loss), "of", os.environ["HOROVOD_SIZE"], "processes")
