import tensorflow as tf
from tensorflow.keras.optimizers import Adam
import horovod.tensorflow as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")
hvd_first_step = tf.Variable(True, trainable=False)
hvd_first_step_2 = tf.Variable(True, trainable=False)

generator = tf.keras.Sequential([tf.keras.layers.Dense(4)])
discriminator = tf.keras.Sequential([tf.keras.layers.Dense(1)])
g_opt = Adam(1e-4 * hvd.size(), beta_1=0.5)
d_opt = Adam(learning_rate=1e-4 * hvd.size(), beta_1=0.5)
summary_writer = (tf.summary.create_file_writer("./logs") if hvd.rank() == 0 else tf.summary.create_noop_writer())


@tf.function
def train_step(noise, real):
    with tf.GradientTape() as g_tape, tf.GradientTape() as d_tape:
        fake = generator(noise)
        d_loss = tf.reduce_mean(discriminator(fake)) - tf.reduce_mean(discriminator(real))
        g_loss = -tf.reduce_mean(discriminator(fake))
    g_tape = hvd.DistributedGradientTape(g_tape)
    d_tape = hvd.DistributedGradientTape(d_tape)
    g_grads = g_tape.gradient(g_loss, generator.trainable_variables)
    d_grads = d_tape.gradient(d_loss, discriminator.trainable_variables)
    g_opt.apply_gradients(zip(g_grads, generator.trainable_variables))
    if hvd_first_step.value():
        hvd.broadcast_variables(generator.variables, root_rank=0)
        hvd.broadcast_variables(g_opt.variables(), root_rank=0)
        hvd_first_step.assign(False)
    d_opt.apply_gradients(zip(d_grads, discriminator.trainable_variables))
    if hvd_first_step_2.value():
        hvd.broadcast_variables(discriminator.variables, root_rank=0)
        hvd.broadcast_variables(d_opt.variables(), root_rank=0)
        hvd_first_step_2.assign(False)
    return g_loss, d_loss


for step in range(20):
    g_loss, d_loss = train_step(tf.random.normal([8, 4]), tf.random.normal([8, 4]))
    with summary_writer.as_default():
        tf.summary.scalar("g_loss", g_loss, step=step)
