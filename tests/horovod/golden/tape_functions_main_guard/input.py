import numpy as np
import tensorflow as tf

STEPS = 40


def make_dataset():
    values = np.arange(32, dtype="float32").reshape(16, 2)
    return tf.data.Dataset.from_tensor_slices(values).batch(4)


model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam(1e-3)


@tf.function
def training_step(batch):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(batch))
    grads = tape.gradient(loss, model.trainable_variables)
    opt.apply_gradients(zip(grads, model.trainable_variables))
    return loss


def train(dataset):
    for step, batch in enumerate(dataset.repeat().take(STEPS)):
        loss = training_step(batch)
    print("picked", np.take(np.arange(3), 1))
    return loss


def main():
    final = train(make_dataset())
    print("final loss", float(final))


if __name__ == "__main__":
    main()
