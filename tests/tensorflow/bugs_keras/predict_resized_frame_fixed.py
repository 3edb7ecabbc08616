"""A digit classifier trained on 256x256 grey images predicting on a camera frame resized to
128x128.

Rebuilt from https://github.com/keras-team/keras/issues/16347 ("expected shape=(None, 2566,
256, 1), found shape=(32, 128, 1)" [sic]; ``final_image = cv2.resize(final_image, (128, 128))``,
``np.reshape(final_image, (1, 128, 128, 1))``, ``model.predict(final_image)``). Fixed twin: the
frame is resized to the model's 256x256, as the answer says.
"""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential(
    [
        tf.keras.layers.Conv2D(8, 3, activation="relu", input_shape=(256, 256, 1)),
        tf.keras.layers.MaxPooling2D(4),
        tf.keras.layers.Flatten(),
        tf.keras.layers.Dense(10, activation="softmax"),
    ]
)

frame = np.random.default_rng(8).random((480, 640)).astype("float32")
final_image = tf.image.resize(frame[..., None], (256, 256)).numpy()[..., 0]
final_image = np.reshape(final_image, (1, final_image.shape[0], final_image.shape[1], 1))
pred = model.predict(final_image, verbose=0)
print(np.argmax(pred))
