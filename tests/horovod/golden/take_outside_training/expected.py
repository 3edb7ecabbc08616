import tensorflow as tf
import horovod.tensorflow as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")
hvd_first_step = tf.Variable(True, trainable=False)

dataset = tf.data.Dataset.from_tensor_slices(tf.ones([100, 3])).batch(10)
for sample in dataset.take(1):
    if hvd.rank() == 0:
        tf.print(sample.shape)

train = dataset.repeat().take(40 // hvd.size())
model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.1 * hvd.size())
for batch in train:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(batch))
    tape = hvd.DistributedGradientTape(tape)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if hvd_first_step.value():
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(opt.variables(), root_rank=0)
        hvd_first_step.assign(False)
