import tensorflow as tf
from tensorflow.keras import optimizers as opts
import horovod.tensorflow as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")
hvd_first_step = tf.Variable(True, trainable=False)

model: tf.keras.Model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt: opts.Optimizer = opts.Adagrad(learning_rate=0.1 * hvd.size())
data: tf.data.Dataset = tf.data.Dataset.from_tensors(tf.ones([2, 3])).repeat()
batches = iter(data.take(50 // hvd.size()))

step = 0
while step < 50:
    batch = next(batches)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(batch))
    tape = hvd.DistributedGradientTape(tape)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(grads_and_vars=zip(grads, model.trainable_variables))
    if hvd_first_step.value():
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(opt.variables(), root_rank=0)
        hvd_first_step.assign(False)
    step += 1
