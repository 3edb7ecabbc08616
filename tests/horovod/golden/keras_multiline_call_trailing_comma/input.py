import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
model.compile(
    loss="mse",
    optimizer=tf.keras.optimizers.SGD(
        learning_rate=0.01,  # tuned on one GPU
    ),
)
model.fit(
    tf.ones([8, 2]),
    tf.ones([8, 1]),
    epochs=1,
)
