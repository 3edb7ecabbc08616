import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-3), loss="mse")
print(model.summary())
callbacks = [tf.keras.callbacks.EarlyStopping(patience=2)]
callbacks.append(tf.keras.callbacks.ModelCheckpoint("./checkpoint-{epoch}.h5"))
logger = tf.keras.callbacks.CSVLogger("log.csv")
model.fit(tf.ones([8, 2]), tf.ones([8, 1]), epochs=3, callbacks=callbacks + [logger])
