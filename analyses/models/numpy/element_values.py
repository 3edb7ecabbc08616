"""Element values of small arrays of known constants (``np.array([1, 0, 2])``, ``np.arange(5)``).

They flow through comparisons (``x > 0``), ``~``, ``&``/``|``/``^`` and ``+``/``-``/``*`` of
numbers (not bools) with constants or arrays of the same shape, computed with Python's operators
(the same results as NumPy's for bools, and for ints and floats below 2**53 in magnitude, the only
values kept: one IEEE operation on doubles rounds alike), and
through indexing with constant integers. They are used where a shape depends on them: the number
of ``True`` values of a mask, the values of an index array. Anything else drops them (the array
keeps its shape and dtype).
"""

from __future__ import annotations

import operator
from collections.abc import Callable

from ...domains.base import AbstractValue
from ...domains.bools import BoolValue
from ...domains.numbers import FloatValue, IntValue
from ...interpreter.semantics.operators import COMPARE
from ..values import ArrayValue, element_values

LOGICAL: dict[str, Callable[[object, object], object]] = {
    "BitAnd": operator.and_,
    "BitOr": operator.or_,
    "BitXor": operator.xor,
}
ARITHMETIC: dict[str, Callable[[object, object], object]] = {
    "Add": operator.add,
    "Sub": operator.sub,
    "Mult": operator.mul,
}


def _constant(value: AbstractValue) -> object | None:
    if isinstance(value, BoolValue):
        return value.value
    if isinstance(value, IntValue):
        return value.constant
    if isinstance(value, FloatValue):
        return value.value
    return None


def _operand_values(array: ArrayValue, other: AbstractValue) -> list[object] | None:
    """The other operand's values aligned with ``array``'s elements (a constant repeated, or an
    array of the same shape), or ``None``."""
    assert array.values is not None
    if isinstance(other, ArrayValue):
        if other.values is None or other.shape != array.shape:
            return None
        return list(other.values)
    constant = _constant(other)
    return None if constant is None else [constant] * len(array.values)


def binary(
    op: str, result: AbstractValue, array: ArrayValue, other: AbstractValue, reflected: bool
) -> AbstractValue:
    """``result`` of ``array op other`` (or reflected) with its element values when computable."""
    if not isinstance(result, ArrayValue) or array.values is None or result.shape != array.shape:
        return result
    theirs = _operand_values(array, other)
    if theirs is None:
        return result
    rule = COMPARE.get(op)
    kinds = {type(value) for value in (*array.values, *theirs)}
    if rule is None and op in LOGICAL and (kinds == {bool} or bool not in kinds):
        rule = LOGICAL[op] if float not in kinds else None
    if rule is None and op in ARITHMETIC and bool not in kinds:
        rule = ARITHMETIC[op]
    if rule is None:
        return result
    pairs = (
        zip(theirs, array.values, strict=True)
        if reflected
        else zip(array.values, theirs, strict=True)
    )
    computed = [rule(left, right) for left, right in pairs]
    values = element_values(result.shape, result.dtype, computed)
    return ArrayValue(result.shape, result.dtype, result.established, values)


def unary(op: str, result: AbstractValue, array: ArrayValue) -> AbstractValue:
    """``~array`` and ``-array`` with element values."""
    if not isinstance(result, ArrayValue) or array.values is None:
        return result
    if op == "Invert" and array.dtype == "bool":
        computed: list[object] = [not value for value in array.values]
    elif op in ("Invert", "USub") and array.dtype == "int64":
        computed = [~value if op == "Invert" else -value for value in array.values]  # type: ignore[operator]
    else:
        return result
    values = element_values(result.shape, result.dtype, computed)
    return ArrayValue(result.shape, result.dtype, result.established, values)


def element(array: ArrayValue, positions: list[int]) -> object | None:
    """The element at constant ``positions`` (one per axis, negative from the end; ``None`` when
    out of bounds: the indexing rule reports that)."""
    if array.values is None or array.shape is None or len(positions) != len(array.shape):
        return None
    flat = 0
    for position, size in zip(positions, array.shape, strict=True):
        assert isinstance(size, int)
        if not -size <= position < size:
            return None
        flat = flat * size + (position % size)
    return array.values[flat]


def true_count(array: ArrayValue) -> int | None:
    """The number of ``True`` elements of a boolean array of known values."""
    if array.values is None or array.dtype != "bool":
        return None
    return sum(1 for value in array.values if value)
