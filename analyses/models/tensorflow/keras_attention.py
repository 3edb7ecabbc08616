"""Keras attention layers (Keras 2.12): ``Attention`` (dot-product), ``AdditiveAttention`` and
``MultiHeadAttention``.

``Attention``/``AdditiveAttention`` are called on ``[query, value]`` or ``[query, value, key]``
(the key defaults to the value): the scores are ``query·keyᵀ`` (``Attention``, a batched matmul)
or the broadcast sum of ``query[..., :, None, :]`` and ``key[..., None, :, :]``
(``AdditiveAttention``), then multiplied by the value: ``(batch, Tq, dim_value)``, and the
scores ``(batch, Tq, Tv)`` with ``return_attention_scores=True``.

``MultiHeadAttention(num_heads, key_dim, value_dim=None, ..., output_shape=None,
attention_axes=None)`` is called on ``(query, value, key=None, ...)``: each input is projected to
``(..., num_heads, key_dim)`` (the value to ``value_dim``), then Keras's two einsums (query·key
over the attention axes, then the scores with the value) run with TensorFlow's einsum checks; the
output has the query's shape with its last size ``output_shape`` (default: the query's), and the
scores ``(batch and other axes, num_heads, query attention axes, key attention axes)``.

Failures are those of the ops TensorFlow runs, in its words, when the tensors are eager (Keras
wraps them; the text is contained verbatim). ``MultiHeadAttention``'s projections are built on the
first call from the inputs' last sizes, so its checks are reported only on a certain first call
(the layer constructed in the calling expression); symbolic inputs are never reported on.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays.dims import UNKNOWN, Dim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext
from ..calls import FAILED
from . import messages, rules
from .convert import TensorOperand, operand
from .keras_layers import LAYER_DTYPE, LayerValue, first_call, make_layer
from .support import run
from .values import TensorValue

ATTENTION = ("Attention", "AdditiveAttention", "MultiHeadAttention")
LETTERS = "abcdefghijklmnopqrstuvwxyz"
SILENT = TensorOperand(None, None, False, None, True)
"""An operand standing for a call whose failures are not reported (as for a symbolic one)."""


def _tensor(ctx: CallContext, value: AbstractValue | None) -> TensorOperand | None:
    if value is None or value is NONE:
        return None
    found = run(ctx, lambda: operand(ctx, value))
    return found if isinstance(found, TensorOperand) and found.shape is not None else None


def _scores_wanted(ctx: CallContext, index: int) -> bool | None:
    given = ctx.arg(index, "return_attention_scores")
    return False if given is None else ctx.bool_constant(given)


def _result(
    ctx: CallContext, output: Shape | object, scores: Shape | object, symbolic: bool, pair: bool
) -> AbstractValue:
    if output is FAILED or scores is FAILED:
        return TOP
    kind = "keras" if symbolic else "tensor"
    value = TensorValue(output, LAYER_DTYPE, ctx.span(), kind)  # type: ignore[arg-type]
    if not pair:
        return value
    return ctx.make_tuple([value, TensorValue(scores, LAYER_DTYPE, ctx.span(), kind)])  # type: ignore[arg-type]


def call_attention(layer: LayerValue, ctx: CallContext) -> AbstractValue:
    """Calling one of the attention layers (see the module docstring)."""
    if layer.kind == "MultiHeadAttention":
        return _multi_head(layer, ctx)
    items = ctx.sequence_items(ctx.arg(0, "inputs"))
    if items is None:
        return TOP
    if len(items) not in (2, 3):
        ctx.report(messages.LAYER_INPUT, messages.attention_inputs(len(items)))
        return TOP
    tensors = [_tensor(ctx, item) for item in items]
    wanted = _scores_wanted(ctx, 3)
    if any(item is None for item in tensors) or wanted is None:
        return TOP
    query, value = tensors[0], tensors[1]
    key = tensors[2] if len(tensors) == 3 else value
    assert query is not None and value is not None and key is not None
    q, v, k = query.shape, value.shape, key.shape
    assert q is not None and v is not None and k is not None
    if min(len(q), len(v), len(k)) < 2:
        return TOP
    operands = [query, value, key]
    if layer.kind == "Attention":
        scores = run(ctx, lambda: rules.matmul(q, k, False, True), operands)
    else:
        summed = run(
            ctx,
            lambda: rules.broadcast((*q[:-1], 1, q[-1]), (*k[:-2], 1, *k[-2:])),
            operands,
        )
        scores = summed if summed in (FAILED, None) else summed[:-1]  # type: ignore[index]
    if scores is FAILED or scores is None:
        return TOP if scores is FAILED else TensorValue(None, LAYER_DTYPE, ctx.span())
    output = run(ctx, lambda: rules.matmul(scores, v, False, False), operands)  # type: ignore[arg-type]
    return _result(ctx, output, scores, any(item.symbolic for item in operands), bool(wanted))


def _projected(shape: tuple[Dim, ...], heads: Dim, size: Dim) -> tuple[Dim, ...]:
    return (*shape[:-1], heads, size)


def attention_equations(rank: int, axes: tuple[int, ...]) -> tuple[str, str]:
    """Keras's ``_build_attention_equation`` for projected tensors of ``rank``: the query·key
    and combination einsum equations."""
    target = LETTERS[:rank]
    batch = [axis for axis in range(rank) if axis not in (*axes, rank - 1)]
    offset = rank
    source = ""
    for axis in range(rank):
        if axis in batch or axis == rank - 1:
            source += target[axis]
        else:
            source += LETTERS[offset]
            offset += 1
    product = (
        "".join(target[axis] for axis in batch)
        + "".join(target[axis] for axis in axes)
        + "".join(source[axis] for axis in axes)
    )
    return f"{source},{target}->{product}", f"{product},{source}->{target}"


def _multi_head(layer: LayerValue, ctx: CallContext) -> AbstractValue:
    query = _tensor(ctx, ctx.arg(0, "query"))
    value = _tensor(ctx, ctx.arg(1, "value"))
    key_given = ctx.arg(2, "key")
    key = value if key_given is None or key_given is NONE else _tensor(ctx, key_given)
    wanted = _scores_wanted(ctx, 4)
    if query is None or value is None or key is None or wanted is None:
        return TOP if query is None else TensorValue(None, LAYER_DTYPE, ctx.span())
    q, v, k = query.shape, value.shape, key.shape
    assert q is not None and v is not None and k is not None
    heads, key_dim = layer.option("heads"), layer.option("key_dim")
    value_dim = layer.option("value_dim")
    given_axes = layer.option("axes")
    if (
        not isinstance(heads, int)
        or not isinstance(key_dim, int)
        or min(len(q), len(v), len(k)) < 3
    ):
        return _result(ctx, None, None, query.symbolic, bool(wanted))
    rank = len(q) + 1
    axes = tuple(range(1, rank - 2)) if given_axes is None else given_axes
    if not isinstance(axes, tuple) or not all(0 < axis < rank - 2 for axis in axes):
        return _result(ctx, None, None, query.symbolic, bool(wanted))
    dot, combine = attention_equations(rank, axes)
    query_p = _projected(q, heads, key_dim)
    key_p = _projected(k, heads, key_dim)
    value_p = _projected(v, heads, value_dim if isinstance(value_dim, int) else key_dim)
    symbolic = any(item.symbolic for item in (query, value, key))
    operands = [query, value, key] if first_call(ctx) and not symbolic else [SILENT]
    scores = run(ctx, lambda: rules.einsum(dot, [key_p, query_p]), operands)
    if scores is FAILED:
        return TOP
    if scores is None:
        return _unknown(ctx, wanted)
    combined = run(ctx, lambda: rules.einsum(combine, [scores, value_p]), operands)  # type: ignore[list-item]
    if combined is FAILED:
        return TOP
    size = layer.option("output_shape")
    last = q[-1] if size is False else (size if isinstance(size, int) else UNKNOWN)
    return _result(ctx, (*q[:-1], last), scores, symbolic, bool(wanted))


def _unknown(ctx: CallContext, wanted: bool | None) -> AbstractValue:
    return TOP if wanted else TensorValue(None, LAYER_DTYPE, ctx.span())


def attention(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``Attention(use_scale=False, score_mode="dot", ...)``, ``AdditiveAttention(use_scale=True,
    ...)``."""
    return lambda ctx: make_layer(ctx, kind, {})


def multi_head_attention(ctx: CallContext) -> AbstractValue:
    """``MultiHeadAttention(num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True,
    output_shape=None, attention_axes=None, ...)``."""
    given = ctx.arg(5, "output_shape")
    size: object = False if given is None or ctx.is_none(given) else ctx.int_constant(given)
    axes_value = ctx.arg(6, "attention_axes")
    axes: object = None
    if axes_value is not None and not ctx.is_none(axes_value):
        single = ctx.int_constant(axes_value)
        items = (
            [single]
            if single is not None
            else [ctx.int_constant(item) for item in ctx.sequence_items(axes_value) or [TOP]]
        )
        axes = tuple(items) if None not in items else "unknown"
    value_dim = ctx.arg(2, "value_dim")
    config: dict[str, object] = {
        "heads": ctx.int_constant(ctx.arg(0, "num_heads")),
        "key_dim": ctx.int_constant(ctx.arg(1, "key_dim")),
        "value_dim": None if value_dim is None else ctx.int_constant(value_dim),
        "output_shape": size,
        "axes": axes,
    }
    return make_layer(ctx, "MultiHeadAttention", config)


LAYERS = {
    "Attention": attention("Attention"),
    "AdditiveAttention": attention("AdditiveAttention"),
    "MultiHeadAttention": multi_head_attention,
}
