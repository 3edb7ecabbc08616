"""Keras loss and metric objects (Keras 2.12): ``tf.keras.losses.SparseCategoricalCrossentropy()``,
``CategoricalCrossentropy``, ``BinaryCrossentropy``, ``MeanSquaredError``, ``MeanAbsoluteError``,
``Huber`` and ``tf.keras.metrics.*``.

Calling a loss object ``loss(y_true, y_pred)`` first squeezes a trailing size 1 from the operand
of one more rank (Keras's ``squeeze_or_expand_dimensions``), then applies its rule, failing where
and as TensorFlow fails when the shapes are fully known:

* sparse categorical: rank-2 predictions ``(batch, classes)`` need as many labels as rows (the
  labels are flattened first; a mismatch prints the flattened shape); other ranks are checked
  only for labels shaped like the predictions without their last axis;
* categorical: labels shaped like the predictions;
* binary: the labels and predictions broadcast (``from_logits``: equal shapes);
* mean squared/absolute error, Huber: the predictions and labels broadcast (predictions first);

the result is a scalar, or one value per sample with ``reduction="none"``. A metric object's
``update_state(y_true, y_pred)`` and call check the same rules for the metrics computed by these
losses; ``result()`` is a scalar. Accuracy metrics and other metrics are not checked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...arrays import shapes
from ...arrays.dims import Dim
from ...arrays.errors import CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from ..calls import FAILED
from . import messages, rules
from .convert import TensorOperand, operand
from .support import run, tensor

LOSSES = {
    "SparseCategoricalCrossentropy": "sparse_categorical_crossentropy",
    "CategoricalCrossentropy": "categorical_crossentropy",
    "BinaryCrossentropy": "binary_crossentropy",
    "MeanSquaredError": "mean_squared_error",
    "MeanAbsoluteError": "mean_absolute_error",
    "Huber": "huber",
}
"""The modelled loss classes and the loss function each computes."""
METRICS = (
    "SparseCategoricalCrossentropy",
    "CategoricalCrossentropy",
    "BinaryCrossentropy",
    "MeanSquaredError",
    "MeanAbsoluteError",
    "Accuracy",
    "SparseCategoricalAccuracy",
    "CategoricalAccuracy",
    "BinaryAccuracy",
    "Mean",
    "AUC",
    "Precision",
    "Recall",
)
"""The modelled metric classes (the first five are checked like their losses)."""


def _squeezed(y_true: tuple[Dim, ...], y_pred: tuple[Dim, ...]) -> tuple[Shape, Shape]:
    """Keras's ``squeeze_or_expand_dimensions`` for operands whose ranks differ by one."""
    if len(y_true) == len(y_pred) + 1 and y_true[-1] == 1:
        return y_true[:-1], y_pred
    if len(y_pred) == len(y_true) + 1 and y_pred[-1] == 1:
        return y_true, y_pred[:-1]
    return y_true, y_pred


def check(function: str, from_logits: bool | None, y_true: Shape, y_pred: Shape) -> Shape:
    """The per-sample loss shape of ``function`` (raises TensorFlow's failure; see the module
    docstring)."""
    if y_true is None or y_pred is None:
        return None
    y_true, y_pred = _squeezed(y_true, y_pred)
    assert y_true is not None and y_pred is not None
    if function == "sparse_categorical_crossentropy":
        if len(y_pred) != 2 or not shapes.is_fully_known((*y_true, *y_pred)):
            return y_pred[:-1] if y_pred and y_true == y_pred[:-1] else None
        flat = shapes.size(y_true)
        if flat != y_pred[0]:
            raise CertainShapeError(
                messages.LABELS, messages.sparse_labels_shape((flat,), y_pred), (0, 1)
            )
        return (y_pred[0],)
    if function == "categorical_crossentropy":
        return rules.keras_same_shape(y_true, y_pred)
    if function == "binary_crossentropy":
        if from_logits is None:
            return None
        if from_logits:
            if len(y_true) != len(y_pred) or y_true != y_pred:
                if shapes.is_fully_known((*y_true, *y_pred)):
                    raise CertainShapeError(
                        messages.LABELS, messages.sigmoid_labels(y_pred, y_true), (0, 1)
                    )
                return None
            return y_pred[:-1] if y_pred else None
        merged = rules.broadcast(y_true, y_pred)
        return merged[:-1] if merged else None
    return rules.keras_pointwise(y_true, y_pred)


@dataclass(frozen=True, slots=True)
class LossValue(NativeValue):
    """A loss object of class ``kind`` (``from_logits`` and whether ``reduction="none"`` when
    known)."""

    kind: str
    from_logits: bool | None = False
    per_sample: bool | None = False

    @property
    def function(self) -> str:
        return LOSSES[self.kind]

    def describe(self) -> str:
        return f"keras loss {self.kind}"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == self.kind

    def call(self, ctx: CallContext) -> AbstractValue:
        """``loss(y_true, y_pred, sample_weight=None)``."""
        result = _apply(ctx, self.function, self.from_logits)
        if result is TOP or not isinstance(result, tuple):
            return result if result is TOP else tensor(ctx, None, "float32")
        if self.per_sample is None:
            return tensor(ctx, None, "float32")
        return tensor(ctx, result if self.per_sample else (), "float32")


def _apply(ctx: CallContext, function: str, from_logits: bool | None) -> AbstractValue | Shape:
    """The per-sample shape of ``function`` on the call's ``(y_true, y_pred)``; ⊤ after a
    reported failure; ``None`` when unknown."""
    y_true = run(ctx, lambda: operand(ctx, ctx.arg(0, "y_true")))
    y_pred = run(ctx, lambda: operand(ctx, ctx.arg(1, "y_pred")))
    if FAILED in (y_true, y_pred):
        return TOP
    if not isinstance(y_true, TensorOperand) or not isinstance(y_pred, TensorOperand):
        return None
    pair = [y_true, y_pred]
    shape = run(ctx, lambda: check(function, from_logits, y_true.shape, y_pred.shape), pair)
    return TOP if shape is FAILED else shape  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class MetricValue(NativeValue):
    """A metric object of class ``kind``; its state is not tracked."""

    kind: str
    from_logits: bool | None = False

    def describe(self) -> str:
        return f"keras metric {self.kind}"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == self.kind

    def _update(self, ctx: CallContext) -> AbstractValue:
        function = LOSSES.get(self.kind)
        checked = function is not None and self.kind != "SparseCategoricalCrossentropy"
        if checked and _apply(ctx, function, self.from_logits) is TOP:  # type: ignore[arg-type]
            return TOP
        return tensor(ctx, (), "float32")

    def call(self, ctx: CallContext) -> AbstractValue:
        return self._update(ctx)

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "update_state":
            return NativeFunction(f"{self.kind}.update_state", self._update)
        if name == "result":
            return NativeFunction(f"{self.kind}.result", lambda call: tensor(call, (), "float32"))
        if name in ("reset_state", "reset_states"):
            return NativeFunction(f"{self.kind}.{name}", lambda call: NONE)
        return TOP


def _from_logits(ctx: CallContext) -> bool | None:
    given = ctx.kwargs.get("from_logits")
    return False if given is None else ctx.bool_constant(given)


def loss_class(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``<Loss>(from_logits=False, ..., reduction="auto", name=...)`` (keywords only)."""

    def construct(ctx: CallContext) -> AbstractValue:
        reduction = ctx.kwargs.get("reduction")
        text = ctx.str_constant(reduction)
        per_sample = (
            False
            if reduction is None or text in ("auto", "sum_over_batch_size", "sum")
            else (True if text == "none" else None)
        )
        return LossValue(kind, _from_logits(ctx) if not ctx.args else None, per_sample)

    return construct


def metric_class(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``<Metric>(name=..., dtype=None, ...)``."""
    return lambda ctx: MetricValue(kind, _from_logits(ctx))


def unchecked_loss(ctx: CallContext) -> AbstractValue:
    """A loss function of ``keras.losses`` called directly (not squeezed as a loss object
    squeezes): its per-sample loss, of unknown shape."""
    return tensor(ctx, None, "float32")


LOSS_CLASSES = {kind: loss_class(kind) for kind in LOSSES}
METRIC_CLASSES = {kind: metric_class(kind) for kind in METRICS}
