import tensorflow as tf


class Trainer(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
        self.optimizer.minimize(loss, self.trainable_variables, tape=tape)
        return {"loss": loss}


dataset = tf.data.Dataset.from_tensor_slices((tf.ones([32, 2]), tf.ones([32, 1]))).batch(4)
trainer = Trainer()
trainer.compile(optimizer=tf.keras.optimizers.SGD(0.1))
trainer.fit(dataset, epochs=2)
