import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
base_rate = 0.05
opt = tf.keras.optimizers.RMSprop(learning_rate=base_rate / 2)


def step(x, y):
    with tf.GradientTape(persistent=False) as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
        # gradients computed while still recording
        grads = tape.gradient(loss, model.trainable_variables)
    pairs = list(zip(grads, model.trainable_variables))
    opt.apply_gradients(pairs)
    return loss


for i in range(10):
    step(tf.ones([4, 2]), tf.ones([4, 1]))
