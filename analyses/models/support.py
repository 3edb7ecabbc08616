"""Small helpers shared by the NumPy function models: reading array arguments and finishing a
result (an array established at the call, or ⊤ after a reported failure)."""

from __future__ import annotations

from collections.abc import Callable

from ..arrays.dtypes import DType
from ..arrays.shapes import Shape
from ..domains.base import TOP, AbstractValue
from ..domains.none import NONE
from .calls import FAILED, ModelCall, Operand

Impl = Callable[[ModelCall], AbstractValue]


def operand(
    call: ModelCall, index: int | None, keyword: str | None = None
) -> Operand | object | None:
    """Argument ``index``/``keyword`` as an array operand; ``None`` when absent or unknown,
    ``FAILED`` when its data is certainly ragged (reported)."""
    value = call.arg(index, keyword)
    if value is None or value is NONE:
        return None
    return call.run(lambda: call.operand(value))


def operands(
    call: ModelCall, index: int, keyword: str | None = None
) -> list[Operand | None] | None:
    """A sequence argument of arrays (``concatenate([a, b])``); ``None`` when its length is
    unknown."""
    items = call.items(call.arg(index, keyword))
    if items is None:
        return None
    result: list[Operand | None] = []
    for item in items:
        converted = call.run(lambda item=item: call.operand(item))
        result.append(converted if isinstance(converted, Operand) else None)
    return result


def finish(call: ModelCall, shape: Shape | object, dtype: DType) -> AbstractValue:
    """An array of ``shape`` established at the call; ⊤ after a reported failure."""
    if shape is FAILED:
        return TOP
    return call.array(shape, dtype)  # type: ignore[arg-type]


def shape_of(value: Operand | object | None) -> Shape:
    return value.shape if isinstance(value, Operand) else None


def dtype_of(value: Operand | object | None) -> DType:
    return value.dtype if isinstance(value, Operand) else None
