"""Invalid sizes against real TensorFlow 2.12 (tracker issue 30, item 2): a negative or zero
layer size, a negative or out-of-range tensor size, fails where TensorFlow fails (the layer's
constructor, the creating op) with its message, never later with a shape message built from the
invalid size. Each program uses the invalid object on a later line, as the probe's did."""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check

BODIES = {
    "dense-negative-units": (
        "layer = tf.keras.layers.Dense(-5)\nresult = layer(tf.zeros([2, 3]))\n"
    ),
    "dense-zero-units-is-fine": "layer = tf.keras.layers.Dense(0)\nresult = layer.units\n",
    "conv2d-negative-filters": (
        "layer = tf.keras.layers.Conv2D(-1, 3)\nresult = layer(tf.zeros([1, 8, 8, 3]))\n"
    ),
    "conv1d-zero-filters": (
        "layer = tf.keras.layers.Conv1D(0, 3)\nresult = layer(tf.zeros([1, 8, 3]))\n"
    ),
    "lstm-negative-units": (
        "layer = tf.keras.layers.LSTM(-4)\nresult = layer(tf.zeros([2, 5, 3]))\n"
    ),
    "gru-zero-units": "layer = tf.keras.layers.GRU(0)\nresult = layer(tf.zeros([2, 5, 3]))\n",
    "simple-rnn-negative-units": (
        "layer = tf.keras.layers.SimpleRNN(-2)\nresult = layer(tf.zeros([2, 5, 3]))\n"
    ),
    "embedding-negative-input-dim": (
        "layer = tf.keras.layers.Embedding(-1, 4)\nresult = layer(tf.zeros([2, 3], tf.int32))\n"
    ),
    "embedding-negative-output-dim": (
        "layer = tf.keras.layers.Embedding(10, -4)\nresult = layer(tf.zeros([2, 3], tf.int32))\n"
    ),
    "zeros-out-of-range": "x = tf.zeros((10**20,))\nresult = x + tf.ones([3])\n",
    "zeros-negative": "x = tf.zeros((-1, 3))\nresult = tf.matmul(x, tf.ones([2, 2]))\n",
    "ones-negative": "x = tf.ones([2, -3])\nresult = x + tf.ones([4])\n",
    "fill-negative": "x = tf.fill([-2], 1.0)\nresult = x + tf.ones([3])\n",
    "random-normal-negative": "x = tf.random.normal([-1, 2])\nresult = x + tf.ones([3])\n",
    "random-uniform-negative": "x = tf.random.uniform([3, -1])\nresult = x + tf.ones([2])\n",
    "zeros-too-many-elements": "x = tf.zeros([2**62, 4])\nresult = x + tf.ones([3])\n",
    "reshape-out-of-range": (
        "x = tf.zeros([6])\ny = tf.reshape(x, [10**20, -1])\nresult = y + tf.ones([4])\n"
    ),
}

CASES = Case.cases_of(BODIES)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_tensorflow(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
