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

if "CUDA_VISIBLE_DEVICES" not in os.environ:
    pass

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(learning_rate=0.1 * hvd.size())
ckpt = tf.train.Checkpoint(model=model)
manager = tf.train.CheckpointManager(ckpt, "./ckpts", max_to_keep=3)
for step in range(4):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones([1, 3])))
    tape = hvd.DistributedGradientTape(tape)
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if hvd_first_step.value():
        hvd.broadcast_variables(model.variables, root_rank=0)
        hvd.broadcast_variables(opt.variables(), root_rank=0)
        hvd_first_step.assign(False)
    if step % 2 == 0: print("step", step) if hvd.rank() == 0 else None; print("loss", loss.numpy()) if hvd.rank() == 0 else None
    last = step
    if hvd.rank() == 0:
        print("saved", last)
path = manager.save() if hvd.rank() == 0 else None
if hvd.rank() == 0:
    tf.saved_model.save(model, "./exported")
