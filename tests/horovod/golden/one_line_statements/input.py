import os
import tensorflow as tf

if "CUDA_VISIBLE_DEVICES" not in os.environ:
    os.environ["CUDA_VISIBLE_DEVICES"] = "1"

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(learning_rate=0.1)
ckpt = tf.train.Checkpoint(model=model)
manager = tf.train.CheckpointManager(ckpt, "./ckpts", max_to_keep=3)
for step in range(4):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(model(tf.ones([1, 3])))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    if step % 2 == 0: print("step", step); print("loss", loss.numpy())
    last = step; print("saved", last)
path = manager.save()
tf.saved_model.save(model, "./exported")
