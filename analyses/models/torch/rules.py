"""PyTorch's shape rules for broadcasting, dims, products and views, over the framework-neutral
dimensions of :mod:`tensorls.analyses.arrays`.

Each rule returns the result shape (``None`` for an unknown rank) or raises ``CertainShapeError``
with PyTorch's message (:mod:`.messages`) when the op fails for every concretisation of its
inputs *and* the message is known exactly (the sizes it prints are constants, and no check that
PyTorch runs earlier could fail first). Otherwise a possible failure gives an unknown result.
"""

from __future__ import annotations

from ...arrays import broadcasting, dims, manipulation, shapes
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import AXIS, BROADCAST, MATMUL, RESHAPE, CertainShapeError
from ...arrays.shapes import Shape
from . import messages


def _may_clash(a: Dim, b: Dim) -> bool:
    """Whether two aligned sizes may fail to broadcast without certainly failing."""
    if a == 1 or b == 1 or dims.certainly_equal(a, b):
        return False
    return not (isinstance(a, int) and isinstance(b, int))


def broadcast_pair(a: Shape, b: Shape) -> Shape:
    """``infer_size(a, b)``: PyTorch compares sizes from the last dimension to the first and
    reports the first clash met (``dimension`` counts in the broadcast result)."""
    if a is None or b is None:
        return None
    rank = max(len(a), len(b))
    result: list[Dim] = []
    uncertain = False
    for position in range(rank - 1, -1, -1):
        offset = rank - 1 - position
        size_a = a[len(a) - 1 - offset] if offset < len(a) else 1
        size_b = b[len(b) - 1 - offset] if offset < len(b) else 1
        merged = broadcasting.broadcast_dims([size_a, size_b])
        if merged is None:
            if uncertain:
                return None
            raise CertainShapeError(BROADCAST, messages.broadcast(size_a, size_b, position), (0, 1))
        uncertain = uncertain or _may_clash(size_a, size_b)
        result.append(merged)
    return tuple(reversed(result))


def broadcast(*operands: Shape) -> Shape:
    """The broadcast of several operands, accumulated from the first (as ``TensorIterator``)."""
    result: Shape = ()
    for index, shape in enumerate(operands):
        try:
            result = broadcast_pair(result, shape)
        except CertainShapeError as failure:
            raise CertainShapeError(
                failure.code, failure.message, (0, index) if index else (0,)
            ) from None
    return result


def wrap_dim(dim: Dim, rank: int | None) -> Dim:
    """``dim`` as a position among ``rank`` dims (``[-rank, rank - 1]``; a 0-d tensor accepts
    ``-1`` and ``0``); ``UNKNOWN`` when either is unknown."""
    if not isinstance(dim, int) or rank is None:
        return UNKNOWN
    span = max(rank, 1)
    if not -span <= dim < span:
        raise CertainShapeError(AXIS, messages.dimension_range(dim, rank), (0,))
    return dim % span


def size_dim(shape: Shape, dim: Dim) -> Dim:
    """The position ``x.size(dim)`` reads; a 0-D tensor has none."""
    if shape is not None and not shape and isinstance(dim, int):
        raise CertainShapeError(AXIS, messages.size_of_scalar(dim), (0,))
    return wrap_dim(dim, None if shape is None else len(shape))


def reduce(shape: Shape, dim: tuple[Dim, ...] | None, keepdim: bool | None) -> Shape:
    """A reduction over ``dim`` (every dim when ``None``); ``keepdim`` keeps them as size 1.
    A dim listed twice fails."""
    if shape is None or keepdim is None:
        return None
    if dim is None:
        return tuple(1 for _ in shape) if keepdim else ()
    positions = [wrap_dim(item, len(shape)) for item in dim]
    known = [item for item in positions if isinstance(item, int)]
    for index, item in enumerate(known):
        if item in known[:index]:
            raise CertainShapeError(AXIS, messages.dim_repeated(item), (0,))
    if not dim or len(known) != len(positions):
        return None
    if not shape:
        return ()
    if keepdim:
        return tuple(1 if index in known else size for index, size in enumerate(shape))
    return tuple(size for index, size in enumerate(shape) if index not in known)


def _batched(a: tuple[Dim, ...], b: tuple[Dim, ...]) -> Shape:
    """``matmul`` through ``bmm`` after broadcasting the batch dims (one operand may be 1-D)."""
    rows, inner_a = (1, a[0]) if len(a) == 1 else (a[-2], a[-1])
    inner_b, columns = (b[0], 1) if len(b) == 1 else (b[-2], b[-1])
    batch_a = a[:-2] if len(a) > 1 else ()
    batch_b = b[:-2] if len(b) > 1 else ()
    batch = broadcast_pair(batch_a, batch_b)
    if batch is None:
        return None
    if dims.certainly_different(inner_a, inner_b):
        count = dims.product(batch)
        if not (isinstance(count, int) and isinstance(inner_a, int) and isinstance(inner_b, int)):
            return None
        raise CertainShapeError(
            MATMUL, messages.bmm_sizes((count, inner_a), (count, inner_b)), (0, 1)
        )
    core: tuple[Dim, ...] = ()
    if len(a) > 1:
        core += (rows,)
    if len(b) > 1:
        core += (columns,)
    return (*batch, *core)


def matmul(a: Shape, b: Shape, same_dtype: bool = True) -> Shape:
    """``torch.matmul`` / ``@``: dot, mv, mm, folding of a batched left operand, or bmm.
    ``same_dtype`` false (the dtypes may differ): ``dot`` checks dtypes before sizes, so its size
    failure is not reported."""
    if a is None or b is None:
        return None
    if len(a) == 0 or len(b) == 0:
        raise CertainShapeError(MATMUL, messages.matmul_scalar(len(a), len(b)), (0, 1))
    if len(a) == 1 and len(b) == 1:
        if dims.certainly_different(a[0], b[0]):
            if same_dtype and isinstance(a[0], int) and isinstance(b[0], int):
                raise CertainShapeError(MATMUL, messages.dot(a[0], b[0]), (0, 1))
            return None
        return ()
    if len(b) <= 2 and len(a) >= 2:
        rows = dims.product(a[:-1])
        if len(b) == 1:
            if dims.certainly_different(a[-1], b[0]):
                sizes = (rows, a[-1], b[0])
                if all(isinstance(size, int) for size in sizes):
                    raise CertainShapeError(MATMUL, messages.mv(*sizes), (0, 1))
                return None
            return a[:-1]
        if dims.certainly_different(a[-1], b[0]):
            sizes = (rows, a[-1], b[0], b[1])
            if all(isinstance(size, int) for size in sizes):
                raise CertainShapeError(MATMUL, messages.mm(*sizes), (0, 1))
            return None
        return (*a[:-1], b[1])
    if len(a) == 1 and len(b) == 2:
        if dims.certainly_different(a[0], b[0]):
            sizes = (1, a[0], b[0], b[1])
            if all(isinstance(size, int) for size in sizes):
                raise CertainShapeError(MATMUL, messages.mm(*sizes), (0, 1))
            return None
        return (b[1],)
    return _batched(a, b)


def mm(a: Shape, b: Shape) -> Shape:
    """``torch.mm``: two matrices."""
    if a is None or b is None:
        return None
    if len(a) != 2:
        raise CertainShapeError(MATMUL, messages.must_be_matrix("self"), (0,))
    if len(b) != 2:
        raise CertainShapeError(MATMUL, messages.must_be_matrix("mat2"), (1,))
    if dims.certainly_different(a[1], b[0]):
        if shapes.is_fully_known(a) and shapes.is_fully_known(b):
            raise CertainShapeError(MATMUL, messages.mm(a[0], a[1], b[0], b[1]), (0, 1))
        return None
    return (a[0], b[1])


def bmm(a: Shape, b: Shape) -> Shape:
    """``torch.bmm``: two batches of matrices of one batch size."""
    if a is None or b is None:
        return None
    if len(a) != 3:
        raise CertainShapeError(MATMUL, messages.must_be_3d("batch1"), (0,))
    if len(b) != 3:
        raise CertainShapeError(MATMUL, messages.must_be_3d("batch2"), (1,))
    if dims.certainly_different(a[0], b[0]) or dims.certainly_different(a[2], b[1]):
        if isinstance(a[0], int) and isinstance(a[2], int) and shapes.is_fully_known(b[:2]):
            raise CertainShapeError(MATMUL, messages.bmm_sizes((a[0], a[2]), (b[0], b[1])), (0, 1))
        return None
    return (a[0], a[1], b[2])


def view(shape: Shape, target: tuple[Dim, ...]) -> Shape:
    """``view``/``reshape``: one ``-1`` entry is inferred; the element counts must agree."""
    if any(isinstance(size, int) and size < -1 for size in target):
        return None
    inferred = [index for index, size in enumerate(target) if size == -1]
    if len(inferred) > 1:
        raise CertainShapeError(RESHAPE, messages.ONE_INFERRED, (0,))
    total = shapes.size(shape)
    known = dims.product([size for size in target if size != -1])
    if isinstance(total, int) and all(isinstance(size, int) for size in target):
        assert isinstance(known, int)
        if inferred and known == 0:
            return None
        if (inferred and total % known) or (not inferred and total != known):
            raise CertainShapeError(RESHAPE, messages.view_size(target, total), (0,))
    try:
        return manipulation.reshape(shape, target)
    except CertainShapeError:
        return None


def into(output: Shape, other: Shape) -> Shape:
    """An in-place op (``x += y``, ``x.add_(y)``): ``other`` broadcasts with ``output`` and the
    broadcast must be ``output``'s own shape."""
    merged = broadcast_pair(output, other)
    if output is None or merged is None:
        return output
    grows = len(merged) > len(output) or any(
        dims.certainly_different(size, own) for size, own in zip(merged, output, strict=True)
    )
    if grows and shapes.is_fully_known(output) and shapes.is_fully_known(merged):
        raise CertainShapeError(BROADCAST, messages.inplace_broadcast(output, merged), (0, 1))
    return output


def t(shape: Shape) -> Shape:
    """``x.t()``: a matrix transposed; 0-D and 1-D tensors unchanged."""
    if shape is None:
        return None
    if len(shape) > 2:
        raise CertainShapeError(AXIS, messages.t_rank(len(shape)), (0,))
    return tuple(reversed(shape))


def transpose(shape: Shape, first: Dim, second: Dim) -> Shape:
    """``x.transpose(dim0, dim1)``: two dims swapped."""
    rank = None if shape is None else len(shape)
    one, two = wrap_dim(first, rank), wrap_dim(second, rank)
    if shape is None:
        return None
    if not isinstance(one, int) or not isinstance(two, int):
        return shapes.unknown_of_rank(len(shape))
    if not shape:
        return ()
    swapped = list(shape)
    swapped[one], swapped[two] = swapped[two], swapped[one]
    return tuple(swapped)


def permute(shape: Shape, order: tuple[Dim, ...]) -> Shape:
    """``x.permute(*dims)``: the length must be the rank, each dim in range, none repeated."""
    if shape is None:
        return None
    if len(order) != len(shape):
        raise CertainShapeError(AXIS, messages.permute_length(len(shape), len(order)), (0,))
    positions = [wrap_dim(item, len(shape)) for item in order]
    known = [item for item in positions if isinstance(item, int)]
    if len(set(known)) != len(known):
        raise CertainShapeError(AXIS, messages.PERMUTE_DUPLICATE, (0,))
    return tuple(shape[item] if isinstance(item, int) else UNKNOWN for item in positions)
