"""A model class imported from another module, compiled with positional arguments, callbacks
gathered with append (a checkpoint and a logger), summary and predictions shown at the end."""

import numpy as np
import tensorflow as tf
from shared_blocks import TwoLayerNet

tf.keras.utils.set_random_seed(8)
points = np.random.normal(size=(150, 4)).astype("float32")
classes = np.argmax(points[:, :3], axis=1)

net = TwoLayerNet(10)
net.compile(
    tf.keras.optimizers.Nadam(0.01),
    tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
    metrics=["accuracy"],
)
callbacks = []
callbacks.append(
    tf.keras.callbacks.ModelCheckpoint("checkpoints/net_{epoch}", save_weights_only=True)
)
callbacks.append(tf.keras.callbacks.CSVLogger("log.csv"))
net.fit(points, classes, batch_size=15, epochs=2, callbacks=callbacks, shuffle=False)
net.summary()
print(net.predict(points[:3]))
