"""Custom training loop organised in functions, run through a `__main__` guard.

The model, optimizer (SGD with momentum, keyword learning rate) and loss are module-level; the
dataset is built by a function, the `tf.function` train step and the epoch loop are functions, and
`main()` trains, prints progress and saves the weights.
"""

import numpy as np
import tensorflow as tf

NUM_SAMPLES = 768
NUM_FEATURES = 5
BATCH_SIZE = 32
STEPS = 90


def make_dataset(num_samples, num_features):
    rng = np.random.default_rng()
    inputs = rng.uniform(-1.0, 1.0, size=(num_samples, num_features)).astype("float32")
    outputs = np.sin(3.0 * inputs).sum(axis=1, keepdims=True).astype("float32")
    return tf.data.Dataset.from_tensor_slices((inputs, outputs)).shuffle(num_samples).batch(
        BATCH_SIZE
    )


model = tf.keras.Sequential(
    [
        tf.keras.layers.Dense(32, activation="tanh"),
        tf.keras.layers.Dense(32, activation="tanh"),
        tf.keras.layers.Dense(1),
    ]
)
optimizer = tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9)
mse = tf.keras.losses.MeanSquaredError()


@tf.function
def training_step(inputs, outputs):
    with tf.GradientTape() as tape:
        loss = mse(outputs, model(inputs, training=True))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


def train(dataset):
    for step, (inputs, outputs) in enumerate(dataset.repeat().take(STEPS)):
        loss = training_step(inputs, outputs)
        if step % 30 == 0:
            print("step", step, "loss", float(loss))
    return loss


def main():
    final_loss = train(make_dataset(NUM_SAMPLES, NUM_FEATURES))
    print("final loss", float(final_loss))
    model.save_weights("weights/model")


if __name__ == "__main__":
    main()
