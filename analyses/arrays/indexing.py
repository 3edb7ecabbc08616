"""Shape rules of subscripts: basic indexing (ints, slices, ``None``, ``...``), integer-array and
boolean-mask indexing, assignment through a subscript, and ``take``.

An index is described item by item (:class:`IntegerIndex`, :class:`SliceIndex`, :data:`NEW_AXIS`,
:data:`ELLIPSIS`, :class:`ArrayIndex`, :data:`UNKNOWN_INDEX`). Bounds are checked only where both
the index value and the size are constants; a boolean mask selects ``count`` elements, a size the
caller supplies (a fresh symbol unless the mask's values are known).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import shapes
from .broadcasting import broadcast_into, broadcast_shapes, normalize_axis
from .dims import UNKNOWN, Dim, UnknownDim
from .errors import INDEX, CertainShapeError
from .shapes import Shape


@dataclass(frozen=True)
class IntegerIndex:
    """A single integer (``UNKNOWN`` when its value is unknown)."""

    value: Dim


@dataclass(frozen=True)
class SliceIndex:
    """``start:stop:step``; each part ``None`` when omitted, ``UNKNOWN`` when unknown."""

    start: Dim | None = None
    stop: Dim | None = None
    step: Dim | None = None


@dataclass(frozen=True)
class ArrayIndex:
    """An integer array or boolean mask used as an index.

    ``boolean`` is ``None`` when the element type is unknown; ``values`` holds the flattened
    integer values when known (for bounds checks); ``count`` is the number of selected elements of
    a boolean mask.
    """

    shape: Shape
    boolean: bool | None
    values: tuple[int, ...] | None = None
    count: Dim = UNKNOWN


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


NEW_AXIS = _Marker("None")
ELLIPSIS = _Marker("...")
UNKNOWN_INDEX = _Marker("?")

IndexItem = IntegerIndex | SliceIndex | ArrayIndex | _Marker


def _consumed(item: IndexItem) -> int | None:
    if isinstance(item, (IntegerIndex, SliceIndex)):
        return 1
    if isinstance(item, ArrayIndex):
        if item.boolean is None:
            return None
        if item.boolean:
            return None if item.shape is None else len(item.shape)
        return 1
    return 0


def slice_length(length: Dim, item: SliceIndex) -> Dim:
    """The length of ``range(length)[start:stop:step]``."""
    parts = (item.start, item.stop, item.step)
    if item.step == 0:
        raise CertainShapeError(INDEX, "slice step cannot be zero", (0,))
    if isinstance(length, int) and all(part is None or isinstance(part, int) for part in parts):
        return len(range(length)[slice(*parts)])
    full = item.start in (None, 0) and item.stop is None and item.step in (None, 1)
    return length if full else UNKNOWN


def _out_of_bounds(value: int, axis: int, size: int) -> CertainShapeError:
    return CertainShapeError(
        INDEX, f"index {value} is out of bounds for axis {axis} with size {size}", (0,)
    )


def index(shape: Shape, items: tuple[IndexItem, ...], check_bounds: bool = True) -> Shape:
    """The shape of ``array[items]`` (NumPy's basic and advanced indexing rules).

    Failures are checked in NumPy's order: the index structure, boolean masks (a mask axis of
    length 0 matches any size), integer scalars, the broadcast of the advanced indices, and then
    the values of integer arrays with dimensions, in axis order, only when the broadcast selects
    at least one element (integer scalars and 0-d integer arrays are checked first).
    ``check_bounds`` false skips the value checks of integer arrays (assignment checks the value's
    shape first).
    """
    if any(item is UNKNOWN_INDEX for item in items):
        return None
    items = _scalar_arrays_as_integers(items)
    if sum(1 for item in items if item is ELLIPSIS) > 1:
        raise CertainShapeError(INDEX, "an index can only have a single ellipsis ('...')", (0,))
    counts = [_consumed(item) for item in items]
    if shape is None or any(count is None for count in counts):
        return None
    consumed = sum(count for count in counts if count is not None)
    if consumed > len(shape):
        raise CertainShapeError(
            INDEX,
            f"too many indices for array: array is {len(shape)}-dimensional, but {consumed} were "
            "indexed",
            (0,),
        )
    expanded: list[IndexItem] = []
    for item in items:
        if item is ELLIPSIS:
            expanded.extend([SliceIndex()] * (len(shape) - consumed))
        else:
            expanded.append(item)
    if ELLIPSIS not in items:
        expanded.extend([SliceIndex()] * (len(shape) - consumed))
    placed = _place(expanded)
    for item, axis in placed:
        if isinstance(item, ArrayIndex) and item.boolean and item.shape is not None:
            for offset, mask_size in enumerate(item.shape):
                size = shape[axis + offset]
                if (
                    isinstance(size, int)
                    and isinstance(mask_size, int)
                    and mask_size != 0
                    and size != mask_size
                ):
                    raise CertainShapeError(
                        INDEX,
                        f"boolean index did not match indexed array along axis {axis + offset}; "
                        f"size of axis is {size} but size of corresponding boolean axis is "
                        f"{mask_size}",
                        (0,),
                    )
    for item, axis in placed:
        scalar = item.values[0] if _is_scalar_array(item) else None
        if isinstance(item, IntegerIndex) or scalar is not None:
            size = shape[axis]
            value = item.value if isinstance(item, IntegerIndex) else scalar
            if isinstance(value, int) and isinstance(size, int) and not -size <= value < size:
                raise _out_of_bounds(value, axis, size)
    has_array = any(isinstance(item, ArrayIndex) for item in expanded)
    pieces: list[tuple[bool, tuple[Dim, ...]]] = []
    advanced_shapes: list[Shape] = []
    for item, axis in placed:
        if item is NEW_AXIS:
            pieces.append((False, (1,)))
        elif isinstance(item, IntegerIndex):
            if has_array:
                pieces.append((True, ()))
                advanced_shapes.append(())
        elif isinstance(item, SliceIndex):
            pieces.append((False, (slice_length(shape[axis], item),)))
        elif isinstance(item, ArrayIndex):
            pieces.append((True, ()))
            advanced_shapes.append((item.count,) if item.boolean else item.shape)
    if not advanced_shapes:
        return tuple(dim for _, piece in pieces for dim in piece)
    try:
        broadcast = broadcast_shapes(*advanced_shapes)
    except CertainShapeError:
        listed = "".join(
            shapes.format_numpy((item.count,) if item.boolean else item.shape) + " "
            for item, _ in placed
            if isinstance(item, ArrayIndex) and not _is_scalar_array(item)
        )
        raise CertainShapeError(
            INDEX,
            f"shape mismatch: indexing arrays could not be broadcast together with shapes {listed}",
            (0,),
        ) from None
    if broadcast is None:
        return None
    if check_bounds:
        nonempty = shapes.size(broadcast) != 0
        for item, axis in placed:
            if isinstance(item, ArrayIndex) and not item.boolean and item.values is not None:
                size = shape[axis]
                if not isinstance(size, int) or not nonempty or _is_scalar_array(item):
                    continue
                for value in item.values:
                    if not -size <= value < size:
                        raise _out_of_bounds(value, axis, size)
    positions = [position for position, (advanced, _) in enumerate(pieces) if advanced]
    adjacent = positions == list(range(positions[0], positions[-1] + 1))
    basic = [piece for advanced, piece in pieces if not advanced]
    if adjacent:
        before = [piece for advanced, piece in pieces[: positions[0]] if not advanced]
        after = [piece for advanced, piece in pieces[positions[-1] + 1 :] if not advanced]
        ordered = [*before, broadcast, *after]
    else:
        ordered = [broadcast, *basic]
    return tuple(dim for piece in ordered for dim in piece)


def _scalar_arrays_as_integers(items: tuple[IndexItem, ...]) -> tuple[IndexItem, ...]:
    """0-d integer arrays act as integers when no other array takes part in the index."""
    arrays = [item for item in items if isinstance(item, ArrayIndex)]
    if not arrays or not all(_is_scalar_array(item) for item in arrays):
        return items
    return tuple(
        IntegerIndex(item.values[0]) if isinstance(item, ArrayIndex) and item.values else item
        for item in items
    )


def _is_scalar_array(item: IndexItem) -> bool:
    return (
        isinstance(item, ArrayIndex)
        and item.boolean is False
        and item.shape == ()
        and item.values is not None
        and len(item.values) == 1
    )


def _place(items: list[IndexItem]) -> list[tuple[IndexItem, int]]:
    """Each index item with the first array axis it consumes."""
    placed: list[tuple[IndexItem, int]] = []
    axis = 0
    for item in items:
        placed.append((item, axis))
        consumed = _consumed(item)
        axis += consumed or 0
    return placed


def assign(shape: Shape, items: tuple[IndexItem, ...], value: Shape) -> None:
    """Check ``array[items] = value``: the selected region must accept a broadcast of ``value``."""
    items = _scalar_arrays_as_integers(items)
    advanced = any(isinstance(item, ArrayIndex) for item in items)
    target = index(shape, items, check_bounds=not advanced)
    element = (
        shape is not None
        and len(items) == len(shape)
        and all(isinstance(item, IntegerIndex) for item in items)
    )
    if element and value is not None and len(value) > 0:
        raise CertainShapeError(INDEX, "setting an array element with a sequence.", (1,))
    if not advanced:
        broadcast_into(value, target)
        return
    if shape is not None and len(items) == 1 and isinstance(items[0], ArrayIndex):
        _check_mask_assignment(shape, items[0], value)
    try:
        broadcast_into(value, target)
    except CertainShapeError:
        raise CertainShapeError(
            INDEX,
            f"shape mismatch: value array of shape {shapes.format_numpy(value)} could not be "
            f"broadcast to indexing result of shape {shapes.format_numpy(target)}",
            (1, 0),
        ) from None
    index(shape, items)


def _check_mask_assignment(shape: tuple[Dim, ...], mask: ArrayIndex, value: Shape) -> None:
    """NumPy's dedicated path for ``array[mask] = value`` with a mask covering every axis."""
    if not mask.boolean or mask.shape is None or len(mask.shape) != len(shape) or value is None:
        return
    if len(value) > 1:
        raise CertainShapeError(
            INDEX,
            "NumPy boolean array indexing assignment requires a 0 or 1-dimensional input, input "
            f"has {len(value)} dimensions",
            (1,),
        )
    if (
        len(value) == 1
        and isinstance(value[0], int)
        and isinstance(mask.count, int)
        and value[0] not in (1, mask.count)
    ):
        raise CertainShapeError(
            INDEX,
            f"NumPy boolean array indexing assignment cannot assign {value[0]} input values "
            f"to the {mask.count} output values where the mask is true",
            (1,),
        )


def take(shape: Shape, indices: ArrayIndex, axis: Dim | None) -> Shape:
    """``take(a, indices, axis)``: ``indices``' shape replaces the axis (or the flattened array);
    a 0-d array acts as a vector of one element.

    As in NumPy, an empty axis fails only when the result has elements, and index values are
    checked only when there is something to take (no check when the axes before ``axis`` or the
    indices are empty).
    """
    if shape == () and axis is not None:
        shape = (1,)
    if axis is None:
        flat: Shape = None if shape is None else (shapes.size(shape),)
        return _take_along(flat, indices, 0, indices.shape)
    position = normalize_axis(axis, None if shape is None else len(shape))
    if shape is None or isinstance(position, UnknownDim) or indices.shape is None:
        return None
    assert isinstance(position, int)
    result = (*shape[:position], *indices.shape, *shape[position + 1 :])
    return _take_along(shape, indices, position, result)


def _take_along(shape: Shape, indices: ArrayIndex, position: int, result: Shape) -> Shape:
    if shape is None or indices.values is None:
        return result
    size = shape[position]
    outer = shapes.size(shape[:position])
    if size == 0 and isinstance(shapes.size(result), int) and shapes.size(result) != 0:
        raise CertainShapeError(INDEX, "cannot do a non-empty take from an empty axes.", (0,))
    if isinstance(size, int) and isinstance(outer, int) and outer != 0:
        for value in indices.values:
            if not -size <= value < size:
                raise _out_of_bounds(value, position, size)
    return result
