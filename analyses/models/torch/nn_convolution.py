"""Windowed ``torch.nn`` layers: ``Conv1d/2d/3d``, ``ConvTranspose1d/2d`` (stride, padding
including ``'same'``/``'valid'``, dilation, groups, output padding), ``MaxPool1d/2d``,
``AvgPool1d/2d`` and ``AdaptiveAvgPool1d/2d``, each shared with its ``torch.nn.functional`` form.

A convolution checks, in PyTorch's order, the input's rank (an unbatched input lacks the batch
axis, which PyTorch adds before the other checks and prints), its channels against the weight,
then that the dilated kernel fits in the padded input. Spatial output sizes follow PyTorch's
formulas, over symbolic sizes too. A transposed convolution whose output would be empty fails
with an internal message that is not reported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import AXIS
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext
from . import nn_messages as words
from .nn_base import (
    LayerValue,
    Silent,
    certainly_differ,
    fail,
    int_argument,
    known,
    make_layer,
    new_weight,
    require,
    shape_forward,
    sizes_argument,
)


@dataclass(frozen=True)
class Convolution:
    """A convolution's known configuration (``padding`` is a tuple of sizes, or ``'same'``)."""

    spatial: int
    in_channels: int
    out_channels: Dim
    kernel: tuple[int, ...]
    stride: tuple[int, ...]
    padding: tuple[int, ...] | str
    dilation: tuple[int, ...]
    groups: int
    transposed: bool = False
    output_padding: tuple[int, ...] = ()

    @property
    def function(self) -> str:
        return f"conv_transpose{self.spatial}d" if self.transposed else f"conv{self.spatial}d"

    @property
    def weight(self) -> tuple[Dim, ...]:
        if self.transposed:
            out = (
                self.out_channels // self.groups if isinstance(self.out_channels, int) else UNKNOWN
            )
            return (self.in_channels, out, *self.kernel)
        return (self.out_channels, self.in_channels // self.groups, *self.kernel)


def _window(size: Dim, kernel: int, stride: int, padding: int, dilation: int) -> Dim:
    """``(size + 2 padding - dilation (kernel - 1) - 1) // stride + 1``."""
    span = dims.add(size, 2 * padding - dilation * (kernel - 1) - 1)
    return dims.add(dims.floor_divide(span, stride), 1)


def _positive(*sizes: tuple[int, ...]) -> bool:
    return all(size > 0 for group in sizes for size in group)


def convolution_shape(conv: Convolution, shape: tuple[Dim, ...]) -> Shape:
    """The result of ``conv`` on ``shape`` (see the module docstring); unknown for a kernel,
    stride or dilation that is not positive (PyTorch rejects them in its own words)."""
    spatial = conv.spatial
    if not _positive(conv.kernel, conv.stride, conv.dilation) or conv.groups <= 0:
        return None
    if len(shape) not in (spatial + 1, spatial + 2):
        raise fail(AXIS, words.conv_rank(spatial, conv.function, shape))
    batched_input = len(shape) == spatial + 2
    batched = shape if batched_input else (1, *shape)
    expected = conv.in_channels
    require(
        certainly_differ(batched[1], expected),
        lambda: fail(
            AXIS,
            words.conv_channels(conv.groups, conv.transposed, conv.weight, batched, expected),
        ),
        conv.weight,
        batched,
    )
    sizes = batched[2:]
    if conv.transposed:
        lengths = [
            dims.add(
                dims.multiply(dims.add(size, -1), conv.stride[axis]),
                -2 * conv.padding[axis]  # type: ignore[index]
                + conv.dilation[axis] * (conv.kernel[axis] - 1)
                + conv.output_padding[axis]
                + 1,
            )
            for axis, size in enumerate(sizes)
        ]
        if any(isinstance(length, int) and length <= 0 for length in lengths):
            raise Silent
    elif conv.padding == "same":
        lengths = list(sizes)
    else:
        padding = conv.padding
        assert isinstance(padding, tuple)
        padded = [dims.add(size, 2 * padding[axis]) for axis, size in enumerate(sizes)]
        kernel = [conv.dilation[axis] * (conv.kernel[axis] - 1) + 1 for axis in range(spatial)]
        too_small = any(
            isinstance(size, int) and size < kernel[axis] for axis, size in enumerate(padded)
        )
        require(too_small, lambda: fail(AXIS, words.conv_kernel(padded, kernel)), padded)
        lengths = [
            _window(size, conv.kernel[axis], conv.stride[axis], padding[axis], conv.dilation[axis])
            for axis, size in enumerate(sizes)
        ]
    result = (batched[0], conv.out_channels, *lengths)
    return result if batched_input else result[1:]


def _convolution_rule(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    conv = layer.option("convolution")
    if not isinstance(conv, Convolution):
        return None
    return convolution_shape(conv, shape)


def padding_of(
    ctx: CallContext, value: AbstractValue | None, spatial: int
) -> tuple[int, ...] | str | None:
    text = ctx.str_constant(value)
    if text == "valid":
        return (0,) * spatial
    if text == "same":
        return "same"
    found = sizes_argument(ctx, value, spatial, 0)
    return found if found is None or known(found) else None  # type: ignore[return-value]


def _weight_made(
    ctx: CallContext,
    transposed: bool,
    in_channels: int | None,
    out_channels: int | None,
    groups: int | None,
    kernel: tuple[Dim, ...] | None,
    spatial: int,
) -> bool:
    """Whether the constructor makes its weight, ``(out, in // groups, *kernel)`` (transposed:
    ``(in, out // groups, *kernel)``); False after reporting its negative size. Checked only when
    the constructor's earlier checks pass for sure (positive ``groups``, a known ``padding``, the
    default ``padding_mode``)."""
    if groups is None or groups <= 0 or "padding_mode" in ctx.kwargs or len(ctx.args) > 8:
        return True
    first, second = (in_channels, out_channels) if transposed else (out_channels, in_channels)
    if kernel is None or len(kernel) != spatial:
        kernel = (UNKNOWN,) * spatial
    sizes = (first, None if second is None else second // groups, *kernel)
    return new_weight(ctx, tuple(size if isinstance(size, int) else None for size in sizes))


def convolution(spatial: int, transposed: bool) -> Callable[[CallContext], AbstractValue]:
    """``Conv{N}d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1,
    groups=1, bias=True, padding_mode='zeros')`` and ``ConvTranspose{N}d(in_channels,
    out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True,
    dilation=1)``. PyTorch's constructor checks of ``groups`` and of ``'same'`` with strides are
    reported at the construction."""
    positions = (
        {"groups": 6, "dilation": 8, "output_padding": 5}
        if transposed
        else {"groups": 6, "dilation": 5, "output_padding": -1}
    )

    def construct(ctx: CallContext) -> AbstractValue:
        in_channels = int_argument(ctx, 0, "in_channels")
        out_channels = int_argument(ctx, 1, "out_channels")
        groups_value = ctx.arg(positions["groups"], "groups")
        groups = 1 if groups_value is None else ctx.int_constant(groups_value)
        kernel = sizes_argument(ctx, ctx.arg(2, "kernel_size"), spatial)
        stride = sizes_argument(ctx, ctx.arg(3, "stride"), spatial, 1)
        padding = padding_of(ctx, ctx.arg(4, "padding"), spatial)
        dilation = sizes_argument(ctx, ctx.arg(positions["dilation"], "dilation"), spatial, 1)
        output_padding = (
            sizes_argument(ctx, ctx.arg(positions["output_padding"], "output_padding"), spatial, 0)
            if transposed
            else ()
        )
        kind = f"ConvTranspose{spatial}d" if transposed else f"Conv{spatial}d"
        if groups is not None and groups > 0:
            if in_channels is not None and in_channels % groups:
                ctx.report(words.CONSTRUCTOR, words.CONV_GROUPS)
                return TOP
            if out_channels is not None and out_channels % groups:
                ctx.report(words.CONSTRUCTOR, words.CONV_OUT_GROUPS)
                return TOP
        if padding == "same" and stride is not None and any(step != 1 for step in stride):
            ctx.report(words.CONSTRUCTOR, words.SAME_STRIDED)
            return TOP
        checked = padding is not None
        if checked and not _weight_made(
            ctx, transposed, in_channels, out_channels, groups, kernel, spatial
        ):
            return TOP
        parts = (in_channels, groups, kernel, stride, padding, dilation, output_padding)
        conv = None
        valid = groups is not None and groups > 0 and not (transposed and padding == "same")
        if valid and all(part is not None for part in parts):
            conv = Convolution(
                spatial,
                in_channels,  # type: ignore[arg-type]
                out_channels if out_channels is not None else UNKNOWN,
                kernel,  # type: ignore[arg-type]
                stride,  # type: ignore[arg-type]
                padding,  # type: ignore[arg-type]
                dilation,  # type: ignore[arg-type]
                groups,  # type: ignore[arg-type]
                transposed,
                output_padding,  # type: ignore[arg-type]
            )
        config: dict[str, object] = {
            "in_channels": in_channels,
            "out_channels": out_channels,
            "convolution": conv,
        }
        if conv is not None and known(conv.weight):
            config["weight_shape"] = conv.weight
        return make_layer(kind, config, shape_forward(_convolution_rule))

    return construct


@dataclass(frozen=True)
class Pooling:
    """A window pooling's known configuration."""

    spatial: int
    maximum: bool
    kernel: tuple[int, ...]
    stride: tuple[int, ...]
    padding: tuple[int, ...]
    dilation: tuple[int, ...]
    ceil_mode: bool


def _pooled(size: Dim, kernel: int, stride: int, padding: int, dilation: int, ceil: bool) -> Dim:
    """PyTorch's ``pooling_output_shape``."""
    if not ceil:
        return _window(size, kernel, stride, padding, dilation)
    if not isinstance(size, int):
        return UNKNOWN
    span = size + 2 * padding - dilation * (kernel - 1) - 1
    length = -(-span // stride) + 1
    if (length - 1) * stride >= size + padding:
        length -= 1
    return length


def pooling_shape(pool: Pooling, shape: tuple[Dim, ...]) -> Shape:
    """The result of ``pool`` on ``shape`` (see the module docstring); unknown for a kernel,
    stride or dilation that is not positive."""
    spatial = pool.spatial
    if not _positive(pool.kernel, pool.stride, pool.dilation):
        return None
    if len(shape) not in (spatial + 1, spatial + 2):
        if pool.maximum and spatial == 2:
            raise fail(AXIS, words.POOL2D_RANK)
        if pool.maximum:
            raise fail(AXIS, words.max_pool1d_rank(shape))
        if spatial == 1:
            raise fail(AXIS, words.dimensions_between(2, 3, len(shape), "avg_pool1d"))
        raise Silent
    if pool.maximum:
        for axis in range(spatial):
            if pool.padding[axis] * 2 > pool.dilation[axis] * (pool.kernel[axis] - 1) + 1:
                raise fail(
                    AXIS,
                    words.pool_padding(pool.padding[axis], pool.kernel[axis], pool.dilation[axis]),
                )
    elif any(pool.padding[axis] * 2 > pool.kernel[axis] for axis in range(spatial)):
        raise Silent
    sizes = shape[-spatial:]
    lengths = tuple(
        _pooled(
            size,
            pool.kernel[axis],
            pool.stride[axis],
            pool.padding[axis],
            pool.dilation[axis],
            pool.ceil_mode,
        )
        for axis, size in enumerate(sizes)
    )
    if any(isinstance(length, int) and length <= 0 for length in lengths):
        channels = shape[-spatial - 1]
        if pool.maximum and spatial == 1:
            require(True, lambda: fail(AXIS, words.max_pool1d_output(lengths[0])), lengths)
        given = (channels, *sizes) if spatial == 2 else (channels, 1, *sizes)
        output = (channels, *lengths) if spatial == 2 else (channels, 1, *lengths)
        require(True, lambda: fail(AXIS, words.pool_too_small(given, output)), given, output)
    return (*shape[:-spatial], *lengths)


def _pooling_rule(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    pool = layer.option("pooling")
    if not isinstance(pool, Pooling):
        return None
    return pooling_shape(pool, shape)


def pooling(spatial: int, maximum: bool) -> Callable[[CallContext], AbstractValue]:
    """``MaxPool{N}d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False)`` and ``AvgPool{N}d(kernel_size, stride=None, padding=0, ceil_mode=False,
    ...)``; ``return_indices`` gives an unknown result (a pair)."""

    def construct(ctx: CallContext) -> AbstractValue:
        positions = (0, 1, 2, 3, 4, 5) if maximum else (0, 1, 2, None, None, 3)
        pool = pooling_of(ctx, spatial, maximum, positions)
        kind = f"{'MaxPool' if maximum else 'AvgPool'}{spatial}d"
        return make_layer(
            kind, {"pooling": pool}, shape_forward(_pooling_rule, lambda dtype: dtype)
        )

    return construct


def pooling_of(
    ctx: CallContext, spatial: int, maximum: bool, positions: tuple[int | None, ...]
) -> Pooling | None:
    """The pooling configured by the call's arguments at ``positions`` (of ``kernel_size``,
    ``stride``, ``padding``, ``dilation``, ``return_indices`` and ``ceil_mode``; ``None`` when the
    form has none); ``None`` when not known or when it returns indices too."""
    kernel_at, stride_at, padding_at, dilation_at, indices_at, ceil_at = positions
    kernel = sizes_argument(ctx, ctx.arg(kernel_at, "kernel_size"), spatial)
    stride_value = ctx.arg(stride_at, "stride")
    stride = (
        kernel
        if stride_value is None or stride_value is NONE
        else sizes_argument(ctx, stride_value, spatial)
    )
    padding = sizes_argument(ctx, ctx.arg(padding_at, "padding"), spatial, 0)
    dilation = (
        sizes_argument(ctx, ctx.arg(dilation_at, "dilation"), spatial, 1)
        if maximum
        else (1,) * spatial
    )
    ceil_value = ctx.arg(ceil_at, "ceil_mode")
    ceil = False if ceil_value is None else ctx.bool_constant(ceil_value)
    indices = ctx.arg(indices_at, "return_indices") if maximum else None
    plain = indices is None or ctx.bool_constant(indices) is False
    parts = (kernel, stride, padding, dilation, ceil)
    if not plain or any(part is None for part in parts):
        return None
    return Pooling(spatial, maximum, kernel, stride, padding, dilation, ceil)  # type: ignore[arg-type]


def adaptive_shape(spatial: int, shape: tuple[Dim, ...], output: tuple[Dim | None, ...]) -> Shape:
    """``adaptive_avg_pool{N}d``: the last ``N`` sizes become ``output`` (``None`` keeps one)."""
    if spatial == 2 and len(shape) < 3:
        raise fail(AXIS, words.ADAPTIVE2D_RANK)
    if spatial == 1 and len(shape) not in (2, 3):
        raise fail(AXIS, words.dimensions_between(2, 3, len(shape), "adaptive_avg_pool1d"))
    sizes = shape[-spatial:]
    lengths = tuple(
        size if wanted is None else wanted for size, wanted in zip(sizes, output, strict=True)
    )
    return (*shape[:-spatial], *lengths)


def adaptive_output(
    ctx: CallContext, value: AbstractValue | None, spatial: int
) -> tuple[Dim | None, ...] | None:
    single = ctx.int_constant(value)
    if single is not None:
        return (single,) * spatial
    items = ctx.sequence_items(value)
    if items is None or len(items) != spatial:
        return None
    found: list[Dim | None] = []
    for item in items:
        if item is NONE:
            found.append(None)
        else:
            size = ctx.int_constant(item)
            if size is None:
                return None
            found.append(size)
    return tuple(found)


def adaptive_pooling(spatial: int) -> Callable[[CallContext], AbstractValue]:
    """``AdaptiveAvgPool{N}d(output_size)``."""

    def construct(ctx: CallContext) -> AbstractValue:
        output = adaptive_output(ctx, ctx.arg(0, "output_size"), spatial)

        def rule(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
            wanted = layer.option("output_size")
            if not isinstance(wanted, tuple):
                return None
            return adaptive_shape(spatial, shape, wanted)

        kind = f"AdaptiveAvgPool{spatial}d"
        return make_layer(kind, {"output_size": output}, shape_forward(rule))

    return construct


LAYERS: dict[str, Callable[[CallContext], AbstractValue]] = {
    "Conv1d": convolution(1, False),
    "Conv2d": convolution(2, False),
    "Conv3d": convolution(3, False),
    "ConvTranspose1d": convolution(1, True),
    "ConvTranspose2d": convolution(2, True),
    "MaxPool1d": pooling(1, True),
    "MaxPool2d": pooling(2, True),
    "AvgPool1d": pooling(1, False),
    "AvgPool2d": pooling(2, False),
    "AdaptiveAvgPool1d": adaptive_pooling(1),
    "AdaptiveAvgPool2d": adaptive_pooling(2),
}
