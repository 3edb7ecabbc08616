import tensorflow as tf
import horovod.tensorflow as hvd

hvd.init()
gpus = tf.config.list_physical_devices("GPU")
for gpu in gpus:
    tf.config.experimental.set_memory_growth(gpu, True)
if gpus:
    tf.config.set_visible_devices(gpus[hvd.local_rank()], "GPU")
hvd_first_step = tf.Variable(True, trainable=False)
def hvd_average_running_statistics(model):
    # Each rank's BatchNormalization layers keep moving statistics of its own batches (Horovod
    # averages gradients, not these): average them so that every rank holds the same model.
    for layer in model.submodules:
        if isinstance(layer, tf.keras.layers.BatchNormalization):
            for statistic in (layer.moving_mean, layer.moving_variance):
                statistic.assign(hvd.allreduce(statistic, op=hvd.Average))
def hvd_shard(data):
    # This rank's part: every hvd.size()-th element from index hvd.rank(), as many elements on
    # every rank (the remainder is left out) so that all ranks run the same number of steps.
    if isinstance(data, tf.data.Dataset):
        count = int(data.cardinality()) // hvd.size() * hvd.size()
        return data.take(count).shard(hvd.size(), hvd.rank())
    return data[hvd.rank() : len(data) // hvd.size() * hvd.size() : hvd.size()]

net = tf.keras.applications.MobileNetV2(weights=None, input_shape=(32, 32, 3), classes=10)
net.compile(loss="sparse_categorical_crossentropy", metrics=["accuracy"])
opt = tf.keras.optimizers.SGD(0.1)
images = tf.zeros([4, 32, 32, 3])
labels = tf.zeros([4], tf.int64)
for epoch in range(2):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(hvd_shard(labels), net(hvd_shard(images))))
    tape = hvd.DistributedGradientTape(tape)
    grads = tape.gradient(loss, net.trainable_variables)
    opt.apply_gradients(zip(grads, net.trainable_variables))
    if hvd_first_step.value():
        hvd.broadcast_variables(net.variables, root_rank=0)
        hvd.broadcast_variables(opt.variables(), root_rank=0)
        hvd_first_step.assign(False)
    net.evaluate(images, labels, verbose=1 if hvd.rank() == 0 else 0)
hvd_average_running_statistics(net)
if hvd.rank() == 0:
    net.save_weights("net")
