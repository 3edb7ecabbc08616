import numpy as np
from tensorflow import keras

x = np.zeros((32, 4), dtype="float32")
y = np.zeros((32, 1), dtype="float32")

inputs = keras.Input(shape=(4,))
outputs = keras.layers.Dense(1)(inputs)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="mse")
model.summary()
model.fit(
    x,
    y,
    epochs=2,
    callbacks=[keras.callbacks.ModelCheckpoint("model.h5"), keras.callbacks.EarlyStopping()],
)
model.save_weights("weights.h5")
print("done")
