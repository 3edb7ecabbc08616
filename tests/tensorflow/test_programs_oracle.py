"""Realistic TF2/Keras programs, each clean and with injected shape bugs, against TensorFlow 2.12.

A clean program runs under TensorFlow and tensorls reports nothing; a program with one injected
bug fails under TensorFlow, and tensorls reports exactly one error on the line where it fails,
with a message contained in TensorFlow's (see :mod:`tests.tensorflow.oracle`).
"""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check

MLP = """
features, hidden, classes, batch = 20, 32, 4, 16
w1 = tf.Variable(tf.random.normal([features, hidden], stddev=0.1))
b1 = tf.Variable(tf.zeros([hidden]))
w2 = tf.Variable(tf.random.normal([hidden, classes], stddev=0.1))
b2 = tf.Variable(tf.zeros([classes]))
x = tf.random.normal([batch, features])
y = tf.random.uniform([batch], maxval=classes, dtype=tf.int32)
optimizer = tf.keras.optimizers.SGD(0.1)


def forward(inputs):
    h = tf.nn.relu(tf.matmul(inputs, w1) + b1)
    return tf.matmul(h, w2) + b2


for step in range(3):
    with tf.GradientTape() as tape:
        logits = forward(x)
        losses = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits)
        loss = tf.reduce_mean(losses)
    grads = tape.gradient(loss, [w1, b1, w2, b2])
    optimizer.apply_gradients(zip(grads, [w1, b1, w2, b2]))
accuracy = tf.reduce_mean(tf.cast(tf.argmax(logits, axis=1, output_type=tf.int32) == y, tf.float32))
result = logits
"""

MLP_BUGS = {
    "mlp-weight": (
        "w2 = tf.Variable(tf.random.normal([hidden, classes]",
        "w2 = tf.Variable(tf.random.normal([features, classes]",
    ),
    "mlp-bias": ("b1 = tf.Variable(tf.zeros([hidden]))", "b1 = tf.Variable(tf.zeros([classes]))"),
    "mlp-one-hot-labels": ("labels=y, logits", "labels=tf.one_hot(y, classes), logits"),
    "mlp-dense-labels": (
        "tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y",
        "tf.nn.softmax_cross_entropy_with_logits(labels=tf.one_hot(y, 3)",
    ),
}

CNN = """
inputs = tf.keras.Input(shape=(28, 28, 1))
x = tf.keras.layers.Conv2D(16, 3, activation="relu")(inputs)
x = tf.keras.layers.MaxPooling2D()(x)
x = tf.keras.layers.Conv2D(32, 3, strides=2, padding="same", activation="relu")(x)
x = tf.keras.layers.Flatten()(x)
x = tf.keras.layers.Dense(64, activation="relu")(x)
x = tf.keras.layers.Dropout(0.3)(x)
outputs = tf.keras.layers.Dense(10)(x)
model = tf.keras.Model(inputs, outputs)
images = tf.random.normal([8, 28, 28, 1])
logits = model(images)
probabilities = tf.nn.softmax(logits)
labels = tf.one_hot(tf.random.uniform([8], maxval=10, dtype=tf.int32), 10)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))
flat = tf.reshape(images, [8, -1])
result = tf.concat([flat, probabilities], axis=1)
"""

CNN_BUGS = {
    "cnn-flat-input": (
        'x = tf.keras.layers.Conv2D(16, 3, activation="relu")(inputs)',
        'x = tf.keras.layers.Conv2D(16, 3, activation="relu")(tf.keras.layers.Flatten()(inputs))',
    ),
    "cnn-image-size": (
        "images = tf.random.normal([8, 28, 28, 1])",
        "images = tf.random.normal([8, 32, 32, 1])",
    ),
    "cnn-pooling-rank": (
        "x = tf.keras.layers.MaxPooling2D()(x)",
        "x = tf.keras.layers.MaxPooling2D()(x[0])",
    ),
    "cnn-labels": ("maxval=10, dtype=tf.int32), 10)", "maxval=10, dtype=tf.int32), 12)"),
    "cnn-reshape": ("tf.reshape(images, [8, -1])", "tf.reshape(images, [-1, 100])"),
    "cnn-concat": ("[flat, probabilities], axis=1", "[flat, probabilities], axis=0"),
}

SEQUENTIAL = """
model = tf.keras.Sequential()
model.add(tf.keras.layers.Dense(32, activation="relu", input_shape=(12,)))
model.add(tf.keras.layers.Dense(8, activation="relu"))
model.add(tf.keras.layers.Dense(1))
data = np.random.rand(64, 12).astype("float32")
batch = tf.convert_to_tensor(data[:16])
predictions = model(batch)
targets = tf.zeros([16, 1])
error = tf.reduce_mean(tf.square(predictions - targets))
result = tf.squeeze(predictions, axis=1)
"""

SEQUENTIAL_BUGS = {
    "sequential-features": ("data[:16]", "data[:16, :10]"),
    "sequential-squeeze": ("tf.squeeze(predictions, axis=1)", "tf.squeeze(predictions, axis=0)"),
    "sequential-targets": ("targets = tf.zeros([16, 1])", "targets = tf.zeros([8, 1])"),
}

ATTENTION = """
batch, length, heads, depth = 2, 5, 4, 8
x = tf.random.normal([batch, length, heads * depth])
wq = tf.random.normal([heads * depth, heads * depth])
q = tf.reshape(x @ wq, [batch, length, heads, depth])
q = tf.transpose(q, perm=[0, 2, 1, 3])
k = tf.transpose(tf.reshape(x, [batch, length, heads, depth]), [0, 2, 1, 3])
scores = tf.matmul(q, k, transpose_b=True) / tf.sqrt(float(depth))
weights = tf.nn.softmax(scores, axis=-1)
context = tf.matmul(weights, k)
merged = tf.reshape(tf.transpose(context, [0, 2, 1, 3]), [batch, length, heads * depth])
pooled = tf.reduce_mean(merged, axis=1, keepdims=True)
result = tf.stack([pooled, pooled], axis=1)
"""

ATTENTION_BUGS = {
    "attention-heads": (
        "tf.reshape(x @ wq, [batch, length, heads, depth])",
        "tf.reshape(x @ wq, [batch, length, heads, 2 * depth])",
    ),
    "attention-transpose": ("tf.matmul(q, k, transpose_b=True)", "tf.matmul(q, k)"),
    "attention-perm": ("perm=[0, 2, 1, 3]", "perm=[0, 2, 1]"),
    "attention-softmax-axis": ("axis=-1)", "axis=4)"),
    "attention-stack": ("tf.stack([pooled, pooled], axis=1)", "tf.stack([pooled, merged], axis=1)"),
}


def _cases() -> list[Case]:
    cases: list[Case] = []
    for name, program, bugs in (
        ("mlp", MLP, MLP_BUGS),
        ("cnn", CNN, CNN_BUGS),
        ("sequential", SEQUENTIAL, SEQUENTIAL_BUGS),
        ("attention", ATTENTION, ATTENTION_BUGS),
    ):
        cases.append(Case(name, program))
        for bug, (old, new) in bugs.items():
            assert program.count(old) == 1, (bug, old)
            cases.append(Case(bug, program.replace(old, new)))
    return cases


CASES = _cases()


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_tensorflow(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    if "-" in case.id:
        assert "error" in outcomes[case.id], "the injected bug must make TensorFlow fail"
    else:
        assert "error" not in outcomes[case.id], outcomes[case.id]
    check(case, outcomes[case.id])
