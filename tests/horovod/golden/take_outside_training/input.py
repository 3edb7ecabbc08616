import tensorflow as tf

dataset = tf.data.Dataset.from_tensor_slices(tf.ones([100, 3])).batch(10)
for sample in dataset.take(1):
    tf.print(sample.shape)

train = dataset.repeat().take(40)
model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.SGD(0.1)
for batch in train:
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(batch))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
