"""``torch.nn`` layers of one tensor that are not windowed: ``Linear``, ``Bilinear``, the
normalisations (``BatchNorm1d/2d``, ``LayerNorm``, ``GroupNorm``), ``Embedding``,
``Flatten``/``Unflatten``, ``Softmax``/``LogSoftmax(dim)`` and the shape-keeping activations and
dropouts.

Each shape rule is shared with its ``torch.nn.functional`` form (:mod:`.functional`). Checks are
made in PyTorch's order; a later check is only reached when the earlier ones certainly pass.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import AXIS, MATMUL, RESHAPE
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext
from ..calls import int_of
from . import messages
from . import nn_messages as words
from .nn_base import (
    LayerValue,
    Silent,
    certainly_differ,
    fail,
    floating,
    int_argument,
    known,
    make_layer,
    new_weight,
    product,
    require,
    run_rule,
    shape_forward,
    sizes_argument,
    tensor_input,
)
from .values import TorchTensor


def linear_shape(shape: tuple[Dim, ...], features: Dim, out: Dim) -> Shape:
    """``F.linear`` with a weight of ``(out, features)``: the input's last size must be
    ``features`` (PyTorch multiplies the input flattened to a matrix)."""
    if not shape:
        raise fail(MATMUL, words.linear_rank(0))
    rows = product(shape[:-1])
    require(
        certainly_differ(shape[-1], features),
        lambda: fail(MATMUL, messages.mm(rows, shape[-1], features, out)),
        rows,
        shape[-1],
        features,
        out,
    )
    return (*shape[:-1], out)


def _linear(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    features = layer.option("in_features")
    out = layer.option("out_features")
    return linear_shape(shape, _size(features), _size(out))


def _size(value: object) -> Dim:
    return value if isinstance(value, int) else UNKNOWN


def linear(ctx: CallContext) -> AbstractValue:
    """``Linear(in_features, out_features, bias=True)``."""
    features = int_argument(ctx, 0, "in_features")
    out = int_argument(ctx, 1, "out_features")
    if not new_weight(ctx, (out, features)):
        return TOP
    config: dict[str, object] = {"in_features": features, "out_features": out}
    if features is not None and out is not None and features >= 0 and out >= 0:
        config["weight_shape"] = (out, features)
        config["bias_shape"] = (out,)
    return make_layer("Linear", config, shape_forward(_linear))


def bilinear_shape(
    first: tuple[Dim, ...], second: tuple[Dim, ...], sizes: tuple[Dim, Dim, Dim]
) -> Shape:
    """``F.bilinear`` with a weight of ``(out, in1, in2)``."""
    in1, in2, out = sizes
    if not first or not second:
        raise Silent
    require(
        certainly_differ(first[-1], in1),
        lambda: fail(MATMUL, words.bilinear_size(1, first[-1], in1)),
        first[-1],
        in1,
    )
    require(
        certainly_differ(second[-1], in2),
        lambda: fail(MATMUL, words.bilinear_size(2, second[-1], in2), (1,)),
        second[-1],
        in2,
    )
    if len(first) != len(second):
        raise Silent
    for position, (a, b) in enumerate(zip(first[:-1], second[:-1], strict=True)):
        require(
            certainly_differ(a, b),
            lambda a=a, b=b, position=position: fail(
                MATMUL, words.bilinear_batch(position, a, b), (0, 1)
            ),
            a,
            b,
        )
    return (*first[:-1], out)


def _bilinear_forward(layer: LayerValue, ctx: CallContext) -> AbstractValue:
    first = tensor_input(ctx, 0, "input1")
    second = tensor_input(ctx, 1, "input2")
    if first is None or second is None:
        return TorchTensor(None, None, ctx.span())
    sizes = tuple(_size(layer.option(key)) for key in ("in1", "in2", "out"))
    shape = run_rule(
        ctx,
        lambda: bilinear_shape(first.shape, second.shape, sizes),  # type: ignore[arg-type]
        [first, second],
    )
    if not isinstance(shape, tuple):
        return shape  # type: ignore[return-value]
    return TorchTensor(shape, floating(first.dtype), ctx.span())


def bilinear(ctx: CallContext) -> AbstractValue:
    """``Bilinear(in1_features, in2_features, out_features, bias=True)``."""
    config: dict[str, object] = {
        "in1": int_argument(ctx, 0, "in1_features"),
        "in2": int_argument(ctx, 1, "in2_features"),
        "out": int_argument(ctx, 2, "out_features"),
    }
    return make_layer("Bilinear", config, _bilinear_forward)


def batch_norm_shape(shape: tuple[Dim, ...], ranks: tuple[int, ...], features: Dim) -> Shape:
    """``BatchNorm1d`` (ranks 2 or 3) / ``BatchNorm2d`` (rank 4): the channels are at 1."""
    if len(shape) not in ranks:
        expected = " or ".join(f"{rank}D" for rank in ranks)
        raise fail(AXIS, words.batch_norm_rank(expected, len(shape)))
    require(
        certainly_differ(shape[1], features),
        lambda: fail(AXIS, words.running_mean(shape[1], features)),
        features,
        shape[1],
    )
    return shape


def batch_norm(kind: str, ranks: tuple[int, ...]) -> Callable[[CallContext], AbstractValue]:
    """``BatchNorm1d``/``BatchNorm2d(num_features, eps=1e-05, momentum=0.1, affine=True,
    track_running_stats=True)``: with ``track_running_stats=False`` the channel check words
    differently and is not reported. ``running_stats`` says whether it certainly tracks them (its
    buffers: a ``DistributedDataParallel`` forward broadcasts them)."""

    def construct(ctx: CallContext) -> AbstractValue:
        tracked = ctx.arg(4, "track_running_stats")
        checked = tracked is None or ctx.bool_constant(tracked) is True
        features = int_argument(ctx, 0, "num_features") if checked else None
        config: dict[str, object] = {"num_features": features, "running_stats": checked}

        def rule(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
            return batch_norm_shape(shape, ranks, _size(layer.option("num_features")))

        return make_layer(kind, config, shape_forward(rule))

    return construct


def layer_norm_shape(shape: tuple[Dim, ...], normalized: tuple[Dim, ...]) -> Shape:
    """The input's trailing sizes must be ``normalized_shape``."""
    short = len(shape) < len(normalized)
    tail = shape[len(shape) - len(normalized) :] if not short else ()
    mismatch = short or any(certainly_differ(a, b) for a, b in zip(tail, normalized, strict=True))
    require(mismatch, lambda: fail(AXIS, words.layer_norm(normalized, shape)), normalized, shape)
    return shape


def layer_norm(ctx: CallContext) -> AbstractValue:
    """``LayerNorm(normalized_shape, eps=1e-05, elementwise_affine=True)``."""
    normalized = _normalized_shape(ctx, ctx.arg(0, "normalized_shape"))

    def rule(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
        target = layer.option("normalized_shape")
        return layer_norm_shape(shape, target) if isinstance(target, tuple) else shape

    return make_layer("LayerNorm", {"normalized_shape": normalized}, shape_forward(rule))


def _normalized_shape(ctx: CallContext, value: AbstractValue | None) -> tuple[Dim, ...] | None:
    single = ctx.int_constant(value)
    if single is not None:
        return (single,)
    items = ctx.sequence_items(value)
    if items is None:
        return None
    found = tuple(int_of(item) for item in items)
    return found if known(found) else None


def group_norm_shape(shape: tuple[Dim, ...], channels: Dim) -> Shape:
    if len(shape) < 2:
        raise fail(AXIS, words.group_norm_rank(len(shape)))
    require(
        certainly_differ(shape[1], channels),
        lambda: fail(AXIS, words.group_norm_channels(channels, shape)),
        channels,
        shape,
    )
    return shape


def group_norm(ctx: CallContext) -> AbstractValue:
    """``GroupNorm(num_groups, num_channels, eps=1e-05, affine=True)``: ``num_channels`` must be
    divisible by ``num_groups`` (checked at construction)."""
    groups = int_argument(ctx, 0, "num_groups")
    channels = int_argument(ctx, 1, "num_channels")
    if groups and channels is not None and channels % groups:
        ctx.report(words.CONSTRUCTOR, words.group_norm_groups(channels, groups))
        return TOP

    def rule(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
        return group_norm_shape(shape, _size(layer.option("num_channels")))

    return make_layer("GroupNorm", {"num_channels": channels}, shape_forward(rule))


def embedding_shape(shape: tuple[Dim, ...], dtype: str | None, size: Dim) -> Shape:
    """The indices' shape with the embedding size appended; indices must be integers."""
    if dtype in words.EMBEDDING_TENSOR_TYPES:
        raise fail(words.LAYER, words.embedding_indices(words.EMBEDDING_TENSOR_TYPES[dtype]))
    return (*shape, size)


def _embedding_forward(layer: LayerValue, ctx: CallContext) -> AbstractValue:
    source = tensor_input(ctx)
    if source is None:
        return TorchTensor(None, "float32", ctx.span())
    size = _size(layer.option("embedding_dim"))
    shape = run_rule(
        ctx,
        lambda: embedding_shape(source.shape, source.dtype, size),  # type: ignore[arg-type]
        [source],
    )
    if not isinstance(shape, tuple):
        return shape  # type: ignore[return-value]
    return TorchTensor(shape, "float32", ctx.span())


def embedding(ctx: CallContext) -> AbstractValue:
    """``Embedding(num_embeddings, embedding_dim, padding_idx=None, ...)``: a ``float32``
    result (the weight's dtype)."""
    count = int_argument(ctx, 0, "num_embeddings")
    size = int_argument(ctx, 1, "embedding_dim")
    # ``padding_idx`` is checked before the weight is made, and ``_weight`` replaces it.
    plain = not any(name in ctx.kwargs for name in ("padding_idx", "_weight"))
    if plain and len(ctx.args) <= 2 and not new_weight(ctx, (count, size)):
        return TOP
    config: dict[str, object] = {"embedding_dim": size}
    return make_layer("Embedding", config, _embedding_forward)


def wrap(dim: int, rank: int) -> int:
    """``dim`` among ``rank`` dims (a 0-d tensor accepts ``-1`` and ``0``); PyTorch's
    ``IndexError`` when out of range."""
    span = max(rank, 1)
    if not -span <= dim < span:
        raise fail(AXIS, messages.dimension_range(dim, rank))
    return dim % span


def flatten_shape(shape: tuple[Dim, ...], start: int, end: int) -> Shape:
    """``torch.flatten(input, start, end)`` (a 0-d tensor becomes ``(1,)``)."""
    first = wrap(start, len(shape))
    last = wrap(end, len(shape))
    if first > last:
        raise fail(RESHAPE, messages.FLATTEN_ORDER)
    if not shape:
        return (1,)
    return (*shape[:first], product(shape[first : last + 1]), *shape[last + 1 :])


def flatten(ctx: CallContext) -> AbstractValue:
    """``Flatten(start_dim=1, end_dim=-1)``."""
    start = ctx.arg(0, "start_dim")
    end = ctx.arg(1, "end_dim")
    config: dict[str, object] = {
        "start_dim": 1 if start is None else ctx.int_constant(start),
        "end_dim": -1 if end is None else ctx.int_constant(end),
    }

    def rule(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
        first, last = layer.option("start_dim"), layer.option("end_dim")
        if not isinstance(first, int) or not isinstance(last, int):
            return None
        return flatten_shape(shape, first, last)

    return make_layer("Flatten", config, shape_forward(rule, lambda dtype: dtype))


def unflatten_shape(shape: tuple[Dim, ...], dim: int, sizes: tuple[Dim, ...]) -> Shape:
    """``unflatten(dim, sizes)``: ``sizes`` (one of them may be -1) must multiply to the size
    at ``dim``."""
    position = wrap(dim, len(shape))
    size = shape[position]
    if -1 in sizes:
        rest = product([item for item in sizes if item != -1])
        quotient = dims.exact_quotient(size, rest) if rest != 0 else None
        inferred = quotient if quotient is not None else UNKNOWN
        sizes = tuple(inferred if item == -1 else item for item in sizes)
    else:
        require(
            certainly_differ(product(sizes), size),
            lambda: fail(RESHAPE, words.unflatten(sizes, position, size)),
            sizes,
            size,
        )
    return (*shape[:position], *sizes, *shape[position + 1 :])


def unflatten(ctx: CallContext) -> AbstractValue:
    """``Unflatten(dim, unflattened_size)``."""
    sizes = sizes_argument(ctx, ctx.arg(1, "unflattened_size"), _length(ctx))
    config: dict[str, object] = {"dim": int_argument(ctx, 0, "dim"), "sizes": sizes}

    def rule(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
        dim, target = layer.option("dim"), layer.option("sizes")
        if not isinstance(dim, int) or not isinstance(target, tuple):
            return None
        return unflatten_shape(shape, dim, target)

    return make_layer("Unflatten", config, shape_forward(rule, lambda dtype: dtype))


def _length(ctx: CallContext) -> int:
    items = ctx.sequence_items(ctx.arg(1, "unflattened_size"))
    return len(items) if items is not None else -1


def softmax_shape(shape: tuple[Dim, ...], dim: int | None) -> Shape:
    """``softmax(dim)``: ``dim`` must be a dimension of the input (``None`` lets PyTorch pick
    one, with a deprecation warning)."""
    if dim is not None:
        wrap(dim, len(shape))
    return shape


def softmax(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``Softmax``/``LogSoftmax(dim=None)``."""

    def construct(ctx: CallContext) -> AbstractValue:
        given = ctx.arg(0, "dim")
        dim = None if given is None or given is NONE else ctx.int_constant(given)
        known_dim = given is None or given is NONE or dim is not None

        def rule(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
            if not layer.option("known"):
                return shape
            chosen = layer.option("dim")
            return softmax_shape(shape, chosen if isinstance(chosen, int) else None)

        config: dict[str, object] = {"dim": dim, "known": known_dim}
        return make_layer(kind, config, shape_forward(rule))

    return construct


def keeping(kind: str) -> Callable[[CallContext], AbstractValue]:
    """A layer whose result has its input's shape and (floating) dtype."""
    return lambda ctx: make_layer(kind, {}, shape_forward(lambda layer, shape: shape))


KEEPING = (
    "ReLU",
    "ReLU6",
    "LeakyReLU",
    "ELU",
    "SELU",
    "CELU",
    "GELU",
    "SiLU",
    "Mish",
    "Tanh",
    "Sigmoid",
    "Hardtanh",
    "Hardsigmoid",
    "Hardswish",
    "Softplus",
    "Softsign",
    "Tanhshrink",
    "LogSigmoid",
    "Dropout",
    "Dropout1d",
    "Dropout2d",
    "Dropout3d",
    "AlphaDropout",
)
"""Activations and dropouts: shape-keeping, on floating inputs."""

LAYERS: dict[str, Callable[[CallContext], AbstractValue]] = {
    **{kind: keeping(kind) for kind in KEEPING},
    "Identity": lambda ctx: make_layer(
        "Identity", {}, shape_forward(lambda layer, shape: shape, lambda dtype: dtype)
    ),
    "Linear": linear,
    "Bilinear": bilinear,
    "BatchNorm1d": batch_norm("BatchNorm1d", (2, 3)),
    "BatchNorm2d": batch_norm("BatchNorm2d", (4,)),
    "LayerNorm": layer_norm,
    "GroupNorm": group_norm,
    "Embedding": embedding,
    "Flatten": flatten,
    "Unflatten": unflatten,
    "Softmax": softmax("Softmax"),
    "LogSoftmax": softmax("LogSoftmax"),
}
