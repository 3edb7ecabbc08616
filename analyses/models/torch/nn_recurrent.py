"""Sequence layers of ``torch.nn``: ``RNN``/``LSTM``/``GRU``, ``MultiheadAttention`` and
``TransformerEncoderLayer``.

A recurrent layer returns ``(output, h_n)`` (``LSTM``: ``(output, (h_n, c_n))``): the output is
``(L, N, D * H_out)`` (``(N, L, D * H_out)`` with ``batch_first``, ``(L, D * H_out)`` unbatched)
and each state ``(D * num_layers, N, H)`` (``D`` is 2 when bidirectional; ``H_out`` is
``proj_size`` when given). An initial state given is checked as PyTorch checks it (see
:mod:`.nn_recurrent_state`). ``MultiheadAttention`` returns ``(output, weights)``: the query's shape with
``embed_dim`` last, and the attention weights ``(N, L, S)`` averaged over the heads,
``(N, heads, L, S)`` otherwise, ``None`` without ``need_weights``; masks are not checked.
A ``TransformerEncoderLayer`` (and a ``TransformerEncoder`` stack of them) keeps its input's
shape; its failures depend on whether it takes
its fast path (evaluation mode without gradients) and are never reported.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import AXIS
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext
from . import nn_messages as words
from .convert import TorchOperand
from .nn_base import (
    LayerValue,
    Silent,
    bool_argument,
    certainly_differ,
    fail,
    floating,
    int_argument,
    make_layer,
    require,
    run_rule,
    tensor_input,
)
from .nn_recurrent_state import GivenState, check_sizes, read_state, state_operand, state_sizes
from .values import TorchTensor

RECURRENT = ("RNN", "LSTM", "GRU")


def recurrent_shapes(
    layer: LayerValue, shape: tuple[Dim, ...], state: GivenState | None = None
) -> tuple[Shape, Shape, Shape] | None:
    """The shapes of the output, ``h_n`` and ``c_n`` for an input of ``shape`` and an initial
    ``state`` (see :mod:`.nn_recurrent_state`); ``None`` when a state was given whose later
    checks are not modelled."""
    if len(shape) not in (2, 3):
        raise fail(AXIS, words.recurrent_rank(layer.kind, len(shape)))
    batched = len(shape) == 3
    checked = None if state is None else state_sizes(layer, batched, state)
    expected = _size(layer.option("input_size"))
    require(
        certainly_differ(shape[-1], expected),
        lambda: fail(AXIS, words.recurrent_input(expected, shape[-1])),
        expected,
        shape[-1],
    )
    hidden = _size(layer.option("hidden_size"))
    projection = layer.option("proj_size")
    out = projection if isinstance(projection, int) and projection > 0 else hidden
    layers = layer.option("num_layers")
    directions = layer.option("directions")
    stacked = (
        directions * layers if isinstance(layers, int) and isinstance(directions, int) else UNKNOWN
    )
    batch_first = layer.option("batch_first")
    if not batched:
        batch: Dim = 1
    elif batch_first is None:
        batch = UNKNOWN
    else:
        batch = shape[0] if batch_first else shape[1]
    if checked is not None:
        sizes, known_result = checked
        check_sizes(sizes, stacked, batch)
        if not known_result:
            return None
    if not isinstance(stacked, int):
        return None, None, None
    width = directions * out if isinstance(out, int) else UNKNOWN  # type: ignore[operator]
    if not batched:
        return (shape[0], width), (stacked, out), (stacked, hidden)
    if batch_first is None:
        return None, None, None
    steps = shape[1] if batch_first else shape[0]
    output = (batch, steps, width) if batch_first else (steps, batch, width)
    return output, (stacked, batch, out), (stacked, batch, hidden)


def _size(value: object) -> Dim:
    return value if isinstance(value, int) else UNKNOWN


def _recurrent_forward(layer: LayerValue, ctx: CallContext) -> AbstractValue:
    source = tensor_input(ctx)
    if source is None:
        return TOP
    assert source.shape is not None
    value = ctx.arg(1, "hx")
    state = read_state(ctx, value)
    found = run_rule(
        ctx,
        lambda: recurrent_shapes(layer, source.shape, state),  # type: ignore[arg-type]
        [source, state_operand(value, ctx)],
    )
    if not isinstance(found, tuple):
        return TOP
    output, hidden, cell = found
    dtype = floating(source.dtype)
    span = ctx.span()
    states: AbstractValue = TorchTensor(hidden, dtype, span)
    if layer.kind == "LSTM":
        states = ctx.make_tuple([states, TorchTensor(cell, dtype, span)])
    return ctx.make_tuple([TorchTensor(output, dtype, span), states])


def recurrent(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``RNN``/``LSTM``/``GRU(input_size, hidden_size, num_layers=1, ..., batch_first=False,
    dropout=0.0, bidirectional=False, proj_size=0)`` (``bias`` at 3, ``batch_first`` at 4)."""

    def construct(ctx: CallContext) -> AbstractValue:
        bidirectional = bool_argument(ctx, 6, "bidirectional", False)
        layers = ctx.arg(2, "num_layers")
        proj = ctx.arg(7, "proj_size")
        config: dict[str, object] = {
            "input_size": int_argument(ctx, 0, "input_size"),
            "hidden_size": int_argument(ctx, 1, "hidden_size"),
            "num_layers": 1 if layers is None else ctx.int_constant(layers),
            "batch_first": bool_argument(ctx, 4, "batch_first", False),
            "directions": None if bidirectional is None else 2 if bidirectional else 1,
            "proj_size": 0 if proj is None else ctx.int_constant(proj),
        }
        return make_layer(kind, config, _recurrent_forward)

    return construct


def attention_shapes(
    layer: LayerValue,
    query: tuple[Dim, ...],
    key: tuple[Dim, ...],
    value: tuple[Dim, ...],
    averaged: bool,
) -> tuple[Shape, Shape]:
    """The shapes of the output and the attention weights of ``MultiheadAttention``."""
    if len(query) not in (2, 3):
        raise fail(AXIS, words.attention_rank(len(query)))
    if len(key) != len(query) or len(value) != len(query):
        raise Silent
    embed = _size(layer.option("embed_dim"))
    require(
        certainly_differ(query[-1], embed),
        lambda: fail(AXIS, words.attention_embedding(embed, query[-1])),
        embed,
        query[-1],
    )
    if layer.option("same_dims"):
        mismatch = any(certainly_differ(a, b) for a, b in zip(key, value, strict=True))
        require(mismatch, lambda: fail(AXIS, words.key_value(key, value), (1, 2)), key, value)
    heads = _size(layer.option("num_heads"))
    if len(query) == 2:
        weights = (query[0], key[0]) if averaged else (heads, query[0], key[0])
        return query, weights
    batch_first = layer.option("batch_first")
    if batch_first is None:
        return None, None
    if batch_first:
        batch, target, source = query[0], query[1], key[1]
    else:
        batch, target, source = query[1], query[0], key[0]
    if averaged:
        return query, (batch, target, source)
    return query, (batch, heads, target, source)


def _attention_forward(layer: LayerValue, ctx: CallContext) -> AbstractValue:
    query = tensor_input(ctx, 0, "query")
    key = tensor_input(ctx, 1, "key")
    value = tensor_input(ctx, 2, "value")
    need = bool_argument(ctx, 4, "need_weights", True)
    averaged = bool_argument(ctx, 6, "average_attn_weights", True)
    if query is None or key is None or value is None or need is None or averaged is None:
        return TOP
    operands: list[TorchOperand | None] = [query, key, value]
    found = run_rule(
        ctx,
        lambda: attention_shapes(layer, query.shape, key.shape, value.shape, averaged),  # type: ignore[arg-type]
        operands,
    )
    if not isinstance(found, tuple):
        return TOP
    output, weights = found
    dtype = floating(query.dtype)
    span = ctx.span()
    attention: AbstractValue = TorchTensor(weights, dtype, span) if need else NONE
    return ctx.make_tuple([TorchTensor(output, dtype, span), attention])


def multihead_attention(ctx: CallContext) -> AbstractValue:
    """``MultiheadAttention(embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False,
    add_zero_attn=False, kdim=None, vdim=None, batch_first=False)``: ``embed_dim`` must be
    divisible by ``num_heads`` (PyTorch's assertion at construction)."""
    embed = int_argument(ctx, 0, "embed_dim")
    heads = int_argument(ctx, 1, "num_heads")
    if embed is not None and heads and embed % heads:
        ctx.report(words.CONSTRUCTOR, words.HEADS_DIVIDE)
        return TOP
    kdim = ctx.arg(6, "kdim")
    vdim = ctx.arg(7, "vdim")
    same = all(
        item is None or item is NONE or ctx.int_constant(item) == embed for item in (kdim, vdim)
    )
    config: dict[str, object] = {
        "embed_dim": embed,
        "num_heads": heads,
        "batch_first": bool_argument(ctx, 8, "batch_first", False),
        "same_dims": same,
    }
    return make_layer("MultiheadAttention", config, _attention_forward)


def _encoder_forward(layer: LayerValue, ctx: CallContext) -> AbstractValue:
    source = tensor_input(ctx, 0, "src")
    if source is None:
        return TorchTensor(None, None, ctx.span())
    assert source.shape is not None
    model = _size(layer.option("d_model"))
    shape = source.shape
    fits = len(shape) in (2, 3) and not certainly_differ(shape[-1], model)
    if not fits or layer.option("batch_first") is None:
        return TOP
    return TorchTensor(shape, floating(source.dtype), ctx.span())


def transformer_encoder_layer(ctx: CallContext) -> AbstractValue:
    """``TransformerEncoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation=relu, layer_norm_eps=1e-05, batch_first=False, norm_first=False, ...)``."""
    model = int_argument(ctx, 0, "d_model")
    heads = int_argument(ctx, 1, "nhead")
    if model is not None and heads and model % heads:
        ctx.report(words.CONSTRUCTOR, words.HEADS_DIVIDE)
        return TOP
    config: dict[str, object] = {
        "d_model": model,
        "batch_first": bool_argument(ctx, 6, "batch_first", False),
    }
    return make_layer("TransformerEncoderLayer", config, _encoder_forward)


def transformer_encoder(ctx: CallContext) -> AbstractValue:
    """``TransformerEncoder(encoder_layer, num_layers, norm=None, ...)``: a stack of copies of a
    ``TransformerEncoderLayer``, keeping its input's shape (unknown for another layer)."""
    layer = ctx.arg(0, "encoder_layer")
    if not isinstance(layer, LayerValue) or layer.kind != "TransformerEncoderLayer":
        return TOP
    config: dict[str, object] = {
        "d_model": layer.option("d_model"),
        "batch_first": layer.option("batch_first"),
    }
    return make_layer("TransformerEncoder", config, _encoder_forward)


LAYERS: dict[str, Callable[[CallContext], AbstractValue]] = {
    **{kind: recurrent(kind) for kind in RECURRENT},
    "MultiheadAttention": multihead_attention,
    "TransformerEncoderLayer": transformer_encoder_layer,
    "TransformerEncoder": transformer_encoder,
}
