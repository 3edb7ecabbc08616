"""Every rank makes a temporary directory with tempfile.mkdtemp() (a different one in each process); rank 0 saves the trained Keras model there and every rank loads it back: rank 1 reads its own empty directory, "No such file or directory".

Source: https://github.com/cellarium-ai/cellarium-ml/pull/104 (the temporary directory differs per rank with two devices), found again by issue 29 in a rewritten Keras tutorial.
Rank source: hvd.rank().
Framework: Horovod (TensorFlow Keras).
"""

import os
import tempfile

import horovod.tensorflow.keras as hvd
import numpy as np
import tensorflow as tf

hvd.init()
rng = np.random.default_rng(0)
features = rng.normal(size=(64, 5)).astype("float32")
labels = rng.normal(size=(64, 1)).astype("float32")
model = tf.keras.Sequential([tf.keras.Input(shape=(5,)), tf.keras.layers.Dense(1)])
model.compile(optimizer=hvd.DistributedOptimizer(tf.keras.optimizers.SGD(0.01)), loss="mse")
model.fit(
    features,
    labels,
    batch_size=16,
    epochs=1,
    callbacks=[hvd.callbacks.BroadcastGlobalVariablesCallback(0)],
    verbose=0,
)
export_dir = tempfile.mkdtemp()
model_path = os.path.join(export_dir, "model.h5")
if hvd.rank() == 0:
    model.save(model_path)
restored = tf.keras.models.load_model(model_path, compile=False)  # expect: rank-file-divergence
print(restored.predict(features[:2], verbose=0).shape)
