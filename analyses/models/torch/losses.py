"""Losses of ``torch.nn`` and ``torch.nn.functional`` with PyTorch's input/target rules:
``CrossEntropyLoss``/``cross_entropy``, ``NLLLoss``/``nll_loss``, the pointwise regression losses
(``MSELoss``, ``L1Loss``, ``SmoothL1Loss``, ``HuberLoss``) and ``BCELoss``/``BCEWithLogitsLoss``.

Cross entropy takes class probabilities when the target has the input's shape (the target must
then be floating), and class indices otherwise, through ``nll_loss``: the batch sizes must match,
a 1-D or 2-D input needs a 0-D or 1-D target, a 3-D or wider input (``(N, C, d1, ...)``) a target
of ``(N, d1, ...)``, and class indices must be ``int64`` or ``uint8``. The pointwise losses
broadcast input and target: PyTorch's ``UserWarning`` about it is reported as a warning when the
shapes certainly differ, and a failing broadcast as its error. The binary cross entropies require
equal shapes. ``reduction='none'`` keeps the per-element shape; ``'mean'``/``'sum'`` give a 0-d
tensor. Other options (``weight``, ``ignore_index``, ``label_smoothing``) are not checked.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays import dims
from ...arrays.dims import Dim
from ...arrays.errors import CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...interpreter.natives import CallContext
from . import dtypes, rules
from . import nn_messages as words
from .convert import TorchOperand
from .nn_base import (
    LayerValue,
    Silent,
    certainly_differ,
    fail,
    known,
    make_layer,
    run_rule,
    tensor_input,
)
from .values import TorchTensor

CLASS_INDEX_DTYPES = ("int64", "uint8")


def _differ(a: tuple[Dim, ...], b: tuple[Dim, ...]) -> bool:
    """Whether two shapes are certainly different."""
    return len(a) != len(b) or any(certainly_differ(x, y) for x, y in zip(a, b, strict=True))


def _may_differ(a: tuple[Dim, ...], b: tuple[Dim, ...]) -> bool:
    """Whether two shapes are not certainly equal."""
    return len(a) != len(b) or any(
        not dims.certainly_equal(x, y) for x, y in zip(a, b, strict=True)
    )


def _printable(*shapes: tuple[Dim, ...]) -> None:
    if not all(known(shape) for shape in shapes):
        raise Silent


def nll_shape(given: tuple[Dim, ...], target: tuple[Dim, ...], target_dtype: str | None) -> Shape:
    """``nll_loss_nd``'s checks and the per-element shape (the target's)."""
    if not given:
        raise Silent
    if len(given) != 1 and target:
        if certainly_differ(given[0], target[0]):
            _printable((given[0], target[0]))
            raise fail(words.LOSS, words.batch_sizes(given[0], target[0]), (0, 1))
    elif len(given) != 1:
        raise Silent
    if len(given) <= 2:
        if len(target) > 1:
            raise fail(words.LOSS, words.MULTI_TARGET, (1,))
        if len(given) == 1 and len(target) == 1 and certainly_differ(target[0], 1):
            _printable(target)
            raise fail(words.LOSS, words.one_dimensional_target(target[0]), (1,))
    elif len(given) == 4:
        if len(target) != 3:
            raise fail(words.LOSS, words.spatial_targets(len(target)), (1,))
        if _differ(target[1:], given[2:]):
            raise Silent
    elif _differ(target[1:], given[2:]) or len(target) < 1:
        expected = (given[0], *given[2:])
        _printable(expected, target)
        raise fail(words.LOSS, words.target_size(expected, target), (0, 1))
    if target_dtype not in CLASS_INDEX_DTYPES:
        name = words.TARGET_DTYPE_NAMES.get(target_dtype or "")
        if name is None or len(given) > 2:
            raise Silent
        raise fail(words.LOSS, words.target_dtype(name), (1,))
    return target


def cross_entropy_shape(
    given: tuple[Dim, ...], target: tuple[Dim, ...], target_dtype: str | None
) -> Shape:
    """Cross entropy's per-element shape (see the module docstring)."""
    if len(given) == len(target) and not _differ(given, target):
        if _may_differ(given, target):
            return None
        if not dtypes.is_floating(target_dtype):
            name = words.TARGET_DTYPE_NAMES.get(target_dtype or "")
            if name is None:
                raise Silent
            raise fail(words.LOSS, words.probability_dtype(name), (1,))
        class_axis = 0 if len(given) == 1 else 1
        return given[:class_axis] + given[class_axis + 1 :]
    return nll_shape(given, target, target_dtype)


def pointwise_shape(given: tuple[Dim, ...], target: tuple[Dim, ...]) -> Shape:
    """The regression losses' broadcast of input and target."""
    return rules.broadcast(given, target)


def binary_shape(
    given: tuple[Dim, ...], target: tuple[Dim, ...], message: Callable[..., str]
) -> Shape:
    if _differ(given, target):
        _printable(given, target)
        raise fail(words.LOSS, message(target, given), (0, 1))
    return given


Rule = Callable[[tuple[Dim, ...], tuple[Dim, ...], "str | None"], Shape]

RULES: dict[str, Rule] = {
    "cross_entropy": cross_entropy_shape,
    "nll": nll_shape,
    "pointwise": lambda given, target, dtype: pointwise_shape(given, target),
    "bce": lambda given, target, dtype: binary_shape(given, target, words.bce_size),
    "bce_logits": lambda given, target, dtype: binary_shape(given, target, words.bce_logits_size),
}


def _warn_broadcast(ctx: CallContext, given: tuple[Dim, ...], target: tuple[Dim, ...]) -> None:
    """PyTorch's warning of a pointwise loss whose shapes certainly differ (and broadcast)."""
    if not _differ(given, target) or not known(given) or not known(target):
        return
    try:
        rules.broadcast(given, target)
    except CertainShapeError:
        return
    ctx.report(words.LOSS_BROADCAST, words.broadcast_warning(target, given), warning=True)


def apply_loss(
    ctx: CallContext,
    family: str,
    given: TorchOperand | None,
    target: TorchOperand | None,
    reduction: str | None,
) -> AbstractValue:
    """The loss of ``family`` at the call: a 0-d tensor (or the per-element one without
    reduction); ⊤ after a certain failure."""
    if given is None or target is None or given.shape is None or target.shape is None:
        return TorchTensor(None, None, ctx.span())
    if family == "pointwise":
        _warn_broadcast(ctx, given.shape, target.shape)
    rule = RULES[family]
    shape = run_rule(
        ctx,
        lambda: rule(given.shape, target.shape, target.dtype),  # type: ignore[arg-type]
        [given, target],
    )
    if shape is TOP:
        return TOP
    same = family in ("cross_entropy", "nll") or target.dtype == given.dtype
    dtype = given.dtype if dtypes.is_floating(given.dtype) and same else None
    if reduction in ("mean", "sum"):
        return TorchTensor((), dtype, ctx.span())
    if reduction == "none":
        return TorchTensor(shape, dtype, ctx.span())  # type: ignore[arg-type]
    return TorchTensor(None, dtype, ctx.span())


def reduction_of(ctx: CallContext, index: int | None) -> str | None:
    """The ``reduction`` argument (``'mean'`` when absent; ``None`` when unknown)."""
    value = ctx.arg(index, "reduction")
    if value is None:
        return "mean"
    return ctx.str_constant(value)


def _loss_forward(layer: LayerValue, ctx: CallContext) -> AbstractValue:
    family = layer.option("family")
    reduction = layer.option("reduction")
    assert isinstance(family, str)
    return apply_loss(
        ctx,
        family,
        tensor_input(ctx, 0, "input"),
        tensor_input(ctx, 1, "target"),
        reduction if isinstance(reduction, str) else None,
    )


def loss(kind: str, family: str) -> Callable[[CallContext], AbstractValue]:
    """A loss module: its ``reduction`` by keyword (arguments given by position other than the
    first make it unknown)."""

    def construct(ctx: CallContext) -> AbstractValue:
        reduction = reduction_of(ctx, None) if len(ctx.args) <= 1 else None
        config: dict[str, object] = {"family": family, "reduction": reduction}
        return make_layer(kind, config, _loss_forward)

    return construct


LOSSES: dict[str, Callable[[CallContext], AbstractValue]] = {
    "CrossEntropyLoss": loss("CrossEntropyLoss", "cross_entropy"),
    "NLLLoss": loss("NLLLoss", "nll"),
    "MSELoss": loss("MSELoss", "pointwise"),
    "L1Loss": loss("L1Loss", "pointwise"),
    "SmoothL1Loss": loss("SmoothL1Loss", "pointwise"),
    "HuberLoss": loss("HuberLoss", "pointwise"),
    "BCELoss": loss("BCELoss", "bce"),
    "BCEWithLogitsLoss": loss("BCEWithLogitsLoss", "bce_logits"),
}

FUNCTIONAL_LOSSES: dict[str, tuple[str, int]] = {
    "cross_entropy": ("cross_entropy", 6),
    "nll_loss": ("nll", 6),
    "mse_loss": ("pointwise", 4),
    "l1_loss": ("pointwise", 4),
    "smooth_l1_loss": ("pointwise", 4),
    "huber_loss": ("pointwise", 2),
    "binary_cross_entropy": ("bce", 5),
    "binary_cross_entropy_with_logits": ("bce_logits", 5),
}
"""``torch.nn.functional`` losses: their family and the position of ``reduction``."""
