"""Shape rules of array creation: ``array`` from nested sequences, shape arguments, ``arange``,
``linspace``, ``eye``, ``meshgrid``, and the ``size`` argument of random sampling.

Nested data is described as :class:`NestedScalar`, :class:`NestedSequence` (known items),
:class:`NestedArray` or :data:`NESTED_UNKNOWN`. Ragged nesting is a certain ``ValueError`` in
NumPy 1.24 and later unless ``dtype=object`` is requested.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import dims, dtypes, shapes
from .broadcasting import broadcast_dims
from .dims import UNKNOWN, Dim, UnknownDim
from .dtypes import DType
from .errors import ARGUMENT, BROADCAST, RAGGED, CertainShapeError
from .shapes import Shape
from .size_limits import check_numpy_sizes


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


class _EmptyEnd:
    """What an empty list contributes to the next level: the nesting ends there."""


_EMPTY_END = _EmptyEnd()


def _length(item: Nested | _EmptyEnd) -> Dim | None:
    """The length of ``item`` as a sequence level, or ``None`` for a scalar."""
    if isinstance(item, NestedSequence):
        return len(item.items)
    if isinstance(item, NestedArray) and item.shape is not None and len(item.shape) > 0:
        return item.shape[0]
    return None


def _children(item: Nested | _EmptyEnd) -> list[Nested | _EmptyEnd]:
    if isinstance(item, NestedSequence):
        return list(item.items) if item.items else [_EMPTY_END]
    assert isinstance(item, NestedArray) and item.shape is not None
    return [NestedArray(item.shape[1:], item.dtype)]


def nested_array(data: Nested, object_dtype: bool) -> tuple[Shape, DType]:
    """The shape and inferred dtype of ``numpy.array(data)``.

    Raises ``CertainShapeError`` (``array-ragged``) with NumPy's inhomogeneous-shape message when
    the nesting is certainly ragged and ``object_dtype`` is false. With ``object_dtype`` the shape
    stops at the ragged level.
    """
    level: list[Nested | _EmptyEnd] = [data]
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
            if any(isinstance(item, _EmptyEnd) for item in level):
                return None, None
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


def shape_argument(values: tuple[Dim, ...], dtype: str | None = None) -> Shape:
    """A shape given as an argument (``zeros((3, 4))``) of a new array of ``dtype``: the sizes
    NumPy refuses (negative, out of range, too many bytes) are a certain error
    (``size_limits.check_numpy_sizes``)."""
    check_numpy_sizes(values, dtype)
    return values


MAX_FLOAT_RANGE_LENGTH = 2**40
"""Float ranges longer than this are left unknown (NumPy may fail to allocate them)."""


def arange_length(start: Dim | float, stop: Dim | float | None, step: Dim | float | None) -> Dim:
    """The length of ``arange(start, stop, step)`` (``stop`` ``None``: ``arange(start)``).

    NumPy computes it from the Python numbers as ``ceil((stop - start) / step)`` (Python's
    subtraction and true division, so IEEE doubles once a float is involved), clamped at 0; the
    same arithmetic here gives the same length. A zero step raises Python's ``ZeroDivisionError``
    (its message), a NaN quotient NumPy's "cannot compute length"; an infinite or huge length is
    left unknown."""
    if stop is None:
        start, stop = 0, start
    step = 1 if step is None else step
    if any(isinstance(part, (UnknownDim, dims.SymbolicDim)) for part in (start, stop, step)):
        if start == 0 and step == 1 and not isinstance(stop, UnknownDim):
            return stop if isinstance(stop, dims.SymbolicDim) else UNKNOWN
        return UNKNOWN
    assert isinstance(start, (int, float)) and isinstance(stop, (int, float))
    assert isinstance(step, (int, float))
    if all(isinstance(part, int) for part in (start, stop, step)):
        if step == 0:
            raise CertainShapeError(ARGUMENT, "division by zero", (0,))
        return len(range(int(start), int(stop), int(step)))
    try:
        quotient = (stop - start) / step
    except ZeroDivisionError as error:
        raise CertainShapeError(ARGUMENT, str(error), (0,)) from None
    if math.isnan(quotient):
        raise CertainShapeError(ARGUMENT, "arange: cannot compute length", (0,))
    if math.isinf(quotient) or quotient > MAX_FLOAT_RANGE_LENGTH:
        return UNKNOWN
    return max(0, math.ceil(quotient))


def linspace_length(num: Dim) -> Dim:
    """The length of ``linspace(..., num)``; a negative ``num`` is a certain error."""
    if isinstance(num, int) and num < 0:
        raise CertainShapeError(ARGUMENT, f"Number of samples, {num}, must be non-negative.", (0,))
    return num


def sample_shape(size: tuple[Dim, ...] | None, parameters: list[Shape]) -> Shape:
    """The shape of a random sample: ``size`` when given (array-valued distribution parameters
    must broadcast to it), else the broadcast of the parameters (``()`` for scalars).

    Failures use the wording of NumPy's multi-argument broadcast, which walks the axes from the
    left and names the argument that set the clashing size (``size`` is argument 0 when given).
    """
    arguments = ([] if size is None else [shape_argument(size)]) + parameters
    if any(argument is None for argument in arguments):
        return size
    known = [argument for argument in arguments if argument is not None]
    rank = max((len(argument) for argument in known), default=0)
    combined: list[Dim] = [1] * rank
    setter: list[int] = [-1] * rank
    for position in range(rank):
        for index, argument in enumerate(known):
            offset = position - (rank - len(argument))
            if offset < 0:
                continue
            dim, current = argument[offset], combined[position]
            if isinstance(dim, int) and isinstance(current, int) and 1 not in (dim, current):
                if dim != current:
                    raise CertainShapeError(
                        BROADCAST,
                        "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch "
                        f"is between arg {setter[position]} with shape "
                        f"{shapes.format_python(known[setter[position]])} and arg {index} with "
                        f"shape {shapes.format_python(argument)}.",
                        (index,),
                    )
            elif dim != 1:
                merged = broadcast_dims([current, dim])
                if merged is not None and merged != current:
                    combined[position], setter[position] = merged, index
    result = tuple(combined)
    if size is None:
        return result
    if len(result) > len(size) or any(
        dims.certainly_different(x, y) for x, y in zip(result[-len(size) :], size, strict=False)
    ):
        raise CertainShapeError(
            BROADCAST,
            f"Output size {shapes.format_python(size)} is not compatible with broadcast "
            f"dimensions of inputs {shapes.format_python(result)}.",
            (1,),
        )
    return size


def meshgrid(sizes: list[Dim], indexing_xy: bool | None, sparse: bool | None) -> list[Shape]:
    """The shapes of ``meshgrid(*xi, indexing=..., sparse=...)`` for inputs of ``sizes`` elements
    (each input is flattened): N arrays of rank N; ``"xy"`` indexing swaps the first two axes.
    Unknown ``indexing`` or ``sparse`` leaves the sizes unknown (the rank is still N)."""
    count = len(sizes)
    if indexing_xy is None or sparse is None:
        return [(UNKNOWN,) * count for _ in sizes]
    order = list(range(count))
    if indexing_xy and count >= 2:
        order[0], order[1] = 1, 0
    full = tuple(sizes[axis] for axis in order)
    if not sparse:
        return [full for _ in sizes]
    result: list[Shape] = []
    for index in range(count):
        position = order.index(index)
        result.append(tuple(full[axis] if axis == position else 1 for axis in range(count)))
    return result
