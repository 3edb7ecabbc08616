"""Pinning each process to the GPU of its local rank (none on a CPU machine) changes no collective: every rank does the same allreduce."""

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()

gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")

total = hvd.allreduce(tf.constant([float(hvd.rank()), 1.0]), op=hvd.Sum)
print(f"rank {hvd.rank()} of {hvd.size()}: total {total.numpy().tolist()}")
