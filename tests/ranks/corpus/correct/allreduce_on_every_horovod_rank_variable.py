"""Every process averages the loss with hvd.allreduce; only the one horovodrun's Gloo launcher started with HOROVOD_RANK=0 prints it, and HOROVOD_SIZE is the same everywhere."""

import os

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
loss = tf.reduce_mean(tf.square(tf.random.normal([8], seed=hvd.local_rank())))
if int(os.environ["HOROVOD_SIZE"]) > 1:
    loss = hvd.allreduce(loss)
if int(os.environ["HOROVOD_RANK"]) == 0:
    print("mean loss", float(loss))
