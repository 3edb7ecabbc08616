"""A custom loop driven by a step counter and next() on an iterator over a repeated pipeline,
with a legacy Keras optimizer, a summary writer, and a CheckpointManager (next to the script)
whose latest checkpoint is restored at the end."""

import os

import tensorflow as tf

tf.random.set_seed(6)
x = tf.random.normal([96, 3])
y = tf.reduce_sum(x, axis=1, keepdims=True)
batches = tf.data.Dataset.from_tensor_slices((x, y)).batch(12).repeat()
iterator = iter(batches)

layer_model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,))])
optimizer = tf.keras.optimizers.legacy.Adam(learning_rate=0.05)
checkpoint = tf.train.Checkpoint(model=layer_model)
here = os.path.dirname(os.path.abspath(__file__))
saved_to = os.path.join(here, "managed")
manager = tf.train.CheckpointManager(checkpoint, saved_to, max_to_keep=2)
writer = tf.summary.create_file_writer("summaries")

step = 0
while step < 10:
    xb, yb = next(iterator)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(layer_model(xb) - yb))
    grads = tape.gradient(loss, layer_model.trainable_variables)
    optimizer.apply_gradients(zip(grads, layer_model.trainable_variables))
    with writer.as_default():
        tf.summary.scalar("loss", loss, step=step)
    step += 1
manager.save()
checkpoint.restore(tf.train.latest_checkpoint(saved_to)).assert_consumed()
print("trained for", step, "steps; last loss", loss.numpy())
