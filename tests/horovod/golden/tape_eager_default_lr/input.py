import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
optimizer = tf.optimizers.Adam()
data = tf.data.Dataset.range(64).map(lambda i: (tf.cast([i], tf.float32), tf.cast([i], tf.float32))).batch(8)

for epoch in range(3):
    for x, y in data:
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        variables = model.trainable_variables
        gradients = tape.gradient(loss, variables)
        optimizer.apply_gradients(zip(gradients, variables))
    print("epoch", epoch, "loss", float(loss))
