"""Keras loss objects (``tf.keras.losses.SparseCategoricalCrossentropy()(y, p)``, ...) and metric
objects against real Keras 2.12: sparse against one-hot labels, binary with and without logits,
point-wise losses, reductions, metrics' ``update_state``/``result``, and loss objects given to
``compile``: the result shapes, or the failure where and as Keras raises it."""

from __future__ import annotations

import itertools

import pytest

from .oracle import TENSORFLOW, Case, check

LOSSES = "tf.keras.losses"
SHAPES = ([8], [8, 1], [8, 5], [8, 4], [7], [8, 3, 5], [1, 5])
KINDS = (
    "SparseCategoricalCrossentropy()",
    "SparseCategoricalCrossentropy(from_logits=True)",
    "CategoricalCrossentropy()",
    "BinaryCrossentropy()",
    "BinaryCrossentropy(from_logits=True)",
    "MeanSquaredError()",
    "MeanAbsoluteError(reduction='none')",
    "Huber()",
)


def _label(shape: list[int], kind: str) -> str:
    dtype = ", tf.int32" if kind.startswith("Sparse") else ""
    return f"tf.zeros({shape}{dtype})"


CALLS = {
    f"loss-{index}": (
        (kind, labels, predictions),
        f"result = {LOSSES}.{kind}({_label(labels, kind)}, tf.zeros({predictions}))\n",
    )
    for index, (kind, labels, predictions) in enumerate(
        (kind, labels, predictions)
        for kind in KINDS
        for labels, predictions in itertools.product(SHAPES, SHAPES[1:4])
    )
}
GENERATED = {
    name: body
    for name, ((kind, labels, predictions), body) in CALLS.items()
    if not (
        kind.startswith("Sparse") and predictions[-1] == 1 and len(labels) == len(predictions) - 1
    )
}
# Sparse labels against a single class column: Keras squeezes the predictions to a vector and
# then fails with reshaped logits; not modelled (never reported).
UNMODELLED = {name: body for name, (_, body) in CALLS.items() if name not in GENERATED}

MLP = (
    "model = tf.keras.Sequential([\n"
    "    tf.keras.layers.Dense(16, activation='relu', input_shape=(20,)),\n"
    "    tf.keras.layers.Dense(10),\n"
    "])\n"
)

BODIES = {
    **GENERATED,
    "reduction-none": (
        f"result = {LOSSES}.CategoricalCrossentropy(reduction='none')("
        "tf.zeros([6, 3]), tf.zeros([6, 3]))\n"
    ),
    "sparse-sequence": (
        f"result = {LOSSES}.SparseCategoricalCrossentropy(reduction='none')("
        "tf.zeros([4, 7], tf.int32), tf.zeros([4, 7, 9]))\n"
    ),
    "metric-mse": (
        "metric = tf.keras.metrics.MeanSquaredError()\n"
        "metric.update_state(tf.zeros([8, 4]), tf.zeros([8, 4]))\n"
        "result = metric.result()\n"
    ),
    "metric-mse-bug": (
        "metric = tf.keras.metrics.MeanSquaredError()\n"
        "metric.update_state(tf.zeros([8, 4]), tf.zeros([8, 5]))\n"
        "result = metric.result()\n"
    ),
    "metric-categorical-bug": (
        "metric = tf.keras.metrics.CategoricalCrossentropy()\n"
        "result = metric(tf.zeros([8, 4]), tf.zeros([8, 5]))\n"
    ),
    "metric-accuracy": (
        "metric = tf.keras.metrics.SparseCategoricalAccuracy()\n"
        "metric.update_state(tf.zeros([8]), tf.zeros([8, 5]))\n"
        "metric.reset_state()\n"
        "result = metric(tf.zeros([8]), tf.zeros([8, 5]))\n"
    ),
    "metric-mean": (
        "metric = tf.keras.metrics.Mean()\n"
        "metric.update_state(tf.zeros([3, 2]))\n"
        "result = metric.result()\n"
    ),
    "compile-object": (
        MLP + f"model.compile('adam', loss={LOSSES}.SparseCategoricalCrossentropy())\n"
        "model.fit(np.zeros((64, 20)), np.zeros((64, 10)), verbose=0)\nresult = 0\n"
    ),
    "compile-object-categorical": (
        MLP + f"model.compile('adam', loss={LOSSES}.CategoricalCrossentropy())\n"
        "model.fit(np.zeros((64, 20)), np.zeros((64, 9)), verbose=0)\nresult = 0\n"
    ),
    "compile-object-clean": (
        MLP
        + f"model.compile('adam', loss={LOSSES}.SparseCategoricalCrossentropy(from_logits=True))\n"
        "model.fit(np.zeros((64, 20)), np.zeros(64), verbose=0)\nresult = 0\n"
    ),
    "training-loop": (
        MLP + f"loss_fn = {LOSSES}.SparseCategoricalCrossentropy(from_logits=True)\n"
        "optimizer = tf.keras.optimizers.Adam()\n"
        "x, y = tf.zeros([32, 20]), tf.zeros([32], tf.int32)\n"
        "with tf.GradientTape() as tape:\n"
        "    loss = loss_fn(y, model(x))\n"
        "grads = tape.gradient(loss, model.trainable_variables)\n"
        "optimizer.apply_gradients(zip(grads, model.trainable_variables))\n"
        "result = grads[2]\n"
    ),
    "training-loop-labels-bug": (
        MLP + f"loss_fn = {LOSSES}.SparseCategoricalCrossentropy(from_logits=True)\n"
        "x, y = tf.zeros([32, 20]), tf.one_hot(tf.zeros([32], tf.int32), 10)\n"
        "with tf.GradientTape() as tape:\n"
        "    loss = loss_fn(y, model(x))\n"
        "result = tape.gradient(loss, model.trainable_variables)[0]\n"
    ),
}

CASES = Case.cases_of(BODIES, unmodelled=UNMODELLED)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_keras(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
