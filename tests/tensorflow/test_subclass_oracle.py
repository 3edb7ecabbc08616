"""Subclassed ``tf.keras.Model`` and ``tf.keras.layers.Layer`` against real Keras 2.12: layers made
in ``__init__`` and used in ``call``, calling an instance runs ``call`` so shapes flow through the
model, and failures inside ``call`` are reported where Keras raises them (Keras wraps the message
in "Exception encountered when calling layer ...", which contains tensorls's text).
"""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check

CLASSIFIER = """
class Block(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.dense = tf.keras.layers.Dense(units, activation="relu")
        self.drop = tf.keras.layers.Dropout(0.1)

    def call(self, inputs, training=False):
        return self.drop(self.dense(inputs), training=training)


class Classifier(tf.keras.Model):
    def __init__(self, classes):
        super(Classifier, self).__init__()
        self.block = Block(64)
        self.flatten = tf.keras.layers.Flatten()
        self.out = tf.keras.layers.Dense(classes)

    def call(self, x, training=False):
        h = self.block(self.flatten(x), training=training)
        return self.out(h)


model = Classifier(10)
images = tf.zeros([8, 28, 28])
logits = model(images, training=True)
labels = tf.zeros([8], tf.int32)
loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
result = tf.nn.softmax(logits)
"""

CLASSIFIER_BUGS = {
    "classifier-labels": (
        "labels = tf.zeros([8], tf.int32)",
        "labels = tf.zeros([8, 10], tf.int32)",
    ),
    "classifier-in-call": ("return self.out(h)", "return self.out(tf.concat([h, x], axis=0))"),
    "classifier-after": ("result = tf.nn.softmax(logits)", "result = logits @ tf.zeros([8, 3])"),
}

RESIDUAL = """
class Residual(tf.keras.layers.Layer):
    def __init__(self, width):
        super().__init__()
        self.inner = tf.keras.layers.Dense(width)

    def call(self, x):
        return x + self.inner(x)


layer = Residual(16)
x = tf.random.normal([4, 16])
y = layer(x)
result = tf.reshape(y, [4, 4, 4])
"""

RESIDUAL_BUGS = {
    "residual-width": ("layer = Residual(16)", "layer = Residual(12)"),
    "residual-reshape": ("tf.reshape(y, [4, 4, 4])", "tf.reshape(y, [4, 4, 3])"),
}

BODIES = {
    "no-init": (
        "class Twice(tf.keras.Model):\n"
        "    def call(self, x):\n"
        "        return tf.concat([x, x], axis=1)\n"
        "result = Twice()(tf.zeros([3, 5]))\n"
    ),
    "numpy-input": (
        "class Head(tf.keras.Model):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.dense = tf.keras.layers.Dense(2)\n"
        "    def call(self, x):\n"
        "        return self.dense(x)\n"
        "result = Head()(np.zeros((6, 3), 'float32'))\n"
    ),
    "layer-list": (
        "class Stack(tf.keras.Model):\n"
        "    def __init__(self, sizes):\n"
        "        super().__init__()\n"
        "        self.hidden = [tf.keras.layers.Dense(size) for size in sizes]\n"
        "    def call(self, x):\n"
        "        for layer in self.hidden:\n"
        "            x = layer(x)\n"
        "        return x\n"
        "result = Stack([8, 4, 2])(tf.zeros([5, 3]))\n"
    ),
    "dense-rank-in-call": (
        "class Bad(tf.keras.layers.Layer):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.dense = tf.keras.layers.Dense(2, name='proj')\n"
        "    def call(self, x):\n"
        "        return self.dense(tf.reduce_sum(x))\n"
        "result = Bad()(tf.zeros([6, 3]))\n"
    ),
}

IMPRECISE = {
    # ``build`` is not run by tensorls: the weights it makes are unknown, and so is the result.
    "custom-build": (
        "class Linear(tf.keras.layers.Layer):\n"
        "    def __init__(self, units):\n"
        "        super().__init__()\n"
        "        self.units = units\n"
        "    def build(self, input_shape):\n"
        "        self.w = self.add_weight(shape=(input_shape[-1], self.units))\n"
        "    def call(self, x):\n"
        "        return tf.matmul(x, self.w)\n"
        "result = Linear(4)(tf.zeros([2, 3]))\n"
    ),
}


def _variants(source: str, bugs: dict[str, tuple[str, str]], name: str) -> list[Case]:
    cases = [Case(f"{name}-clean", source)]
    for bug, (old, new) in bugs.items():
        assert old in source, bug
        cases.append(Case(bug, source.replace(old, new)))
    return cases


CASES = (
    _variants(CLASSIFIER, CLASSIFIER_BUGS, "classifier")
    + _variants(RESIDUAL, RESIDUAL_BUGS, "residual")
    + Case.cases_of(BODIES, IMPRECISE)
)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_keras(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
