"""PyTorch's shape rules for adding and removing dims, expanding, joining, splitting and gathering
(``squeeze``/``unsqueeze``, ``flatten``, ``expand``, ``repeat``, ``cat``, ``stack``, ``split``,
``chunk``, ``gather``), with the same contract as :mod:`.rules`: a failure is raised only when it
is certain and its message known exactly; otherwise a possible failure gives an unknown result.
"""

from __future__ import annotations

from ...arrays import dims, shapes
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import AXIS, BROADCAST, CONCATENATE, SPLIT, CertainShapeError
from ...arrays.shapes import Shape
from . import messages
from .rules import wrap_dim


def squeeze(shape: Shape, dim: tuple[Dim, ...] | None) -> Shape:
    """``x.squeeze()`` (every size-1 dim) or ``x.squeeze(dim)`` (those of ``dim`` that are 1;
    others stay)."""
    if shape is None:
        return None
    if dim is None:
        if any(not isinstance(size, int) for size in shape):
            return None
        return tuple(size for size in shape if size != 1)
    positions = [wrap_dim(item, len(shape)) for item in dim]
    if not shape:
        return ()
    result: list[Dim] = []
    for index, size in enumerate(shape):
        if index in positions and size == 1:
            continue
        if (index in positions or UNKNOWN in positions) and not isinstance(size, int):
            return None
        if UNKNOWN in positions and size == 1:
            return None
        result.append(size)
    return tuple(result)


def unsqueeze(shape: Shape, dim: Dim) -> Shape:
    """``x.unsqueeze(dim)``: a size-1 dim inserted at ``dim`` in ``[-rank - 1, rank]``."""
    rank = None if shape is None else len(shape) + 1
    position = wrap_dim(dim, rank)
    if shape is None:
        return None
    if not isinstance(position, int):
        return shapes.unknown_of_rank(len(shape) + 1)
    return (*shape[:position], 1, *shape[position:])


def flatten(shape: Shape, start: Dim, end: Dim) -> Shape:
    """``x.flatten(start_dim=0, end_dim=-1)``: dims ``start..end`` merged (a 0-D tensor gives
    ``(1,)``)."""
    if shape is None:
        return None
    first, last = wrap_dim(start, len(shape)), wrap_dim(end, len(shape))
    if not shape:
        return (1,)
    if not isinstance(first, int) or not isinstance(last, int):
        return None
    if first > last:
        raise CertainShapeError(AXIS, messages.FLATTEN_ORDER, (0,))
    return (*shape[:first], dims.product(shape[first : last + 1]), *shape[last + 1 :])


def expand(shape: Shape, target: tuple[Dim, ...], dtype: str | None) -> Shape:
    """``x.expand(*sizes)``: at least as many sizes as dims; ``-1`` keeps a size; a size-1 dim
    takes any size; new dims lead. PyTorch checks from the last dim to the first. The rank
    failure names the tensor's type (``dtype``)."""
    if shape is None:
        return None
    if len(target) < len(shape):
        type_name = messages.TENSOR_TYPES.get(dtype or "")
        if type_name is None or not shapes.is_fully_known(shape):
            return None
        if not shapes.is_fully_known(target):
            return None
        raise CertainShapeError(AXIS, messages.expand_rank(type_name, shape, target), (0,))
    lead = len(target) - len(shape)
    result: list[Dim] = []
    for index in range(len(target) - 1, -1, -1):
        wanted = target[index]
        if index < lead:
            if isinstance(wanted, int) and wanted < 0:
                return None
            result.append(wanted)
            continue
        size = shape[index - lead]
        if wanted == -1:
            result.append(size)
        elif size == 1 or dims.certainly_equal(size, wanted):
            result.append(wanted)
        elif isinstance(size, int) and isinstance(wanted, int) and wanted >= 0:
            if not all(isinstance(item, int) for item in (*target, *shape)):
                return None
            raise CertainShapeError(
                BROADCAST,
                messages.expand_size(wanted, size, index, target, shape),  # type: ignore[arg-type]
                (0,),
            )
        else:
            result.append(size if not isinstance(wanted, int) else wanted)
    return tuple(reversed(result))


def repeat(shape: Shape, times: tuple[Dim, ...]) -> Shape:
    """``x.repeat(*sizes)``: at least the rank's count; sizes multiply the (padded) dims."""
    if shape is None:
        return None
    if len(times) < len(shape):
        raise CertainShapeError(AXIS, messages.REPEAT_RANK, (0,))
    padded = (1,) * (len(times) - len(shape)) + shape
    return tuple(dims.multiply(size, count) for size, count in zip(padded, times, strict=True))


def cat(operands: list[Shape], dim: Dim) -> Shape:
    """``torch.cat(tensors, dim=0)``: 1-D empty tensors are skipped; the others must have one
    rank and equal sizes outside ``dim``."""
    if not operands:
        return None
    if any(shape is None for shape in operands):
        return None
    known = [shape for shape in operands if shape is not None]
    for index, shape in enumerate(known):
        if not shape:
            raise CertainShapeError(CONCATENATE, messages.cat_zero_dim(index), (index,))
    kept = [(index, shape) for index, shape in enumerate(known) if shape != (0,)]
    if any(len(shape) == 1 and not isinstance(shape[0], int) for shape in known):
        return None
    if not kept:
        return (0,)
    first_index, first = kept[0]
    position = wrap_dim(dim, len(first))
    for index, shape in kept[1:]:
        if len(shape) != len(first):
            raise CertainShapeError(
                CONCATENATE, messages.cat_ranks(len(first), len(shape)), (first_index, index)
            )
    if not isinstance(position, int):
        return shapes.unknown_of_rank(len(first))
    result = list(first)
    for index, shape in kept[1:]:
        for axis, (size, expected) in enumerate(zip(shape, first, strict=True)):
            if axis == position:
                continue
            if dims.certainly_different(size, expected):
                if not (isinstance(size, int) and isinstance(expected, int)):
                    return None
                raise CertainShapeError(
                    CONCATENATE,
                    messages.cat_sizes(position, expected, size, index),
                    (first_index, index),
                )
            if not dims.certainly_equal(size, expected):
                result[axis] = size if isinstance(size, int) else result[axis]
        result[position] = dims.add(result[position], shape[position])
    return tuple(result)


def _either(a: Dim, b: Dim) -> Dim:
    """One size of two operands that must be equal: a constant when either is one."""
    if dims.certainly_equal(a, b) or isinstance(a, int):
        return a
    return b if isinstance(b, int) else UNKNOWN


def stack(operands: list[Shape], dim: Dim) -> Shape:
    """``torch.stack(tensors, dim=0)``: equal shapes; a new dim at ``dim`` in
    ``[-rank - 1, rank]``."""
    if not operands or any(shape is None for shape in operands):
        return None
    known = [shape for shape in operands if shape is not None]
    first = known[0]
    position = wrap_dim(dim, len(first) + 1)
    for index, shape in enumerate(known[1:], start=1):
        if len(shape) != len(first) or any(
            dims.certainly_different(x, y) for x, y in zip(shape, first, strict=True)
        ):
            if not (shapes.is_fully_known(shape) and shapes.is_fully_known(first)):
                return None
            if any(not shapes.is_fully_known(other) for other in known[1:index]):
                return None
            raise CertainShapeError(
                CONCATENATE, messages.stack_sizes(first, shape, index), (0, index)
            )
    if not isinstance(position, int):
        return shapes.unknown_of_rank(len(first) + 1)
    merged = list(first)
    for shape in known[1:]:
        merged = [_either(x, y) for x, y in zip(merged, shape, strict=True)]
    return (*merged[:position], len(known), *merged[position:])


def split(shape: Shape, sections: Dim | tuple[Dim, ...], dim: Dim) -> list[Shape] | None:
    """``x.split(split_size, dim=0)`` (pieces of ``split_size``, the last smaller) or
    ``x.split([sizes], dim)`` (sizes summing to the dim's size); ``None`` when the number of
    pieces is unknown."""
    if shape is None:
        return None
    position = wrap_dim(dim, len(shape))
    if not isinstance(position, int) or not shape:
        return None
    total = shape[position]
    if isinstance(sections, tuple):
        summed = dims.product([]) if not sections else sections[0]
        for item in sections[1:]:
            summed = dims.add(summed, item)
        if dims.certainly_different(summed, total):
            if not (isinstance(total, int) and all(isinstance(item, int) for item in sections)):
                return None
            raise CertainShapeError(SPLIT, messages.split_sizes(total, dim, sections), (0,))
        return [(*shape[:position], item, *shape[position + 1 :]) for item in sections]
    if not isinstance(total, int) or not isinstance(sections, int) or sections <= 0:
        return None
    pieces = [sections] * (total // sections) + ([total % sections] if total % sections else [])
    if total == 0:
        pieces = [0]
    return [(*shape[:position], item, *shape[position + 1 :]) for item in pieces]


def chunk(shape: Shape, chunks: Dim, dim: Dim) -> list[Shape] | None:
    """``x.chunk(chunks, dim=0)``: pieces of ``ceil(size / chunks)`` (possibly fewer pieces)."""
    if isinstance(chunks, int) and chunks <= 0:
        raise CertainShapeError(SPLIT, messages.chunk_count(chunks), (0,))
    if shape is None or not isinstance(chunks, int):
        return None
    position = wrap_dim(dim, len(shape))
    if not isinstance(position, int) or not shape or not isinstance(shape[position], int):
        return None
    total = shape[position]
    assert isinstance(total, int)
    return split(shape, max(-(-total // chunks), 1) if total else 1, position)


def gather(shape: Shape, dim: Dim, index: Shape, index_dtype: str) -> Shape:
    """``torch.gather(input, dim, index)``: ``dim`` in range, then an ``int64``/``int32`` index;
    the index's shape; same rank as the input (a 0-D tensor counting as 1-D), and no larger
    outside ``dim``."""
    if shape is None:
        return None if index_dtype not in ("int64", "int32") else index
    position = wrap_dim(dim, len(shape))
    if index_dtype not in ("int64", "int32"):
        if not isinstance(position, int):
            return None
        raise CertainShapeError(AXIS, messages.GATHER_DTYPE, (2,))
    if index is None:
        return index
    if max(len(index), 1) != max(len(shape), 1):
        raise CertainShapeError(AXIS, messages.GATHER_RANK, (0, 2))
    if isinstance(position, int) and len(index) == len(shape):
        for axis, (wanted, size) in enumerate(zip(index, shape, strict=True)):
            if axis == position:
                continue
            if isinstance(wanted, int) and isinstance(size, int) and wanted > size:
                if not (shapes.is_fully_known(index) and shapes.is_fully_known(shape)):
                    return index
                raise CertainShapeError(
                    AXIS, messages.gather_size(axis, index, shape, position), (0, 2)
                )
    return index
