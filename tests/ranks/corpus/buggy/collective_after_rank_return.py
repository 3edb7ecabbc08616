"""sync_weights returns early on every rank but 0, so only rank 0 reaches broadcast_variables: it fails with "Horovod has been shut down" once rank 1 has finished."""

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()

model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(2)])


def sync_weights(network: tf.keras.Model) -> None:
    if hvd.rank() != 0:
        return
    print("rank 0 sends its initial weights")
    hvd.broadcast_variables(network.variables, root_rank=0)  # expect: rank-divergent-collective


sync_weights(model)
print("weights in sync:", [tuple(v.shape) for v in model.variables])
