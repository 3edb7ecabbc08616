"""The dataset is sharded unevenly across the workers (one more example than a multiple of the size), so rank 0 runs one more batch than the others and its last gradient allreduce waits forever.

Source: https://github.com/horovod/horovod/issues/2420 (comment: "(most commonly) the dataset is unevenly divided so one of the ranks is performing more batches than the others").
Rank source: hvd.rank() in Dataset.shard.
Framework: Horovod (TensorFlow).
"""

import tensorflow as tf
import horovod.tensorflow as hvd

hvd.init()
num_examples = 4 * hvd.size() + 1
dataset = tf.data.Dataset.from_tensor_slices(tf.random.normal((num_examples, 3)))
dataset = dataset.shard(hvd.size(), hvd.rank()).batch(2)
model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.build((None, 3))
hvd.broadcast_variables(model.variables, root_rank=0)
optimizer = tf.keras.optimizers.SGD(0.01)
for batch in dataset:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(batch)))
    tape = hvd.DistributedGradientTape(tape)
    gradients = tape.gradient(loss, model.trainable_variables)  # expect: rank-divergent-collective
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
