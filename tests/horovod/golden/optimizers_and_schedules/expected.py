import keras
import tensorflow as tf
from tensorflow.keras import optimizers
import horovod.tensorflow as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")
hvd_first_step = tf.Variable(True, trainable=False)

decay = tf.keras.optimizers.schedules.ExponentialDecay(0.1 * hvd.size(), decay_steps=100, decay_rate=0.96)
poly = keras.optimizers.schedules.PolynomialDecay(initial_learning_rate=0.2 * hvd.size(), decay_steps=50, end_learning_rate=0.0001 * hvd.size())
steps = tf.keras.optimizers.schedules.PiecewiseConstantDecay([10, 20], [0.1 * hvd.size(), 0.01 * hvd.size(), 0.001 * hvd.size()])
values = [0.3, 0.03]
piecewise = tf.keras.optimizers.schedules.PiecewiseConstantDecay(boundaries=[5], values=[hvd_value * hvd.size() for hvd_value in values])

sgd = tf.keras.optimizers.SGD(decay)
legacy = tf.keras.optimizers.legacy.Adagrad(learning_rate=0.001 * hvd.size())
nadam = keras.optimizers.Nadam(learning_rate=poly)
rms = optimizers.RMSprop(learning_rate=0.002 * hvd.size(), rho=0.8)
adamw = tf.keras.optimizers.experimental.AdamW(weight_decay=0.01, learning_rate=0.001 * hvd.size())
adadelta = tf.optimizers.Adadelta(steps)
ftrl = tf.keras.optimizers.Ftrl(piecewise)
scaled = tf.keras.optimizers.Adamax((0.5 if True else 0.1) * hvd.size())

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(model(tf.ones([2, 2])))
tape = hvd.DistributedGradientTape(tape)
grads = tape.gradient(loss, model.trainable_variables)
sgd.apply_gradients(zip(grads, model.trainable_variables))
if hvd_first_step.value():
    hvd.broadcast_variables(model.variables, root_rank=0)
    hvd.broadcast_variables(sgd.variables(), root_rank=0)
    hvd_first_step.assign(False)
