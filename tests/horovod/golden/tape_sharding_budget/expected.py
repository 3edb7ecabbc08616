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

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.1 * hvd.size())
examples = tf.data.Dataset.range(200).map(lambda i: tf.cast([i], tf.float32))
examples = hvd_shard(examples.take(150))
batches = examples.shuffle(150).batch(10).repeat()
for step, batch in enumerate(batches.take(30 // hvd.size())):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(batch[:, None]))
    tape = hvd.DistributedGradientTape(tape)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if hvd_first_step.value():
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(opt.variables(), root_rank=0)
        hvd_first_step.assign(False)
