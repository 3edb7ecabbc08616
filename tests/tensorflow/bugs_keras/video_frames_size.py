"""A feature extractor built on 224x224 frames (a functional model) given raw 240x320 video
frames.

Rebuilt from https://github.com/harvitronix/five-video-classification-methods/issues/150
("Input 0 is incompatible with layer model: expected shape=(None, 224, 224, 3), found
shape=(None, 240, 320, 3)"; the reporter's fix: load each image with ``target_size=(224, 224)``
in extractor.py). Fixed twin: the frames are resized to 224x224 before ``predict``.
"""

import numpy as np
import tensorflow as tf

base_inputs = tf.keras.Input(shape=(224, 224, 3))
x = tf.keras.layers.Conv2D(8, 3, strides=4, activation="relu")(base_inputs)
features = tf.keras.layers.GlobalAveragePooling2D()(x)
extractor = tf.keras.Model(inputs=base_inputs, outputs=features)


def extract(frames):
    return extractor.predict(frames, verbose=0)  # BUG


frames = np.random.default_rng(12).random((2, 240, 320, 3)).astype("float32")
print(extract(frames).shape)
