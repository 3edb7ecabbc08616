"""Rank 0 averages the loss across workers for its log line (hvd.allreduce named avg_loss) while the other ranks skip the logging: "allreduce.avg_loss [missing ranks: 1]".

Source: https://github.com/horovod/horovod/issues/429 (stalled op allreduce.avg_loss, missing ranks: 1).
Rank source: hvd.rank().
Framework: Horovod (TensorFlow).
"""

import tensorflow as tf
import horovod.tensorflow as hvd

hvd.init()
model = tf.keras.Sequential([tf.keras.layers.Dense(4), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.01 * hvd.size())
for step in range(4):
    x, y = tf.random.normal((8, 3)), tf.random.normal((8, 1))
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    tape = hvd.DistributedGradientTape(tape)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    if step == 0:
        hvd.broadcast_variables(model.variables, root_rank=0)
    if step % 2 == 1 and hvd.rank() == 0:
        avg_loss = hvd.allreduce(loss, name="avg_loss")  # expect: rank-divergent-collective
        print("step", step, "avg loss", float(avg_loss))
