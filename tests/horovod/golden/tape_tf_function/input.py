"""A custom training loop compiled with tf.function (draft rules: import, tape, apply_gradients)."""
import os

import tensorflow as tf

os.environ["CUDA_VISIBLE_DEVICES"] = "0"  # the rewrite pins GPUs itself

features = tf.random.normal([256, 8])
targets = tf.random.normal([256, 1])
dataset = tf.data.Dataset.from_tensor_slices((features, targets)).shuffle(256).batch(32).repeat()

model = tf.keras.Sequential([tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(1)])
loss_fn = tf.keras.losses.MeanSquaredError()
opt = tf.keras.optimizers.SGD(0.01, momentum=0.9)
checkpoint = tf.train.Checkpoint(model=model, optimizer=opt)


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(y, model(x, training=True))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


for step, (x, y) in enumerate(dataset.take(100)):
    loss = train_step(x, y)
    if step % 10 == 0:
        print(f"step {step}: loss {loss.numpy():.4f}")

checkpoint.save("./checkpoints/ckpt")
