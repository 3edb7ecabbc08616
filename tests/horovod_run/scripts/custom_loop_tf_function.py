"""Advanced-quickstart style: a subclassed model trained by a @tf.function step over a shuffled,
batched tf.data pipeline, with metrics, a print per epoch and a checkpoint at the end."""

import tensorflow as tf

tf.random.set_seed(11)
images = tf.random.uniform([160, 8, 8, 1])
labels = tf.random.uniform([160], maxval=4, dtype=tf.int32)
train_ds = tf.data.Dataset.from_tensor_slices((images, labels)).shuffle(160, seed=11).batch(16)


class SmallConvNet(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.conv = tf.keras.layers.Conv2D(4, 3, activation="relu")
        self.flatten = tf.keras.layers.Flatten()
        self.head = tf.keras.layers.Dense(4)

    def call(self, x):
        return self.head(self.flatten(self.conv(x)))


model = SmallConvNet()
loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.Adam(learning_rate=0.005)
train_loss = tf.keras.metrics.Mean(name="train_loss")


@tf.function
def train_step(batch_images, batch_labels):
    with tf.GradientTape() as tape:
        predictions = model(batch_images, training=True)
        loss = loss_object(batch_labels, predictions)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    train_loss(loss)


for epoch in range(2):
    train_loss.reset_states()
    for batch_images, batch_labels in train_ds:
        train_step(batch_images, batch_labels)
    print("epoch", epoch + 1, "loss", train_loss.result().numpy())

checkpoint = tf.train.Checkpoint(model=model, optimizer=optimizer)
checkpoint.save("checkpoints/ckpt")
