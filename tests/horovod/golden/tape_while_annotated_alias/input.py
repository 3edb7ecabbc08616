import tensorflow as tf
from tensorflow.keras import optimizers as opts

model: tf.keras.Model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt: opts.Optimizer = opts.Adagrad(learning_rate=0.1)
data: tf.data.Dataset = tf.data.Dataset.from_tensors(tf.ones([2, 3])).repeat()
batches = iter(data.take(50))

step = 0
while step < 50:
    batch = next(batches)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(batch))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(grads_and_vars=zip(grads, model.trainable_variables))
    step += 1
