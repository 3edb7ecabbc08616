"""Keras sequence and normalisation layers (Keras 2.12): ``SimpleRNN``, ``LSTM``, ``GRU``
(``return_sequences``), ``Bidirectional`` around one of them, ``Embedding``,
``MultiHeadAttention``, ``BatchNormalization`` and ``LayerNormalization``.

A recurrent layer needs an input of rank 3 (Keras's input spec, reported in its words); its
output is ``(batch, units)``, or ``(batch, steps, units)`` with ``return_sequences``.
``return_state``, ``time_major`` and unknown options give an unknown output (Keras returns a
list, or other axes). ``Bidirectional`` concatenates (``merge_mode="concat"``: twice the units)
or combines (``sum``/``mul``/``ave``) the two directions. ``Embedding`` appends its output size
to the input's shape; ``MultiHeadAttention`` gives the query's shape (its checks of the value and
key are not modelled; ``return_attention_scores`` gives an unknown pair); the normalisation
layers keep the shape.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays.dims import UNKNOWN, Dim
from ...arrays.shapes import Shape
from ...domains.base import AbstractValue
from ...interpreter.natives import CallContext
from .keras_layers import LayerValue, make_layer

RECURRENT = ("SimpleRNN", "LSTM", "GRU")


def _recurrent_shape(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    layer.require_rank(shape, 3, False)
    units = layer.option("units")
    size = units if isinstance(units, int) else UNKNOWN
    sequences = layer.option("return_sequences")
    if sequences is None or layer.option("plain") is not True:
        return None
    return (shape[0], shape[1], size) if sequences else (shape[0], size)


def _bidirectional_shape(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    inner = layer.option("layer")
    mode = layer.option("merge_mode")
    if not isinstance(inner, LayerValue) or inner.kind not in RECURRENT:
        return None
    output = _recurrent_shape(inner, shape)
    if output is None or mode not in ("concat", "sum", "mul", "ave"):
        return None
    last = output[-1]
    if mode == "concat":
        last = 2 * last if isinstance(last, int) else UNKNOWN
    return (*output[:-1], last)


def _embedding_shape(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    size = layer.option("output_dim")
    return (*shape, size if isinstance(size, int) else UNKNOWN)


def _attention_shape(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    """``MultiHeadAttention``'s output: the query's shape, its last size ``output_shape`` when
    given (an int)."""
    if not shape:
        return None
    size = layer.option("output_shape")
    if size is False:
        return shape
    return (*shape[:-1], size) if isinstance(size, int) else None


def _same_shape(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    return shape


SHAPE_RULES: dict[str, Callable[[LayerValue, tuple[Dim, ...]], Shape]] = {
    **dict.fromkeys(RECURRENT, _recurrent_shape),
    "Bidirectional": _bidirectional_shape,
    "Embedding": _embedding_shape,
    "MultiHeadAttention": _attention_shape,
    "BatchNormalization": _same_shape,
    "LayerNormalization": _same_shape,
}
"""The output shape of each layer kind of this module for an input of a known rank (raising
Keras's ``CertainShapeError`` for a certain input-spec failure)."""


def recurrent(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``SimpleRNN``/``LSTM``/``GRU(units, ..., return_sequences=False, return_state=False,
    go_backwards=False, stateful=False, time_major=False, ...)``."""

    def construct(ctx: CallContext) -> AbstractValue:
        flags = {}
        for flag in ("return_sequences", "return_state", "time_major"):
            value = ctx.kwargs.get(flag)
            flags[flag] = False if value is None else ctx.bool_constant(value)
        config: dict[str, object] = {
            "units": ctx.int_constant(ctx.arg(0, "units")),
            "return_sequences": flags["return_sequences"],
            "plain": flags["return_state"] is False and flags["time_major"] is False,
        }
        return make_layer(ctx, kind, config)

    return construct


def bidirectional(ctx: CallContext) -> AbstractValue:
    """``Bidirectional(layer, merge_mode="concat", ...)``."""
    mode = ctx.arg(1, "merge_mode")
    inner = ctx.arg(0, "layer")
    config: dict[str, object] = {
        "layer": inner if isinstance(inner, LayerValue) else None,
        "merge_mode": "concat" if mode is None else ctx.str_constant(mode),
    }
    return make_layer(ctx, "Bidirectional", config)


def embedding(ctx: CallContext) -> AbstractValue:
    """``Embedding(input_dim, output_dim, ...)``."""
    return make_layer(ctx, "Embedding", {"output_dim": ctx.int_constant(ctx.arg(1, "output_dim"))})


def multi_head_attention(ctx: CallContext) -> AbstractValue:
    """``MultiHeadAttention(num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True,
    output_shape=None, ...)``: called on ``(query, value, ...)``."""
    given = ctx.arg(5, "output_shape")
    size: object = False if given is None or ctx.is_none(given) else ctx.int_constant(given)
    return make_layer(ctx, "MultiHeadAttention", {"output_shape": size})


def normalisation(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``BatchNormalization``/``LayerNormalization(axis=-1, ...)``: shape-preserving."""
    return lambda ctx: make_layer(ctx, kind, {})


LAYERS: dict[str, Callable[[CallContext], AbstractValue]] = {
    **{kind: recurrent(kind) for kind in RECURRENT},
    "Bidirectional": bidirectional,
    "Embedding": embedding,
    "MultiHeadAttention": multi_head_attention,
    "BatchNormalization": normalisation("BatchNormalization"),
    "LayerNormalization": normalisation("LayerNormalization"),
}
