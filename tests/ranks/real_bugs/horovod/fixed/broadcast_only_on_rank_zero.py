"""Fixed twin: Rank 0 broadcasts its initial weights but the other ranks do not call the broadcast to receive them: "rank 0 is broadcasting, but the other ranks are not awaiting the broadcast".

Source: https://github.com/horovod/horovod/issues/477 (broadcast.*conv2.weight [missing ranks 1, 2, 3]).
Rank source: hvd.rank().
Framework: Horovod (TensorFlow).
"""

import tensorflow as tf
import horovod.tensorflow as hvd

hvd.init()
model = tf.keras.Sequential(
    [tf.keras.layers.Conv2D(4, 3), tf.keras.layers.Flatten(), tf.keras.layers.Dense(2)]
)
model.build((None, 8, 8, 1))
if True:
    hvd.broadcast_variables(model.variables, root_rank=0)
optimizer = tf.keras.optimizers.SGD(0.01)
for step in range(2):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(tf.random.normal((4, 8, 8, 1))))
    tape = hvd.DistributedGradientTape(tape)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
