"""``Attention``, ``AdditiveAttention`` and ``MultiHeadAttention`` against real Keras 2.12: output
and score shapes (query/value/key, ``attention_axes``, ``value_dim``, ``output_shape``,
``return_attention_scores``), eager and symbolic, and the failures of mismatched query, key and
value in TensorFlow's words (reported on eager tensors; ``MultiHeadAttention`` only on a certain
first call)."""

from __future__ import annotations

import pytest

from .oracle import TENSORFLOW, Case, check

LAYERS = "tf.keras.layers"


def _dot(kind: str, shapes: list[list[int]], scores: bool, item: int = 0) -> str:
    tensors = ", ".join(f"tf.zeros({shape})" for shape in shapes)
    flag = ", return_attention_scores=True" if scores else ""
    pick = f"[{item}]" if scores else ""
    return f"result = {LAYERS}.{kind}()([{tensors}]{flag}){pick}\n"


def _heads(options: str, shapes: list[list[int]], scores: bool = False, item: int = 0) -> str:
    tensors = ", ".join(f"tf.zeros({shape})" for shape in shapes)
    flag = ", return_attention_scores=True" if scores else ""
    pick = f"[{item}]" if scores else ""
    return f"result = {LAYERS}.MultiHeadAttention({options})({tensors}{flag}){pick}\n"


DOT_SHAPES = [
    [[2, 5, 16], [2, 9, 16]],
    [[2, 5, 16], [2, 9, 16], [2, 9, 7]],
    [[2, 5, 16], [2, 9, 8]],
    [[2, 5, 16], [3, 9, 16]],
    [[2, 5, 16], [2, 9, 16], [2, 8, 16]],
    [[2, 5, 16], [2, 9, 16], [2, 8, 7]],
    [[4, 3, 5, 6], [4, 3, 7, 6]],
    [[1, 6], [1, 6]],
]

BODIES = {
    **{
        f"{kind.lower()}-{index}-{scores}": _dot(kind, shapes, scores, int(scores))
        for kind in ("Attention", "AdditiveAttention")
        for index, shapes in enumerate(DOT_SHAPES)
        for scores in (False, True)
    },
    "attention-one-input": _dot("Attention", [[2, 5, 16]], False),
    "attention-four-inputs": _dot("Attention", [[2, 5, 4]] * 4, False),
    "attention-symbolic": (
        f"result = {LAYERS}.Attention()([tf.keras.Input((5, 16)), tf.keras.Input((9, 16))])\n"
    ),
    "heads-value": _heads("2, 8", [[2, 5, 16], [2, 9, 8]]),
    "heads-key": _heads("2, 8", [[2, 5, 16], [2, 9, 8], [2, 9, 4]]),
    "heads-key-steps": _heads("2, 8", [[2, 5, 16], [2, 9, 8], [2, 7, 8]]),
    "heads-batch": _heads("2, 8", [[2, 5, 16], [3, 9, 8]]),
    "heads-value-dim": _heads("2, 8, value_dim=4", [[2, 5, 16], [2, 9, 8]]),
    "heads-output-shape": _heads("3, 4, output_shape=10", [[2, 5, 16], [2, 9, 8]]),
    "heads-scores": _heads("2, 8", [[2, 5, 16], [2, 9, 8]], True, 1),
    "heads-output": _heads("2, 8", [[2, 5, 16], [2, 9, 8]], True, 0),
    "heads-axes": _heads("2, 8, attention_axes=(1,)", [[2, 5, 4, 16], [2, 9, 4, 8]], True, 1),
    "heads-axes-int": _heads("2, 8, attention_axes=2", [[2, 5, 4, 16], [2, 5, 3, 8]], True, 1),
    "heads-axes-two": _heads("2, 8, attention_axes=(1, 2)", [[2, 5, 4, 16], [2, 9, 3, 8]], True, 1),
    "heads-rank-4": _heads("2, 8", [[2, 5, 4, 16], [2, 9, 3, 8]], True, 1),
    "heads-axes-bug": _heads("2, 8, attention_axes=(1,)", [[2, 5, 4, 16], [2, 9, 3, 8]]),
    "heads-symbolic": (
        "x = tf.keras.Input(shape=(10, 32))\n"
        f"result = {LAYERS}.MultiHeadAttention(4, 8)(x, x, return_attention_scores=True)[1]\n"
    ),
    "transformer-block": (
        "tokens = tf.keras.Input(shape=(20,), dtype='int32')\n"
        f"x = {LAYERS}.Embedding(1000, 32)(tokens)\n"
        f"attended = {LAYERS}.MultiHeadAttention(num_heads=4, key_dim=8)(x, x)\n"
        f"x = {LAYERS}.LayerNormalization()(x + attended)\n"
        f"pooled = {LAYERS}.GlobalAveragePooling1D()(x)\n"
        f"result = {LAYERS}.Dense(2)(pooled)\n"
    ),
}

UNMODELLED = {
    # A stored MultiHeadAttention may have been built by an earlier call with other sizes.
    "heads-stored": (
        f"mha = {LAYERS}.MultiHeadAttention(2, 8)\n"
        "result = mha(tf.zeros([2, 5, 16]), tf.zeros([2, 9, 8]), tf.zeros([2, 7, 8]))\n"
    ),
    # Symbolic inputs fail in graph mode, worded differently.
    "attention-symbolic-bug": (
        f"result = {LAYERS}.Attention()([tf.keras.Input((5, 16)), tf.keras.Input((9, 8))])\n"
    ),
}

CASES = Case.cases_of(BODIES, unmodelled=UNMODELLED)


outcomes = TENSORFLOW.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_keras(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
