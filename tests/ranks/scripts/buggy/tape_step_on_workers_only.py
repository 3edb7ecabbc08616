import horovod.tensorflow as hvd
import tensorflow as tf

hvd.init()
w = tf.Variable(tf.ones((2, 2)))
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(w * w)
tape = hvd.DistributedGradientTape(tape)
if hvd.rank() != 0:
    grads = tape.gradient(loss, [w])  # expect: rank-divergent-collective
