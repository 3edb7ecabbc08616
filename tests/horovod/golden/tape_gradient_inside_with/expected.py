import tensorflow as tf
import horovod.tensorflow as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")
hvd_first_step = tf.Variable(True, trainable=False)

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
base_rate = 0.05
opt = tf.keras.optimizers.RMSprop(learning_rate=(base_rate / 2) * hvd.size())


def step(x, y):
    with hvd.DistributedGradientTape(tf.GradientTape(persistent=False)) as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
        # gradients computed while still recording
        grads = tape.gradient(loss, model.trainable_variables)
    pairs = list(zip(grads, model.trainable_variables))
    opt.apply_gradients(pairs)
    if hvd_first_step.value():
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(opt.variables(), root_rank=0)
        hvd_first_step.assign(False)
    return loss


for i in range(10):
    step(tf.ones([4, 2]), tf.ones([4, 1]))
