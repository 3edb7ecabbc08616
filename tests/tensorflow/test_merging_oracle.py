"""Keras merge layers (``Add``, ``Subtract``, ``Multiply``, ``Average``, ``Maximum``, ``Minimum``,
``Concatenate``, ``Dot``) and their functional forms against real Keras 2.12: output shapes,
symbolic and eager, and the failures of their first call in Keras's words; a layer object that
may have been built before is never reported on."""

from __future__ import annotations

import random

import pytest

from .oracle import TENSORFLOW, Case, check

LAYERS = "tf.keras.layers"


def _tensor(shape: tuple[int | None, ...], symbolic: bool) -> str:
    if symbolic:
        return f"tf.keras.Input(shape={tuple(shape[1:])!r})"
    return f"tf.zeros({list(shape)!r})"


def _generated(count: int) -> dict[str, str]:
    """Random element-wise, concatenation and dot merges of small shapes, eager and symbolic."""
    rng = random.Random("keras-merging")
    bodies: dict[str, str] = {}
    for index in range(count):
        symbolic = rng.random() < 0.4
        rank = rng.randint(2, 4)
        batch = rng.choice((2, 3))
        first = (batch, *(rng.choice((1, 2, 3)) for _ in range(rank - 1)))
        second = list(first)
        for position in range(1, rank):
            if rng.random() < 0.3:
                second[position] = rng.choice((1, 2, 3))
        if rng.random() < 0.2:
            second = second[:1] + second[2:] if rank > 2 else second
        if not symbolic and rng.random() < 0.15:
            second[0] = 5
        kind = rng.choice(("Add", "Multiply", "Maximum", "Average", "Concatenate", "Dot"))
        arguments = ""
        if kind == "Concatenate":
            arguments = f"axis={rng.choice((-1, 1))}"
        elif kind == "Dot":
            arguments = f"axes={rng.choice((1, -1))}"
        inputs = f"[{_tensor(first, symbolic)}, {_tensor(tuple(second), symbolic)}]"
        bodies[f"generated-{index}"] = f"result = {LAYERS}.{kind}({arguments})({inputs})\n"
    return bodies


BODIES = {
    "concatenate": f"result = {LAYERS}.Concatenate()([tf.zeros([2, 3]), tf.zeros([2, 4])])\n",
    "concatenate-batch": f"result = {LAYERS}.Concatenate()([tf.zeros([2, 3]), tf.zeros([3, 4])])\n",
    "concatenate-axis": f"result = {LAYERS}.Concatenate(axis=0)([tf.zeros([2, 3]), tf.zeros([3, 3])])\n",
    "concatenate-ranks": (
        f"result = {LAYERS}.Concatenate()([tf.keras.Input((3,)), tf.keras.Input((4, 5))])\n"
    ),
    "concatenate-symbolic": (
        f"result = {LAYERS}.Concatenate(axis=1)([tf.keras.Input((3, 5)), tf.keras.Input((4, 5))])\n"
    ),
    "concatenate-symbolic-bug": (
        f"result = {LAYERS}.Concatenate()([tf.keras.Input((3, 5)), tf.keras.Input((4, 5))])\n"
    ),
    "concatenate-one": f"result = {LAYERS}.Concatenate()([tf.zeros([2, 3])])\n",
    "concatenate-function": (
        f"result = {LAYERS}.concatenate([tf.zeros([2, 3, 1]), tf.zeros([2, 3, 4])], axis=-1)\n"
    ),
    "concatenate-function-bug": (
        f"result = {LAYERS}.concatenate([tf.zeros([2, 3]), tf.zeros([2, 4])], axis=0)\n"
    ),
    "add": f"result = {LAYERS}.Add()([tf.zeros([2, 3]), tf.zeros([2, 3]), tf.zeros([2, 1])])\n",
    "add-bug": f"result = {LAYERS}.Add()([tf.zeros([2, 3]), tf.zeros([2, 4])])\n",
    "add-symbolic-bug": f"result = {LAYERS}.Add()([tf.keras.Input((3,)), tf.keras.Input((4,))])\n",
    "add-ranks": f"result = {LAYERS}.Add()([tf.keras.Input((3,)), tf.keras.Input((2, 3))])\n",
    "add-function": f"result = {LAYERS}.add([tf.zeros([4, 5]), tf.zeros([4, 5])])\n",
    "subtract": f"result = {LAYERS}.Subtract()([tf.zeros([2, 3]), tf.zeros([2, 3])])\n",
    "subtract-three": (
        f"result = {LAYERS}.Subtract()([tf.keras.Input((3,)), tf.keras.Input((3,)), "
        "tf.keras.Input((3,))])\n"
    ),
    "multiply-one": f"result = {LAYERS}.Multiply()([tf.keras.Input((3,))])\n",
    "average": f"result = {LAYERS}.Average()([tf.zeros([2, 3]), tf.zeros([2, 1])])\n",
    "maximum-batch": f"result = {LAYERS}.Maximum()([tf.zeros([2, 3]), tf.zeros([5, 3])])\n",
    "minimum-function": f"result = {LAYERS}.minimum([tf.zeros([6, 2]), tf.zeros([6, 2])])\n",
    "dot": f"result = {LAYERS}.Dot(axes=1)([tf.zeros([2, 3]), tf.zeros([2, 3])])\n",
    "dot-bug": f"result = {LAYERS}.Dot(axes=1)([tf.zeros([2, 3]), tf.zeros([2, 4])])\n",
    "dot-pair": f"result = {LAYERS}.Dot(axes=(1, 2))([tf.zeros([2, 3, 4]), tf.zeros([2, 5, 3])])\n",
    "dot-symbolic": f"result = {LAYERS}.Dot(axes=-1)([tf.keras.Input((3, 4)), tf.keras.Input((5, 4))])\n",
    "dot-symbolic-bug": (
        f"result = {LAYERS}.Dot(axes=-1)([tf.keras.Input((3, 4)), tf.keras.Input((5, 6))])\n"
    ),
    "dot-normalize": (
        f"result = {LAYERS}.Dot(axes=1, normalize=True)([tf.zeros([2, 3]), tf.zeros([2, 3])])\n"
    ),
    "dot-function": f"result = {LAYERS}.dot([tf.zeros([2, 3]), tf.zeros([2, 3])], axes=1)\n",
    "two-towers": (
        "left = tf.keras.Input(shape=(16,), name='left')\n"
        "right = tf.keras.Input(shape=(8,), name='right')\n"
        f"a = {LAYERS}.Dense(32, activation='relu')(left)\n"
        f"b = {LAYERS}.Dense(32, activation='relu')(right)\n"
        f"merged = {LAYERS}.Concatenate()([a, b])\n"
        f"summed = {LAYERS}.Add()([a, b])\n"
        f"result = {LAYERS}.Dense(1)({LAYERS}.concatenate([merged, summed]))\n"
    ),
    "two-towers-bug": (
        "left = tf.keras.Input(shape=(16,), name='left')\n"
        "right = tf.keras.Input(shape=(8,), name='right')\n"
        f"a = {LAYERS}.Dense(32, activation='relu')(left)\n"
        f"b = {LAYERS}.Dense(16, activation='relu')(right)\n"
        f"result = {LAYERS}.Add()([a, b])\n"
    ),
    **_generated(60),
}

UNMODELLED = {
    # A layer object called before is already built: its build checks do not run again (the
    # op itself fails, in other words), so tensorls does not report on a stored layer.
    "stored-layer": (
        f"merge = {LAYERS}.Add()\n"
        "merge([tf.zeros([2, 3]), tf.zeros([2, 3])])\n"
        "result = merge([tf.zeros([2, 3]), tf.zeros([2, 4])])\n"
    ),
}

CASES = Case.cases_of(BODIES, unmodelled=UNMODELLED)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_keras(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
