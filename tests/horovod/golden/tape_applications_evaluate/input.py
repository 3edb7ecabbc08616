import tensorflow as tf

net = tf.keras.applications.MobileNetV2(weights=None, input_shape=(32, 32, 3), classes=10)
net.compile(loss="sparse_categorical_crossentropy", metrics=["accuracy"])
opt = tf.keras.optimizers.SGD(0.1)
images = tf.zeros([4, 32, 32, 3])
labels = tf.zeros([4], tf.int64)
for epoch in range(2):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(labels, net(images)))
    grads = tape.gradient(loss, net.trainable_variables)
    opt.apply_gradients(zip(grads, net.trainable_variables))
    net.evaluate(images, labels)
net.save_weights("net")
