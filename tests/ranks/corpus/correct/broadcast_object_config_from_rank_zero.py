"""Only rank 0 builds the run configuration; broadcast_object from root 0 runs on every rank and gives it to all of them."""

import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()

config = None
if hvd.rank() == 0:
    config = {"learning_rate": 0.05, "epochs": 2, "hidden_units": 4}
config = hvd.broadcast_object(config, root_rank=0)

model = tf.keras.Sequential(
    [tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(config["hidden_units"]), tf.keras.layers.Dense(1)]
)
hvd.broadcast_variables(model.variables, root_rank=0)
for epoch in range(config["epochs"]):
    total = hvd.allreduce(tf.reduce_sum(model(tf.ones([2, 3]))))
    if hvd.rank() == 0:
        print(f"epoch {epoch}: {float(total):.4f}")
