"""Shape rules of shape manipulation: reshaping, transposing, joining, splitting, tiling, padding.

Integer arguments are ``Dim`` values (``UNKNOWN`` when unknown); a sequence argument whose length
is unknown is passed as ``None``. Every rule returns ``None`` (unknown rank) rather than guess.
"""

from __future__ import annotations

import itertools

from . import dims, shapes
from .broadcasting import normalize_axes, normalize_axis
from .dims import UNKNOWN, Dim, UnknownDim
from .errors import (
    ARGUMENT,
    AXIS,
    BROADCAST,
    CONCATENATE,
    RESHAPE,
    SPLIT,
    CertainShapeError,
)
from .shapes import Shape
from .size_limits import (
    LARGEST_ITEMSIZE,
    MAX_SIZE,
    MIN_SIZE,
    NUMPY_COUNT_OUT_OF_RANGE,
    NUMPY_NEGATIVE,
    NUMPY_TOO_BIG,
    check_numpy_reshape_target,
)

MAX_SPLIT_PIECES = 4096
"""Beyond this many pieces a split's pieces are not listed (their number is left unknown)."""


def reshape(shape: Shape, target: tuple[Dim, ...]) -> Shape:
    """``reshape``: at most one negative entry is inferred from the size.

    Reports ``cannot reshape array of size S into shape (...)`` only when the sizes are constants
    that certainly disagree (or the inferred entry cannot divide evenly).
    """
    negative = [index for index, dim in enumerate(target) if isinstance(dim, int) and dim < 0]
    if len(negative) > 1:
        raise CertainShapeError(RESHAPE, "can only specify one unknown dimension", (0,))
    total = shapes.size(shape)
    if not negative:
        if dims.certainly_different(total, dims.product(target)) and all(
            isinstance(dim, int) for dim in target
        ):
            raise _cannot_reshape(total, target, None)
        return target
    position = negative[0]
    others = dims.product([dim for index, dim in enumerate(target) if index != position])
    if (
        isinstance(total, int)
        and isinstance(others, int)
        and all(isinstance(dim, int) for dim in target)
    ):
        if others == 0:
            return None
        if total % others:
            raise _cannot_reshape(total, target, position)
        inferred: Dim = total // others
    else:
        quotient = dims.exact_quotient(total, others)
        inferred = quotient if quotient is not None else UNKNOWN
    return (*target[:position], inferred, *target[position + 1 :])


def _cannot_reshape(total: Dim, target: tuple[Dim, ...], unknown: int | None) -> CertainShapeError:
    """NumPy's message; with an inferred entry NumPy prints it as ``newaxis``, drops leading
    ``newaxis`` entries and omits the 1-tuple comma."""
    if unknown is None:
        text = shapes.format_numpy(target)
    else:
        parts = [
            "newaxis" if index == unknown else dims.format_dim(dim)
            for index, dim in enumerate(target)
        ]
        while parts and parts[0] == "newaxis":
            parts.pop(0)
        text = "(" + ",".join(parts) + ")"
    return CertainShapeError(
        RESHAPE, f"cannot reshape array of size {dims.format_dim(total)} into shape {text}", (0,)
    )


def ravel(shape: Shape) -> Shape:
    """``ravel``/``flatten``/``reshape(-1)``: one dimension of the total size."""
    return (shapes.size(shape),)


def transpose(shape: Shape, axes: tuple[Dim, ...] | None) -> Shape:
    """``transpose``/``.T``: reversed dims, or permuted by ``axes``."""
    if shape is None:
        return None
    if axes is None:
        return tuple(reversed(shape))
    if len(axes) != len(shape):
        raise CertainShapeError(AXIS, "axes don't match array", (0,))
    normalized: list[Dim] = []
    for axis in axes:
        position = normalize_axis(axis, len(shape))
        if isinstance(position, int) and position in normalized:
            raise CertainShapeError(AXIS, "repeated axis in transpose", (0,))
        normalized.append(position)
    return tuple(shape[axis] if isinstance(axis, int) else UNKNOWN for axis in normalized)


def swapaxes(shape: Shape, axis1: Dim, axis2: Dim) -> Shape:
    """``swapaxes``."""
    ndim = None if shape is None else len(shape)
    first = normalize_axis(axis1, ndim, "axis1")
    second = normalize_axis(axis2, ndim, "axis2")
    if shape is None:
        return None
    if not isinstance(first, int) or not isinstance(second, int):
        return shapes.unknown_of_rank(len(shape))
    result = list(shape)
    result[first], result[second] = result[second], result[first]
    return tuple(result)


def moveaxis(shape: Shape, source: tuple[Dim, ...], destination: tuple[Dim, ...]) -> Shape:
    """``moveaxis`` with one or several axes."""
    ndim = None if shape is None else len(shape)
    moved_from = [normalize_axis(axis, ndim, "source") for axis in source]
    moved_to = [normalize_axis(axis, ndim, "destination") for axis in destination]
    for label, group in (("source", moved_from), ("destination", moved_to)):
        known = [axis for axis in group if isinstance(axis, int)]
        if len(set(known)) != len(known):
            raise CertainShapeError(AXIS, f"repeated axis in `{label}` argument", (0,))
    if len(source) != len(destination):
        raise CertainShapeError(
            AXIS, "`source` and `destination` arguments must have the same number of elements", (0,)
        )
    if shape is None:
        return None
    if not all(isinstance(axis, int) for axis in moved_from + moved_to):
        return shapes.unknown_of_rank(len(shape))
    order = [index for index in range(len(shape)) if index not in moved_from]
    for target, origin in sorted(zip(moved_to, moved_from, strict=False), key=lambda pair: pair[0]):
        assert isinstance(target, int) and isinstance(origin, int)
        order.insert(target, origin)
    return tuple(shape[index] for index in order)


def expand_dims(shape: Shape, axes: tuple[Dim, ...]) -> Shape:
    """``expand_dims`` with one axis or several."""
    if shape is None:
        return None
    rank = len(shape) + len(axes)
    normalized = [normalize_axis(axis, rank) for axis in axes]
    known = [axis for axis in normalized if isinstance(axis, int)]
    if len(set(known)) != len(known):
        raise CertainShapeError(AXIS, "repeated axis", (0,))
    if len(known) != len(normalized):
        return shapes.unknown_of_rank(rank)
    remaining = iter(shape)
    return tuple(1 if index in known else next(remaining) for index in range(rank))


def squeeze(shape: Shape, axes: tuple[Dim, ...] | None) -> Shape:
    """``squeeze``: all size-1 dimensions, or the given ones (which must have size 1)."""
    if shape is None:
        return None
    if axes is None:
        if not all(isinstance(dim, int) for dim in shape):
            return None
        return tuple(dim for dim in shape if dim != 1)
    normalized = normalize_axes(axes, len(shape))
    for axis in normalized:
        if isinstance(axis, int) and isinstance(shape[axis], int) and shape[axis] != 1:
            raise CertainShapeError(
                AXIS, "cannot select an axis to squeeze out which has size not equal to one", (0,)
            )
    if not all(isinstance(axis, int) for axis in normalized):
        return shapes.unknown_of_rank(len(shape) - len(normalized))
    return tuple(dim for index, dim in enumerate(shape) if index not in normalized)


def concatenate(operands: list[Shape], axis: Dim | None) -> Shape:
    """``concatenate``: equal ranks, equal sizes except along ``axis`` (``None`` flattens)."""
    if axis is None:
        return (_sum_sizes(operands),)
    if not operands:
        raise CertainShapeError(CONCATENATE, "need at least one array to concatenate", ())
    first = operands[0]
    if first is not None and len(first) == 0:
        raise CertainShapeError(CONCATENATE, "zero-dimensional arrays cannot be concatenated", (0,))
    position = normalize_axis(axis, None if first is None else len(first))
    if first is None:
        return None
    for index, other in enumerate(operands[1:], start=1):
        if other is not None and len(other) != len(first):
            raise CertainShapeError(
                CONCATENATE,
                "all the input arrays must have same number of dimensions, but the array at "
                f"index 0 has {len(first)} dimension(s) and the array at index {index} has "
                f"{len(other)} dimension(s)",
                (0, index),
            )
        if other is None or not isinstance(position, int):
            continue
        for dimension, (mine, theirs) in enumerate(zip(first, other, strict=False)):
            if dimension != position and dims.certainly_different(mine, theirs):
                raise CertainShapeError(
                    CONCATENATE,
                    "all the input array dimensions except for the concatenation axis must "
                    f"match exactly, but along dimension {dimension}, the array at index 0 has "
                    f"size {dims.format_dim(mine)} and the array at index {index} has size "
                    f"{dims.format_dim(theirs)}",
                    (0, index),
                )
    if any(shape is None for shape in operands) or not isinstance(position, int):
        return shapes.unknown_of_rank(len(first))
    total: Dim = 0
    for shape in operands:
        assert shape is not None
        total = dims.add(total, shape[position])
    result = list(first)
    for dimension in range(len(first)):
        if dimension != position:
            column = [shape[dimension] for shape in operands if shape is not None]
            result[dimension] = next(
                (dim for dim in column if not isinstance(dim, UnknownDim)), UNKNOWN
            )
    result[position] = total
    return tuple(result)


def _sum_sizes(operands: list[Shape]) -> Dim:
    total: Dim = 0
    for shape in operands:
        total = dims.add(total, shapes.size(shape))
    return total


def stack(operands: list[Shape], axis: Dim) -> Shape:
    """``stack``: equal shapes joined along a new axis."""
    if not operands:
        raise CertainShapeError(CONCATENATE, "need at least one array to stack", ())
    known = [shape for shape in operands if shape is not None]
    for shape in known[1:]:
        if len(shape) != len(known[0]) or any(
            dims.certainly_different(x, y) for x, y in zip(shape, known[0], strict=False)
        ):
            raise CertainShapeError(
                CONCATENATE,
                "all input arrays must have the same shape",
                tuple(range(len(operands))),
            )
    if len(known) != len(operands):
        return None
    base = known[0]
    merged = tuple(
        next((dim for dim in column if not isinstance(dim, UnknownDim)), UNKNOWN)
        for column in zip(*known, strict=False)
    )
    position = normalize_axis(axis, len(base) + 1)
    if not isinstance(position, int):
        return shapes.unknown_of_rank(len(base) + 1)
    return (*merged[:position], len(operands), *merged[position:])


def at_least(shape: Shape, rank: int) -> Shape:
    """``atleast_1d``/``atleast_2d``/``atleast_3d``."""
    if shape is None:
        return None
    if len(shape) >= rank:
        return shape
    if rank == 1:
        return (1,)
    if rank == 2:
        return (1,) * (2 - len(shape)) + shape
    if len(shape) == 0:
        return (1, 1, 1)
    if len(shape) == 1:
        return (1, shape[0], 1)
    return (*shape, 1)


def vstack(operands: list[Shape]) -> Shape:
    """``vstack``/``row_stack``: at least 2-D, joined along axis 0."""
    return concatenate([at_least(shape, 2) for shape in operands], 0)


def hstack(operands: list[Shape]) -> Shape:
    """``hstack``: at least 1-D, joined along axis 0 for vectors, axis 1 otherwise."""
    promoted = [at_least(shape, 1) for shape in operands]
    if not promoted:
        raise CertainShapeError(CONCATENATE, "need at least one array to concatenate", ())
    if promoted[0] is None:
        return None
    return concatenate(promoted, 0 if len(promoted[0]) == 1 else 1)


def dstack(operands: list[Shape]) -> Shape:
    """``dstack``: at least 3-D, joined along axis 2."""
    return concatenate([at_least(shape, 3) for shape in operands], 2)


def column_stack(operands: list[Shape]) -> Shape:
    """``column_stack``: vectors become columns, then joined along axis 1."""
    columns: list[Shape] = []
    for shape in operands:
        if shape is not None and len(shape) < 2:
            columns.append((shape[0], 1) if len(shape) == 1 else (1, 1))
        else:
            columns.append(shape)
    return concatenate(columns, 1)


def split(
    shape: Shape, sections: Dim | tuple[Dim, ...], axis: Dim, equal: bool
) -> list[Shape] | None:
    """``split`` (``equal``) / ``array_split``: the pieces' shapes, or ``None`` when their number
    is unknown. An axis out of range fails while NumPy reads ``shape[axis]``."""
    position: Dim = UNKNOWN
    if shape is not None and isinstance(axis, int):
        if not -len(shape) <= axis < len(shape):
            raise CertainShapeError(AXIS, "tuple index out of range", (0,))
        position = axis % len(shape)
    length: Dim = UNKNOWN if shape is None or not isinstance(position, int) else shape[position]
    if isinstance(sections, tuple):
        cuts = list(sections)
        if isinstance(length, int) and all(isinstance(cut, int) for cut in cuts):
            bounds = [0, *cuts, length]
            lengths: list[Dim] = [
                len(range(length)[slice(start, stop)]) for start, stop in itertools.pairwise(bounds)
            ]
        else:
            lengths = [UNKNOWN] * (len(cuts) + 1)
    else:
        if not isinstance(sections, int):
            return None
        if sections <= 0:
            if equal:
                return None
            raise CertainShapeError(SPLIT, "number sections must be larger than 0.", (0,))
        if isinstance(length, int) and equal and length % sections:
            raise CertainShapeError(SPLIT, "array split does not result in an equal division", (0,))
        if sections > MAX_SPLIT_PIECES:
            return None
        if isinstance(length, int):
            base, extra = divmod(length, sections)
            lengths = [base + 1 if index < extra else base for index in range(sections)]
        elif equal:
            lengths = [dims.floor_divide(length, sections)] * sections
        else:
            lengths = [UNKNOWN] * sections
    if shape is None or not isinstance(position, int):
        return [None] * len(lengths)
    return [(*shape[:position], piece, *shape[position + 1 :]) for piece in lengths]


def tile(shape: Shape, reps: tuple[Dim, ...]) -> Shape:
    """``tile``: ranks padded with leading ones, sizes multiplied.

    NumPy repeats a non-empty array along each axis in turn (``repeat``), then reshapes it. With
    every size and count known, those steps are followed: the first count that fails (out of C
    long's range; negative while the array is not empty; one making more elements than can
    exist) fails with ``repeat``'s message. What depends on what is not modelled is unknown: a
    negative count once a zero count emptied the array, or a size out of range in an empty
    result (the final reshape fails), an element count whose failure depends on the itemsize. With some unknown, a negative count fails only
    for an array whose sizes are all known and positive (an unknown count before it may change
    the message, never the line)."""
    if shape is None:
        return None
    rank = max(len(shape), len(reps))
    padded = (1,) * (rank - len(shape)) + shape
    factors = (1,) * (rank - len(reps)) + reps
    known = all(isinstance(dim, int) for dim in (*padded, *factors))
    if known and not _numpy_tile_steps(padded, factors):  # type: ignore[arg-type]
        return None
    if (
        not known
        and all(isinstance(dim, int) and dim > 0 for dim in shape)
        and any(isinstance(count, int) and count < 0 for count in reps)
    ):
        raise CertainShapeError(ARGUMENT, NUMPY_NEGATIVE, (0,))
    return tuple(dims.multiply(x, y) for x, y in zip(padded, factors, strict=False))


def _numpy_tile_steps(sizes: tuple[int, ...], counts: tuple[int, ...]) -> bool:
    """Follow ``np.tile``'s repeats for known ``sizes`` and ``counts``: raises NumPy's failure;
    True when the result is the sizes times the counts, False when it is not modelled.

    Each step repeats the rows of the array seen as (rows, inner) with ``inner`` the product of
    the sizes after the axis; a row count that overflows wraps around in NumPy (its message then
    depends on the wrapped value: not modelled)."""
    elements = 1
    for size in sizes:
        elements *= size
    inner = elements
    if elements > 0:
        for size, count in zip(sizes, counts, strict=True):
            if count != 1:
                if not MIN_SIZE <= count <= MAX_SIZE:
                    raise CertainShapeError(ARGUMENT, NUMPY_COUNT_OUT_OF_RANGE, (0,))
                if count < 0:
                    if elements == 0:
                        return False
                    raise CertainShapeError(ARGUMENT, NUMPY_NEGATIVE, (0,))
                rows = elements // inner
                if rows * count > MAX_SIZE:
                    return False
                elements = rows * count * inner
                if elements > MAX_SIZE:
                    raise CertainShapeError(ARGUMENT, NUMPY_TOO_BIG, (0,))
                if elements * LARGEST_ITEMSIZE > MAX_SIZE:
                    return False
            inner //= size
    return all(
        0 <= count <= MAX_SIZE and size * count <= MAX_SIZE
        for size, count in zip(sizes, counts, strict=True)
    )


def repeat(shape: Shape, repeats: Dim | tuple[Dim, ...], axis: Dim | None) -> Shape:
    """``repeat`` with one count or one count per element along the axis."""
    if shape == () and axis is not None:
        shape = (1,)
    ndim = None if shape is None else len(shape)
    position: Dim | None = None if axis is None else normalize_axis(axis, ndim)
    if shape is None and axis is not None:
        return None
    length = (
        shapes.size(shape)
        if axis is None
        else (shape[position] if shape is not None and isinstance(position, int) else UNKNOWN)
    )
    if isinstance(repeats, tuple):
        if len(repeats) != 1 and dims.certainly_different(length, len(repeats)):
            raise CertainShapeError(
                BROADCAST,
                f"operands could not be broadcast together with shape ({dims.format_dim(length)},) "
                f"({len(repeats)},)",
                (0,),
            )
        total: Dim = 0
        for count in repeats if len(repeats) != 1 else ():
            total = dims.add(total, count)
        new_length = dims.multiply(length, repeats[0]) if len(repeats) == 1 else total
    else:
        if isinstance(repeats, int) and repeats < 0:
            raise CertainShapeError(ARGUMENT, "negative dimensions are not allowed", (0,))
        new_length = dims.multiply(length, repeats)
    if axis is None:
        return (new_length,)
    if shape is None or not isinstance(position, int):
        return None if shape is None else shapes.unknown_of_rank(len(shape))
    return (*shape[:position], new_length, *shape[position + 1 :])


def broadcast_to(shape: Shape, target: tuple[Dim, ...]) -> Shape:
    """``broadcast_to``: every source dimension must be 1 or the target's."""
    if len(target) == 0 and shape is not None and len(shape) > 0:
        raise CertainShapeError(BROADCAST, "cannot broadcast a non-scalar to a scalar array", (0,))
    if any(isinstance(size, int) and size < 0 for size in target):
        raise CertainShapeError(
            ARGUMENT, "all elements of broadcast shape must be non-negative", (0,)
        )
    check_numpy_reshape_target(target)
    if shape is None:
        return target
    if len(shape) > len(target):
        raise CertainShapeError(
            BROADCAST, "input operand has more dimensions than allowed by the axis remapping", (0,)
        )
    offset = len(target) - len(shape)
    for position, dim in enumerate(shape):
        goal = target[offset + position]
        if isinstance(dim, int) and dim != 1 and dims.certainly_different(dim, goal):
            raise CertainShapeError(
                BROADCAST,
                "operands could not be broadcast together with remapped shapes "
                f"[original->remapped]: {shapes.format_numpy(shape)}  and requested shape "
                f"{shapes.format_numpy(target)}",
                (0,),
            )
    return target


def pad(shape: Shape, width: Shape, total: tuple[tuple[Dim, Dim], ...] | None) -> Shape:
    """``pad``: ``width`` is the shape of ``pad_width`` as an array (it must broadcast to
    ``(ndim, 2)``); ``total`` is the per-axis ``(before, after)`` amounts when known."""
    if shape is None:
        return None
    if width is not None:
        broadcast_to(width, (len(shape), 2))
    if total is None:
        return shapes.unknown_of_rank(len(shape))
    if len(total) == 1:
        total = total * len(shape)
    return tuple(
        dims.add(dims.add(dim, before), after)
        for dim, (before, after) in zip(shape, total, strict=False)
    )


def same_with_axis(shape: Shape, axis: Dim | None) -> Shape:
    """``flip``/``roll``-like: the same shape, after checking ``axis``."""
    if axis is not None:
        normalize_axis(axis, None if shape is None else len(shape))
    return shape


def diff(shape: Shape, n: Dim, axis: Dim) -> Shape:
    """``diff``: the axis shrinks by ``n`` (never below zero); ``n == 0`` returns the input."""
    if n == 0:
        return shape
    if shape is not None and len(shape) == 0:
        raise CertainShapeError(
            ARGUMENT, "diff requires input that is at least one dimensional", (0,)
        )
    position = normalize_axis(axis, None if shape is None else len(shape))
    if shape is None or not isinstance(position, int):
        return None if shape is None else shapes.unknown_of_rank(len(shape))
    length = shape[position]
    shrunk: Dim = max(length - n, 0) if isinstance(length, int) and isinstance(n, int) else UNKNOWN
    return (*shape[:position], shrunk, *shape[position + 1 :])


def append(shape: Shape, values: Shape, axis: Dim | None) -> Shape:
    """``append``: flattened join, or ``concatenate`` along ``axis``."""
    if axis is None:
        return (dims.add(shapes.size(shape), shapes.size(values)),)
    return concatenate([shape, values], axis)
