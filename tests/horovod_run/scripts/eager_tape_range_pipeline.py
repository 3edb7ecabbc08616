"""An eager GradientTape loop (no tf.function) over a pipeline built from Dataset.range with a
map step, iterated with enumerate; the loss is printed every few steps."""

import tensorflow as tf

tf.random.set_seed(2)
true_w = tf.constant([[2.0], [-1.0]])


def make_example(i):
    x = tf.stack([tf.cast(i, tf.float32) / 100.0, tf.sin(tf.cast(i, tf.float32))])
    return x, tf.matmul(x[None, :], true_w)[0]


dataset = tf.data.Dataset.range(128)
dataset = dataset.map(make_example)
dataset = dataset.batch(8)

weights = tf.Variable(tf.zeros([2, 1]))
bias = tf.Variable(tf.zeros([1]))
opt = tf.keras.optimizers.SGD(learning_rate=0.1)

for epoch in range(2):
    for step, (xb, yb) in enumerate(dataset):
        with tf.GradientTape() as tape:
            prediction = tf.matmul(xb, weights) + bias
            loss = tf.reduce_mean(tf.square(prediction - yb))
        grads = tape.gradient(loss, [weights, bias])
        opt.apply_gradients(zip(grads, [weights, bias]))
        if step % 4 == 0:
            print(f"epoch {epoch} step {step} loss {loss.numpy():.4f}")
