"""``torch.nn.functional`` forms of the layers and losses: ``linear``, ``conv1d/2d/3d``,
``conv_transpose1d/2d``, ``max_pool1d/2d``, ``avg_pool1d/2d``, ``adaptive_avg_pool1d/2d``,
``embedding``, ``layer_norm``, ``interpolate``/``upsample`` and ``pad`` (:mod:`.nn_resampling`),
dropouts and the losses (the elementwise activations,
``softmax`` and ``dropout`` are the tensor model's). Each runs the same shape rule as its module, with the weights' sizes taken from
the weight tensors given.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays.dims import Dim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ..calls import int_of
from . import losses, nn_convolution, nn_layers, nn_resampling
from .convert import TorchOperand
from .nn_base import floating, known, run_rule, sizes_argument, tensor_input
from .support import Impl, TorchCall
from .values import TorchTensor


def _finish(
    call: TorchCall,
    rule: Callable[[], Shape],
    operands: list[TorchOperand | None],
    dtype: str | None,
) -> AbstractValue:
    shape = run_rule(call.ctx, rule, operands)
    if shape is TOP:
        return TOP
    return TorchTensor(shape, dtype, call.ctx.span())  # type: ignore[arg-type]


def _input(call: TorchCall) -> TorchOperand | None:
    return tensor_input(call.ctx, 0, "input")


def _weight(call: TorchCall, index: int = 1) -> tuple[Dim, ...] | None:
    weight = tensor_input(call.ctx, index, "weight")
    return None if weight is None else weight.shape


def linear(call: TorchCall) -> AbstractValue:
    """``linear(input, weight, bias=None)`` with a weight of ``(out, in)``."""
    source, weight = _input(call), _weight(call)
    if source is None or weight is None or len(weight) != 2:
        return TorchTensor(None, None, call.ctx.span())
    return _finish(
        call,
        lambda: nn_layers.linear_shape(source.shape, weight[1], weight[0]),  # type: ignore[arg-type]
        [source],
        floating(source.dtype),
    )


def convolution(spatial: int, transposed: bool) -> Impl:
    """``conv{N}d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)`` and
    ``conv_transpose{N}d(input, weight, bias=None, stride=1, padding=0, output_padding=0,
    groups=1, dilation=1)``."""

    def impl(call: TorchCall) -> AbstractValue:
        ctx = call.ctx
        source, weight = _input(call), _weight(call)
        groups_value = ctx.arg(6, "groups")
        groups = 1 if groups_value is None else ctx.int_constant(groups_value)
        dilation_at = 7 if transposed else 5
        stride = sizes_argument(ctx, ctx.arg(3, "stride"), spatial, 1)
        dilation = sizes_argument(ctx, ctx.arg(dilation_at, "dilation"), spatial, 1)
        padding = nn_convolution.padding_of(ctx, ctx.arg(4, "padding"), spatial)
        output_padding = (
            sizes_argument(ctx, ctx.arg(5, "output_padding"), spatial, 0) if transposed else ()
        )
        parts = (groups, stride, dilation, padding, output_padding)
        if source is None or weight is None or any(part is None for part in parts):
            return TorchTensor(None, None, ctx.span())
        if len(weight) != spatial + 2 or not known(weight) or not groups or groups < 1:
            return TorchTensor(None, None, ctx.span())
        assert isinstance(groups, int)
        if transposed:
            in_channels, out_channels = weight[0], weight[1] * groups  # type: ignore[operator]
        else:
            in_channels, out_channels = weight[1] * groups, weight[0]  # type: ignore[operator]
        conv = nn_convolution.Convolution(
            spatial,
            in_channels,  # type: ignore[arg-type]
            out_channels,
            weight[2:],  # type: ignore[arg-type]
            stride,  # type: ignore[arg-type]
            padding,  # type: ignore[arg-type]
            dilation,  # type: ignore[arg-type]
            groups,
            transposed,
            output_padding,  # type: ignore[arg-type]
        )
        return _finish(
            call,
            lambda: nn_convolution.convolution_shape(conv, source.shape),  # type: ignore[arg-type]
            [source],
            floating(source.dtype),
        )

    return impl


def pooling(spatial: int, maximum: bool) -> Impl:
    """``max_pool{N}d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
    return_indices=False)``, ``avg_pool{N}d(input, kernel_size, stride=None, padding=0,
    ceil_mode=False, ...)``."""
    positions = (1, 2, 3, 4, 6, 5) if maximum else (1, 2, 3, None, None, 4)

    def impl(call: TorchCall) -> AbstractValue:
        source = _input(call)
        pool = nn_convolution.pooling_of(call.ctx, spatial, maximum, positions)
        if source is None or pool is None:
            return TOP if source is not None else TorchTensor(None, None, call.ctx.span())
        return _finish(
            call,
            lambda: nn_convolution.pooling_shape(pool, source.shape),  # type: ignore[arg-type]
            [source],
            source.dtype,
        )

    return impl


def adaptive_pooling(spatial: int) -> Impl:
    """``adaptive_avg_pool{N}d(input, output_size)``."""

    def impl(call: TorchCall) -> AbstractValue:
        source = _input(call)
        output = nn_convolution.adaptive_output(call.ctx, call.ctx.arg(1, "output_size"), spatial)
        if source is None or output is None:
            return TorchTensor(None, None, call.ctx.span())
        return _finish(
            call,
            lambda: nn_convolution.adaptive_shape(spatial, source.shape, output),  # type: ignore[arg-type]
            [source],
            floating(source.dtype),
        )

    return impl


def embedding(call: TorchCall) -> AbstractValue:
    """``embedding(input, weight, ...)`` with a weight of ``(num_embeddings, embedding_dim)``."""
    source, weight = _input(call), _weight(call)
    if source is None or weight is None or len(weight) != 2:
        return TorchTensor(None, None, call.ctx.span())
    weight_value = call.ctx.arg(1, "weight")
    dtype = weight_value.dtype if isinstance(weight_value, TorchTensor) else None
    return _finish(
        call,
        lambda: nn_layers.embedding_shape(source.shape, source.dtype, weight[1]),  # type: ignore[arg-type]
        [source],
        dtype,
    )


def layer_norm(call: TorchCall) -> AbstractValue:
    """``layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)``."""
    source = _input(call)
    value = call.ctx.arg(1, "normalized_shape")
    single = call.ctx.int_constant(value)
    items = call.ctx.sequence_items(value) if single is None else None
    normalized = (single,) if single is not None else None
    if items is not None:
        normalized = tuple(int_of(item) for item in items)
    if source is None or normalized is None or not known(normalized):
        return TorchTensor(None, None, call.ctx.span())
    return _finish(
        call,
        lambda: nn_layers.layer_norm_shape(source.shape, normalized),  # type: ignore[arg-type]
        [source],
        floating(source.dtype),
    )


def keeping(call: TorchCall) -> AbstractValue:
    """An activation or dropout: the input's shape and dtype."""
    source = _input(call)
    if source is None:
        return TorchTensor(None, None, call.ctx.span())
    return TorchTensor(source.shape, source.dtype, call.ctx.span())


def loss(family: str, reduction_at: int) -> Impl:
    def impl(call: TorchCall) -> AbstractValue:
        ctx = call.ctx
        return losses.apply_loss(
            ctx,
            family,
            tensor_input(ctx, 0, "input"),
            tensor_input(ctx, 1, "target"),
            losses.reduction_of(ctx, reduction_at),
        )

    return impl


KEEPING = ("logsigmoid", "dropout1d", "dropout2d", "dropout3d", "alpha_dropout")
"""Shape-keeping functions not among ``torch.nn.functional``'s elementwise ops."""

FUNCTIONAL: dict[str, Impl] = {
    **dict.fromkeys(KEEPING, keeping),
    "linear": linear,
    "conv1d": convolution(1, False),
    "conv2d": convolution(2, False),
    "conv3d": convolution(3, False),
    "conv_transpose1d": convolution(1, True),
    "conv_transpose2d": convolution(2, True),
    "max_pool1d": pooling(1, True),
    "max_pool2d": pooling(2, True),
    "avg_pool1d": pooling(1, False),
    "avg_pool2d": pooling(2, False),
    "adaptive_avg_pool1d": adaptive_pooling(1),
    "adaptive_avg_pool2d": adaptive_pooling(2),
    "embedding": embedding,
    "layer_norm": layer_norm,
    **nn_resampling.FUNCTIONAL,
    **{
        name: loss(family, position)
        for name, (family, position) in losses.FUNCTIONAL_LOSSES.items()
    },
}
"""The ``torch.nn.functional`` functions of this model."""
