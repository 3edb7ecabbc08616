"""Resampling and padding: ``nn.Upsample`` (and ``UpsamplingNearest2d``/``UpsamplingBilinear2d``),
``F.interpolate`` (and its deprecated ``F.upsample``), ``F.pad`` and ``nn.ZeroPad2d``/``nn.ConstantPad{N}d``.

``interpolate`` checks, in PyTorch 2.13's order: ``align_corners`` given with a mode that does
not interpolate, both or neither of ``size``/``scale_factor``, ``recompute_scale_factor`` with a
size, ``antialias`` outside bilinear/bicubic on 4-D input, and the input's rank against the mode
(``bilinear`` needs 4-D, ``linear`` 3-D, ``trilinear`` 5-D, the others 3- to 5-D). A spatial
output size is the given size, or ``floor(size * scale_factor)`` (a symbolic size only with an
integral factor). A ``size`` of the wrong length and an empty output are certain failures whose
messages print Python reprs, so they are not reported. An argument that is not known (a mode, a
flag that may or may not be ``None``) makes the result unknown. ``lanczos`` is not modelled.

``pad`` with ``mode='constant'`` adds ``(left, right)`` pairs from the last dim backwards (negative
pads crop); the other modes keep the same sizes when every pad is non-negative and are unknown
otherwise. Its failures are not reported.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import AXIS
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...domains.numbers import FloatValue
from ...interpreter.natives import CallContext
from ..calls import int_of
from .nn_base import (
    LayerValue,
    Silent,
    fail,
    floating,
    make_layer,
    run_rule,
    shape_forward,
    tensor_input,
)
from .support import TorchCall
from .values import TorchTensor

NOT_INTERPOLATING = ("nearest", "area", "nearest-exact")
"""Modes that take no ``align_corners``."""
MODE_RANKS = {
    "nearest": (3, 4, 5),
    "nearest-exact": (3, 4, 5),
    "area": (3, 4, 5),
    "linear": (3,),
    "bilinear": (4,),
    "bicubic": (4,),
    "trilinear": (5,),
}
"""The input ranks each mode accepts."""
NEEDS = {"linear": 3, "bilinear": 4, "trilinear": 5}
"""Modes whose wrong rank (3 to 5) PyTorch words as ``Got ND input, but M mode needs KD input``."""
ALIGN_CORNERS_MODES = (
    "align_corners option can only be set with the interpolating modes: "
    "linear | bilinear | bicubic | trilinear"
)
ANTIALIAS = (
    "Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and requires a 4-D "
    "tensor as input"
)

Sizes = Dim | tuple[Dim, ...] | None
Scales = float | tuple[float, ...] | None


@dataclass(frozen=True)
class Resampling:
    """An ``interpolate`` call's known arguments (``None`` for an argument given as ``None`` or
    absent)."""

    size: Sizes
    scale: Scales
    mode: str
    align_corners: bool | None
    recompute: bool | None
    antialias: bool


def _ranks_message(rank: int, mode: str) -> str:
    return (
        f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {rank}D) for the modes: "
        "nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact "
        f"(got {mode})"
    )


def _scaled(size: Dim, scale: float) -> Dim:
    if isinstance(size, int):
        return math.floor(float(size) * scale)
    if scale == int(scale):
        return dims.multiply(size, int(scale))
    return UNKNOWN


def interpolate_shape(resampling: Resampling, shape: tuple[Dim, ...]) -> Shape:
    """The result of ``interpolate`` on an input of ``shape`` (see the module docstring)."""
    mode, size, scale = resampling.mode, resampling.size, resampling.scale
    if mode in NOT_INTERPOLATING and resampling.align_corners is not None:
        raise fail(AXIS, ALIGN_CORNERS_MODES)
    rank = len(shape)
    spatial = rank - 2
    if size is not None and scale is not None:
        raise fail(AXIS, "only one of size or scale_factor should be defined")
    if size is None and scale is None:
        raise fail(AXIS, "either size or scale_factor should be defined")
    if isinstance(size, tuple) and len(size) != spatial:
        raise Silent
    if isinstance(scale, tuple) and len(scale) != spatial:
        raise Silent
    if resampling.recompute and size is not None:
        raise fail(AXIS, "recompute_scale_factor is not meaningful with an explicit size.")
    if resampling.antialias and not (mode in ("bilinear", "bicubic") and rank == 4):
        raise fail(AXIS, ANTIALIAS)
    if rank not in MODE_RANKS[mode]:
        if mode in NEEDS and rank in (3, 4, 5):
            raise fail(AXIS, f"Got {rank}D input, but {mode} mode needs {NEEDS[mode]}D input")
        raise fail(AXIS, _ranks_message(rank, mode))
    inputs = shape[2:]
    if size is not None:
        lengths = size if isinstance(size, tuple) else (size,) * spatial
    else:
        factors = scale if isinstance(scale, tuple) else (scale,) * spatial
        lengths = tuple(
            _scaled(length, float(factor)) for length, factor in zip(inputs, factors, strict=True)
        )  # type: ignore[arg-type]
    if any(isinstance(length, int) and length <= 0 for length in lengths):
        raise Silent
    return (*shape[:2], *lengths)


def _sizes(ctx: CallContext, value: AbstractValue | None) -> Sizes | bool:
    """``size``: ``None`` when absent, a ``Dim`` or a tuple of them; ``False`` when not known."""
    if value is None or value is NONE:
        return None
    single = int_of(value)
    if single is not UNKNOWN:
        return single
    items = ctx.sequence_items(value)
    if items is None:
        return False
    if any(isinstance(item, FloatValue) for item in items):
        return False
    return tuple(int_of(item) for item in items)


def _scales(ctx: CallContext, value: AbstractValue | None) -> Scales | bool:
    """``scale_factor``: ``None`` when absent, a float or a tuple; ``False`` when not known."""
    if value is None or value is NONE:
        return None
    single = ctx.float_constant(value)
    if single is not None:
        return single
    items = ctx.sequence_items(value)
    if items is None:
        return False
    factors = [ctx.float_constant(item) for item in items]
    if any(factor is None for factor in factors):
        return False
    return tuple(factors)  # type: ignore[arg-type]


def _flag(ctx: CallContext, value: AbstractValue | None) -> bool | str | None:
    """A flag that may be ``None``: its value, or ``'unknown'``."""
    if value is None or value is NONE:
        return None
    known = ctx.bool_constant(value)
    return "unknown" if known is None else known


def resampling_of(
    ctx: CallContext,
    positions: tuple[int | None, ...],
    mode: str | None = None,
    align_corners: bool | None = None,
) -> Resampling | None:
    """The resampling of a call's arguments at ``positions`` (of ``size``, ``scale_factor``,
    ``mode``, ``align_corners``, ``recompute_scale_factor`` and ``antialias``); ``mode`` and
    ``align_corners`` fixed when given; ``None`` when one is not known."""
    size_at, scale_at, mode_at, corners_at, recompute_at, antialias_at = positions
    size = _sizes(ctx, ctx.arg(size_at, "size"))
    scale = _scales(ctx, ctx.arg(scale_at, "scale_factor"))
    if mode is None:
        mode_value = ctx.arg(mode_at, "mode")
        mode = "nearest" if mode_value is None else ctx.str_constant(mode_value)
        corners = _flag(ctx, ctx.arg(corners_at, "align_corners"))
    else:
        corners = align_corners
    recompute = _flag(ctx, ctx.arg(recompute_at, "recompute_scale_factor"))
    antialias_value = ctx.arg(antialias_at, "antialias")
    antialias = False if antialias_value is None else ctx.bool_constant(antialias_value)
    unknown = (size is False, scale is False, mode not in MODE_RANKS, antialias is None)
    if any(unknown) or "unknown" in (corners, recompute):
        return None
    return Resampling(size, scale, mode, corners, recompute, antialias)  # type: ignore[arg-type]


def _resampled(ctx: CallContext, resampling: Resampling | None) -> AbstractValue:
    source = tensor_input(ctx)
    if source is None or resampling is None:
        return TorchTensor(None, None, ctx.span())
    shape = run_rule(ctx, lambda: interpolate_shape(resampling, source.shape), [source])  # type: ignore[arg-type]
    if shape is TOP:
        return TOP
    return TorchTensor(shape, floating(source.dtype), ctx.span())  # type: ignore[arg-type]


def interpolate(call: TorchCall) -> AbstractValue:
    """``interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None, antialias=False)`` (and ``upsample``, which calls it)."""
    return _resampled(call.ctx, resampling_of(call.ctx, (1, 2, 3, 4, 5, 6)))


def upsampling(
    kind: str, mode: str | None, align_corners: bool | None
) -> Callable[[CallContext], AbstractValue]:
    """``Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None)``; ``UpsamplingNearest2d``/``UpsamplingBilinear2d(size=None,
    scale_factor=None)`` fix the mode (and ``align_corners=True`` for bilinear). Its failures
    are raised by its forward. A ``scale_factor`` of ``0`` is stored as ``None``."""

    def construct(ctx: CallContext) -> AbstractValue:
        positions = (0, 1, 2, 3, 4, None) if mode is None else (0, 1, None, None, None, None)
        resampling = resampling_of(ctx, positions, mode, align_corners)
        if resampling is not None and resampling.scale == 0:
            resampling = Resampling(
                resampling.size,
                None,
                resampling.mode,
                resampling.align_corners,
                resampling.recompute,
                resampling.antialias,
            )

        def forward(layer: LayerValue, call: CallContext) -> AbstractValue:
            return _resampled(call, resampling)

        config = {"mode": None if resampling is None else resampling.mode}
        return make_layer(kind, config, forward)

    return construct


def pad_shape(shape: tuple[Dim, ...], pads: tuple[Dim, ...], constant: bool) -> Shape:
    """``pad``'s result: ``pads[2k]``/``pads[2k+1]`` added before/after dim ``-1-k``; ``None``
    (unknown) when it fails or, for a mode other than ``constant``, when a pad is negative."""
    if len(pads) % 2 or len(pads) > 2 * len(shape):
        return None
    if not constant and any(not isinstance(pad, int) or pad < 0 for pad in pads):
        return None
    result = list(shape)
    for index in range(len(pads) // 2):
        axis = len(shape) - 1 - index
        result[axis] = dims.add(dims.add(shape[axis], pads[2 * index]), pads[2 * index + 1])
        if isinstance(result[axis], int) and result[axis] < 0:  # type: ignore[operator]
            return None
    return tuple(result)


def _pads(ctx: CallContext, value: AbstractValue | None) -> tuple[Dim, ...] | None:
    items = ctx.sequence_items(value)
    return None if items is None else tuple(int_of(item) for item in items)


def pad(call: TorchCall) -> AbstractValue:
    """``pad(input, pad, mode='constant', value=None)``."""
    ctx = call.ctx
    source, pads = tensor_input(ctx), _pads(ctx, ctx.arg(1, "pad"))
    mode_value = ctx.arg(2, "mode")
    mode = "constant" if mode_value is None else ctx.str_constant(mode_value)
    if source is None or pads is None or mode is None:
        return TorchTensor(None, None, ctx.span())
    shape = pad_shape(source.shape, pads, mode == "constant")  # type: ignore[arg-type]
    return TorchTensor(shape, source.dtype, ctx.span())


def constant_pad(spatial: int, zero: bool) -> Callable[[CallContext], AbstractValue]:
    """``ZeroPad{N}d(padding)``/``ConstantPad{N}d(padding, value)``: an int pads every side."""

    def construct(ctx: CallContext) -> AbstractValue:
        value = ctx.arg(0, "padding")
        single = ctx.int_constant(value)
        pads = (single,) * (2 * spatial) if single is not None else _pads(ctx, value)

        def rule(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
            return None if pads is None else pad_shape(shape, pads, True)

        kind = f"ZeroPad{spatial}d" if zero else f"ConstantPad{spatial}d"
        return make_layer(kind, {"padding": pads}, shape_forward(rule, lambda dtype: dtype))

    return construct


LAYERS: dict[str, Callable[[CallContext], AbstractValue]] = {
    "Upsample": upsampling("Upsample", None, None),
    "UpsamplingNearest2d": upsampling("UpsamplingNearest2d", "nearest", None),
    "UpsamplingBilinear2d": upsampling("UpsamplingBilinear2d", "bilinear", True),
    "ZeroPad1d": constant_pad(1, True),
    "ZeroPad2d": constant_pad(2, True),
    "ZeroPad3d": constant_pad(3, True),
    "ConstantPad1d": constant_pad(1, False),
    "ConstantPad2d": constant_pad(2, False),
    "ConstantPad3d": constant_pad(3, False),
}

FUNCTIONAL = {"interpolate": interpolate, "upsample": interpolate, "pad": pad}
