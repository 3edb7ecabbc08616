"""How TensorFlow converts an argument to a tensor (``tf.convert_to_tensor`` semantics).

Python scalars are "weak": they take the other operand's dtype in an operator (an ``int`` alone
becomes ``int32``, a ``float`` ``float32``). Nested lists give their rectangular shape; NumPy
arrays keep their dtype. Anything not known precisely is ``None`` (unknown), never a guess.
Certainly ragged nested lists are reported with TensorFlow's ``ValueError`` message.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...arrays import dims
from ...arrays.dims import Dim
from ...arrays.errors import RAGGED, CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.numbers import FloatValue, IntValue
from ...facts import Span
from ...interpreter.natives import CallContext
from ..values import ArrayValue, DimValue
from . import messages
from .values import TensorShapeValue, TensorValue

MAX_DEPTH = 8
MAX_ITEMS = 4096
INT32_RANGE = range(-(2**31), 2**31)


@dataclass(frozen=True)
class TensorOperand:
    """An argument as a tensor: shape, dtype, whether it is a weak Python scalar, where its shape
    was established, whether it is a Keras symbolic tensor and whether it already is a tensor
    (not data converted at the call)."""

    shape: Shape
    dtype: str | None
    weak: bool
    origin: Span | None
    symbolic: bool = False
    tensor: bool = False


def _python_scalar(value: AbstractValue) -> str | bool | None:
    """The dtype of a Python scalar; ``False`` when ``value`` is not a scalar."""
    if isinstance(value, BoolValue):
        return "bool"
    if isinstance(value, IntValue):
        constant = value.constant
        return "int32" if constant is not None and constant in INT32_RANGE else None
    if isinstance(value, DimValue):
        return None
    if isinstance(value, FloatValue):
        return "float32"
    return False


class _Unknown(Exception):
    """The data cannot be described precisely."""


def _nested(
    ctx: CallContext, value: AbstractValue, depth: int, budget: list[int]
) -> tuple[Shape, set[str | None]]:
    if isinstance(value, ArrayValue):
        return value.shape, {value.dtype}
    scalar = _python_scalar(value)
    if scalar is not False:
        return (), {scalar}  # type: ignore[arg-type]
    if depth >= MAX_DEPTH:
        raise _Unknown
    items = ctx.sequence_items(value) if not isinstance(value, TensorValue) else None
    if items is None:
        raise _Unknown
    budget[0] -= len(items)
    if budget[0] < 0:
        raise _Unknown
    if not items:
        return (0,), {"float32"}
    parts = [_nested(ctx, item, depth + 1, budget) for item in items]
    inner = parts[0][0]
    dtypes: set[str | None] = set()
    for shape, kinds in parts:
        dtypes |= kinds
        if inner is None or shape is None:
            inner = None
            continue
        if len(shape) != len(inner) or any(
            dims.certainly_different(x, y) for x, y in zip(shape, inner, strict=False)
        ):
            if all(isinstance(part, int) for part in (*shape, *inner)):
                raise CertainShapeError(RAGGED, messages.non_rectangular())
            raise _Unknown
        if shape != inner:
            inner = tuple(x if x == y else dims.UNKNOWN for x, y in zip(shape, inner, strict=False))
    if inner is None:
        return None, dtypes
    return (len(items), *inner), dtypes


def _merged_dtype(kinds: set[str | None]) -> str | None:
    if None in kinds or len(kinds) > 2:
        return None
    if len(kinds) == 1:
        return next(iter(kinds))
    if kinds == {"int32", "float32"}:
        return "float32"
    return None


def operand(ctx: CallContext, value: AbstractValue | None) -> TensorOperand | None:
    """``value`` as a tensor operand; ``None`` when unknown.

    Raises ``CertainShapeError`` (TensorFlow's wording) for certainly ragged nested lists.
    """
    if value is None or value is TOP:
        return None
    if isinstance(value, TensorValue):
        return TensorOperand(value.shape, value.dtype, False, value.origin, value.symbolic, True)
    if isinstance(value, ArrayValue):
        return TensorOperand(value.shape, value.dtype, False, value.origin)
    scalar = _python_scalar(value)
    if scalar is not False:
        return TensorOperand((), scalar, True, None)  # type: ignore[arg-type]
    if isinstance(value, TensorShapeValue):
        return None
    try:
        shape, kinds = _nested(ctx, value, 0, [MAX_ITEMS])
    except _Unknown:
        return None
    return TensorOperand(shape, _merged_dtype(kinds), False, None)


def shape_argument(ctx: CallContext, value: AbstractValue | None) -> tuple[Dim, ...] | None:
    """A shape argument: an int, a list/tuple of ints, or a ``TensorShape`` (``None`` if unknown).

    Sizes that are not known are ``UNKNOWN``; the batch ``None`` of a ``TensorShape`` is kept as
    its symbol.
    """
    from ..calls import int_of

    if value is None or value is TOP:
        return None
    if isinstance(value, TensorShapeValue):
        return value.shape
    if isinstance(value, (IntValue, DimValue)):
        return (int_of(value),)
    items = ctx.sequence_items(value)
    if items is None:
        return None
    return tuple(int_of(item) for item in items)
