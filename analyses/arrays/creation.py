"""Shape rules of array creation: ``array`` from nested sequences, shape arguments, ``arange``,
``linspace``, ``eye``, and the ``size`` argument of random sampling.

Nested data is described as :class:`NestedScalar`, :class:`NestedSequence` (known items),
:class:`NestedArray` or :data:`NESTED_UNKNOWN`. Ragged nesting is a certain ``ValueError`` in
NumPy 1.24 and later unless ``dtype=object`` is requested.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import dims, dtypes
from .broadcasting import broadcast_shapes
from .dims import UNKNOWN, Dim, UnknownDim
from .dtypes import DType
from .errors import ARGUMENT, RAGGED, CertainShapeError
from .shapes import Shape


@dataclass(frozen=True)
class NestedScalar:
    """A scalar element (its dtype as NumPy would infer it, ``None`` if unknown)."""

    dtype: DType


@dataclass(frozen=True)
class NestedSequence:
    """A list or tuple with known items."""

    items: tuple[Nested, ...]


@dataclass(frozen=True)
class NestedArray:
    """An array used as an element."""

    shape: Shape
    dtype: DType


class _NestedUnknown:
    def __repr__(self) -> str:
        return "NESTED_UNKNOWN"


NESTED_UNKNOWN = _NestedUnknown()

Nested = NestedScalar | NestedSequence | NestedArray | _NestedUnknown


def _length(item: Nested) -> Dim | None:
    """The length of ``item`` as a sequence level, or ``None`` for a scalar."""
    if isinstance(item, NestedSequence):
        return len(item.items)
    if isinstance(item, NestedArray) and item.shape is not None and len(item.shape) > 0:
        return item.shape[0]
    return None


def _children(item: Nested) -> list[Nested]:
    if isinstance(item, NestedSequence):
        return list(item.items)
    assert isinstance(item, NestedArray) and item.shape is not None
    return [NestedArray(item.shape[1:], item.dtype)]


def nested_array(data: Nested, object_dtype: bool) -> tuple[Shape, DType]:
    """The shape and inferred dtype of ``numpy.array(data)``.

    Raises ``CertainShapeError`` (``array-ragged``) with NumPy's inhomogeneous-shape message when
    the nesting is certainly ragged and ``object_dtype`` is false. With ``object_dtype`` the shape
    stops at the ragged level.
    """
    level: list[Nested] = [data]
    found: list[Dim] = []
    while True:
        if any(
            item is NESTED_UNKNOWN or (isinstance(item, NestedArray) and item.shape is None)
            for item in level
        ):
            return None, None
        lengths = [_length(item) for item in level]
        if all(length is None for length in lengths):
            break
        if any(length is None for length in lengths) or _certainly_uneven(lengths):
            if object_dtype:
                return tuple(found), "object"
            detected = ", ".join(dims.format_dim(dim) for dim in found)
            detected = f"({detected},)" if len(found) == 1 else f"({detected})"
            raise CertainShapeError(
                RAGGED,
                "setting an array element with a sequence. The requested array has an "
                f"inhomogeneous shape after {len(found)} dimensions. The detected shape was "
                f"{detected} + inhomogeneous part.",
                (0,),
            )
        known = [length for length in lengths if length is not None]
        if not all(dims.certainly_equal(known[0], other) for other in known[1:]):
            return None, None
        found.append(known[0])
        level = [child for item in level for child in _children(item)]
    if object_dtype:
        return tuple(found), "object"
    operands = []
    for item in level:
        if isinstance(item, (NestedScalar, NestedArray)):
            operands.append((item.dtype, False))
    return tuple(found), dtypes.promote(*operands) if operands else dtypes.FLOAT64


def _certainly_uneven(lengths: list[Dim | None]) -> bool:
    known = [length for length in lengths if isinstance(length, int)]
    return len(set(known)) > 1


def shape_argument(values: tuple[Dim, ...]) -> Shape:
    """A shape given as an argument (``zeros((3, 4))``): negative sizes are a certain error."""
    for value in values:
        if isinstance(value, int) and value < 0:
            raise CertainShapeError(ARGUMENT, "negative dimensions are not allowed", (0,))
    return values


def arange_length(start: Dim | float, stop: Dim | float | None, step: Dim | float | None) -> Dim:
    """The length of ``arange(start, stop, step)`` (``stop`` ``None``: ``arange(start)``)."""
    if stop is None:
        start, stop = 0, start
    step = 1 if step is None else step
    if any(isinstance(part, (UnknownDim, dims.SymbolicDim)) for part in (start, stop, step)):
        if start == 0 and step == 1 and not isinstance(stop, UnknownDim):
            return stop if isinstance(stop, dims.SymbolicDim) else UNKNOWN
        return UNKNOWN
    assert isinstance(start, (int, float)) and isinstance(stop, (int, float))
    assert isinstance(step, (int, float))
    if step == 0:
        raise CertainShapeError(ARGUMENT, "division by zero", (0,))
    return max(math.ceil((stop - start) / step), 0)


def linspace_length(num: Dim) -> Dim:
    """The length of ``linspace(..., num)``; a negative ``num`` is a certain error."""
    if isinstance(num, int) and num < 0:
        raise CertainShapeError(ARGUMENT, f"Number of samples, {num}, must be non-negative.", (0,))
    return num


def sample_shape(size: tuple[Dim, ...] | None, parameters: list[Shape]) -> Shape:
    """The shape of a random sample: ``size`` when given, else the broadcast of array-valued
    distribution parameters (``()`` for scalar parameters)."""
    if size is not None:
        return shape_argument(size)
    return broadcast_shapes(*parameters)
