"""The data is sharded by rank but every shard has the same number of batches (the example count is a multiple of size * batch), so every rank makes the same steps."""

import horovod.tensorflow as hvd
import numpy as np
import tensorflow as tf

hvd.init()

batch_size = 8
num_examples = hvd.size() * batch_size * 4
rng = np.random.default_rng(0)
features = rng.normal(size=(num_examples, 3)).astype(np.float32)
targets = features.sum(axis=1, keepdims=True)
dataset = (
    tf.data.Dataset.from_tensor_slices((features, targets))
    .shard(hvd.size(), hvd.rank())
    .batch(batch_size)
)

model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.05)
hvd.broadcast_variables(model.variables, root_rank=0)

for batch_features, batch_targets in dataset:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(batch_features) - batch_targets))
    tape = hvd.DistributedGradientTape(tape)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
if hvd.rank() == 0:
    print(f"last loss {float(loss):.4f}")
