import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.1)
examples = tf.data.Dataset.range(200).map(lambda i: tf.cast([i], tf.float32))
examples = examples.take(150)
batches = examples.shuffle(150).batch(10).repeat()
for step, batch in enumerate(batches.take(30)):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(batch[:, None]))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
