"""Fixed twin of video_frames_size
(https://github.com/harvitronix/five-video-classification-methods/issues/150): the frames are
resized to the extractor's 224x224 first."""

import numpy as np
import tensorflow as tf

base_inputs = tf.keras.Input(shape=(224, 224, 3))
x = tf.keras.layers.Conv2D(8, 3, strides=4, activation="relu")(base_inputs)
features = tf.keras.layers.GlobalAveragePooling2D()(x)
extractor = tf.keras.Model(inputs=base_inputs, outputs=features)


def extract(frames):
    return extractor.predict(frames, verbose=0)


frames = np.random.default_rng(12).random((2, 240, 320, 3)).astype("float32")
frames = tf.image.resize(frames, (224, 224)).numpy()
print(extract(frames).shape)
