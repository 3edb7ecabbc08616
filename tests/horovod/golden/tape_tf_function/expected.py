"""A custom training loop compiled with tf.function (draft rules: import, tape, apply_gradients)."""
import os

import tensorflow as tf
import horovod.tensorflow as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")
hvd_first_step = tf.Variable(True, trainable=False)
def hvd_shard(data):
    # This rank's part: every hvd.size()-th element from index hvd.rank(), as many elements on
    # every rank (the remainder is left out) so that all ranks run the same number of steps.
    if isinstance(data, tf.data.Dataset):
        count = int(data.cardinality()) // hvd.size() * hvd.size()
        return data.take(count).shard(hvd.size(), hvd.rank())
    return data[hvd.rank() : len(data) // hvd.size() * hvd.size() : hvd.size()]

features = tf.random.normal([256, 8])
targets = tf.random.normal([256, 1])
dataset = hvd_shard(tf.data.Dataset.from_tensor_slices((features, targets))).shuffle(256).batch(32).repeat()

model = tf.keras.Sequential([tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(1)])
loss_fn = tf.keras.losses.MeanSquaredError()
opt = tf.keras.optimizers.SGD(0.01 * hvd.size(), momentum=0.9)
checkpoint = tf.train.Checkpoint(model=model, optimizer=opt)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    tape = hvd.DistributedGradientTape(tape)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if hvd_first_step.value():
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(opt.variables(), root_rank=0)
        hvd_first_step.assign(False)
    return loss


for step, (x, y) in enumerate(dataset.take(100 // hvd.size())):
    loss = train_step(x, y)
    if step % 10 == 0:
        if hvd.rank() == 0:
            print(f"step {step}: loss {loss.numpy():.4f}")

if hvd.rank() == 0:
    checkpoint.save("./checkpoints/ckpt")
