import numpy as np
import tensorflow as tf
import horovod.tensorflow as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")
hvd_first_step = tf.Variable(True, trainable=False)

STEPS = 40


def make_dataset():
    values = np.arange(32, dtype="float32").reshape(16, 2)
    return tf.data.Dataset.from_tensor_slices(values).batch(4)


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam(1e-3 * hvd.size())


@tf.function
def training_step(batch):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(batch))
    tape = hvd.DistributedGradientTape(tape)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if hvd_first_step.value():
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(opt.variables(), root_rank=0)
        hvd_first_step.assign(False)
    return loss


def train(dataset):
    for step, batch in enumerate(dataset.repeat().take(STEPS // hvd.size())):
        loss = training_step(batch)
    if hvd.rank() == 0:
        print("picked", np.take(np.arange(3), 1))
    return loss


def main():
    final = train(make_dataset())
    if hvd.rank() == 0:
        print("final loss", float(final))


if __name__ == "__main__":
    main()
