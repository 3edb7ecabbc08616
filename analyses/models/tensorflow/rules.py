"""TensorFlow's shape rules for its ops, over the framework-neutral dimensions of
:mod:`tensorls.analyses.arrays`.

Each rule returns the result shape (``None`` for an unknown rank) or raises ``CertainShapeError``
with TensorFlow's message (:mod:`.messages`) when the op fails for every concretisation of its
inputs *and* the message is known exactly: the shapes it prints are all constants. A failure whose
message would print an unknown size is not reported (the result is then an unknown shape).
Checks run in the order TensorFlow's kernels run them, so the reported failure is the one
TensorFlow raises first.
"""

from __future__ import annotations

from ...arrays import broadcasting, dims, manipulation, reductions, shapes
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import (
    AXIS,
    BROADCAST,
    CONCATENATE,
    MATMUL,
    RESHAPE,
    SPLIT,
    CertainShapeError,
)
from ...arrays.shapes import Shape
from . import messages


def _known(*shape_list: Shape) -> bool:
    return all(shapes.is_fully_known(shape) for shape in shape_list)


def broadcast(left: Shape, right: Shape) -> Shape:
    """Element-wise binary ops (``AddV2``, ``Mul``, ``Less``, ...): NumPy broadcasting."""
    try:
        return broadcasting.broadcast_shapes(left, right)
    except CertainShapeError as failure:
        first, second = failure.facts
        if not _known(first, second):
            return None
        raise CertainShapeError(
            BROADCAST, messages.incompatible_shapes(first, second), (0, 1)
        ) from None


def broadcasts(left: Shape, right: Shape) -> bool:
    """Whether the two shapes may broadcast together (False only when they certainly do not)."""
    try:
        broadcasting.broadcast_shapes(left, right)
    except CertainShapeError:
        return False
    return True


def equality(left: Shape, right: Shape) -> Shape:
    """``==``/``!=`` on tensors: element-wise when the shapes broadcast, else a scalar ``False``
    (TensorFlow 2 never raises here). Unknown sizes may or may not broadcast: an unknown shape."""
    try:
        merged = broadcasting.broadcast_shapes(left, right)
    except CertainShapeError:
        return ()
    return merged if _known(left, right) else None


def matmul(a: Shape, b: Shape, transpose_a: bool | None, transpose_b: bool | None) -> Shape:
    """``tf.matmul``: rank >= 2; batch dimensions broadcast; ``MatMul`` for two matrices,
    ``BatchMatMulV2`` otherwise (their messages differ)."""
    if a is None or b is None or transpose_a is None or transpose_b is None:
        return None
    batched = len(a) > 2 or len(b) > 2
    for index, operand in enumerate((a, b)):
        if len(operand) < 2:
            raise CertainShapeError(
                MATMUL, messages.matmul_rank(index, len(operand), batched), (index,)
            )
    rows, inner_a = (a[-1], a[-2]) if transpose_a else (a[-2], a[-1])
    inner_b, columns = (b[-1], b[-2]) if transpose_b else (b[-2], b[-1])
    if not batched:
        if dims.certainly_different(inner_a, inner_b):
            if not _known(a, b):
                return None
            raise CertainShapeError(MATMUL, messages.matrix_size_incompatible(a, b), (0, 1))
        return (rows, columns)
    try:
        batch = broadcasting.broadcast_shapes(a[:-2], b[:-2])
    except CertainShapeError:
        if not _known(a, b):
            return None
        raise CertainShapeError(BROADCAST, messages.batch_dimensions(a, b), (0, 1)) from None
    if dims.certainly_different(inner_a, inner_b):
        if not _known(a, b):
            return None
        raise CertainShapeError(
            MATMUL,
            messages.lhs_mismatch(inner_a, inner_b, a, b, transpose_a, transpose_b),
            (0, 1),
        )
    assert batch is not None
    return (*batch, rows, columns)


def reshape(shape: Shape, target: tuple[Dim, ...]) -> Shape:
    """``tf.reshape``: one ``-1`` entry is inferred; the element counts must agree."""
    for index, size in enumerate(target):
        if isinstance(size, int) and size < -1:
            raise CertainShapeError(RESHAPE, messages.reshape_negative(index, size), (0,))
    inferred = [index for index, size in enumerate(target) if size == -1]
    if len(inferred) > 1:
        raise CertainShapeError(
            RESHAPE, messages.reshape_two_unknown(inferred[0], inferred[1]), (0,)
        )
    total = shapes.size(shape)
    known = dims.product([size for size in target if size != -1])
    if (
        isinstance(total, int)
        and isinstance(known, int)
        and all(isinstance(size, int) for size in target)
    ):
        if inferred and known != 0 and total % known:
            raise CertainShapeError(RESHAPE, messages.reshape_values(total, known, True), (0,))
        if (not inferred or known == 0) and total != known:
            raise CertainShapeError(
                RESHAPE, messages.reshape_values(total, known, bool(inferred)), (0,)
            )
    if inferred and known == 0:
        return None
    try:
        return manipulation.reshape(shape, target)
    except CertainShapeError:
        return None


def transpose(shape: Shape, perm: tuple[Dim, ...] | None) -> Shape:
    """``tf.transpose``: reversed dimensions, or permuted by ``perm`` (non-negative entries)."""
    if shape is None:
        return None
    if perm is None:
        return tuple(reversed(shape))
    rank = len(shape)
    if len(perm) != rank:
        raise CertainShapeError(AXIS, messages.transpose_size(rank, len(perm)), (0,))
    if not all(isinstance(axis, int) for axis in perm):
        return shapes.unknown_of_rank(rank)
    axes = [axis for axis in perm if isinstance(axis, int)]
    for axis in axes:
        if not 0 <= axis < rank:
            raise CertainShapeError(AXIS, messages.transpose_range(axis, rank), (0,))
    for axis in range(rank):
        if axis not in axes:
            raise CertainShapeError(AXIS, messages.transpose_missing(axis, axes), (0,))
    return tuple(shape[axis] for axis in axes)


def expand_dims(shape: Shape, axis: Dim) -> Shape:
    """``tf.expand_dims``: ``axis`` in ``[-rank - 1, rank]``."""
    if shape is None:
        return None
    rank = len(shape)
    if not isinstance(axis, int):
        return shapes.unknown_of_rank(rank + 1)
    if not -rank - 1 <= axis <= rank:
        raise CertainShapeError(AXIS, messages.expand_dims_index(axis, rank), (0,))
    position = axis % (rank + 1)
    return (*shape[:position], 1, *shape[position:])


def squeeze(shape: Shape, axes: tuple[Dim, ...] | None) -> Shape:
    """``tf.squeeze``: every size-1 dimension, or the listed ones (which must have size 1)."""
    if shape is None:
        return None
    rank = len(shape)
    if axes is None:
        if not shapes.is_fully_known(shape):
            return None
        return tuple(dim for dim in shape if dim != 1)
    positions: set[int] = set()
    for axis in axes:
        if not isinstance(axis, int):
            return None
        if not -rank <= axis < rank:
            raise CertainShapeError(AXIS, messages.squeeze_index(axis, rank), (0,))
        positions.add(axis % rank)
    for position in sorted(positions):
        size = shape[position]
        if isinstance(size, int) and size != 1:
            raise CertainShapeError(AXIS, messages.squeeze_size(position, size), (0,))
    return tuple(dim for index, dim in enumerate(shape) if index not in positions)


def concat(operands: list[Shape], axis: Dim) -> Shape:
    """``tf.concat``: a single input is returned as is. Otherwise ``axis`` must be in range for
    the first input's rank (a first scalar input fails: out of range unless ``axis=0``, else as a
    scalar), and each input in turn must not be a scalar, must have the first input's rank and
    its sizes except along ``axis``."""
    if len(operands) == 1:
        return operands[0]
    if not operands or any(shape is None for shape in operands) or not isinstance(axis, int):
        return None
    first = operands[0]
    assert first is not None
    rank = len(first)
    if rank == 0:
        if axis != 0:
            raise CertainShapeError(CONCATENATE, messages.concat_range(axis, rank), (0,))
        raise CertainShapeError(CONCATENATE, messages.concat_scalars(), (0,))
    if not -rank <= axis < rank:
        raise CertainShapeError(CONCATENATE, messages.concat_range(axis, rank), (0,))
    position = axis % rank
    settled = True
    for index, other in enumerate(operands[1:], start=1):
        assert other is not None
        failure = _concat_failure(first, index, other, position)
        if failure is not None:
            if not settled or not _known(first, other):
                return None
            raise failure
        settled = (
            settled
            and len(other) == rank
            and all(
                dims.certainly_equal(first[dimension], other[dimension])
                for dimension in range(rank)
                if dimension != position
            )
        )
    try:
        return manipulation.concatenate(operands, position)
    except CertainShapeError:
        return None


def _concat_failure(
    first: tuple[Dim, ...], index: int, other: tuple[Dim, ...], position: int
) -> CertainShapeError | None:
    if len(other) == 0:
        return CertainShapeError(CONCATENATE, messages.concat_scalars(), (0, index))
    if len(other) != len(first):
        return CertainShapeError(
            CONCATENATE, messages.concat_ranks(first, index, other), (0, index)
        )
    for dimension in range(len(first)):
        if dimension != position and dims.certainly_different(first[dimension], other[dimension]):
            return CertainShapeError(
                CONCATENATE, messages.concat_dimension(dimension, first, index, other), (0, index)
            )
    return None


def stack(operands: list[Shape], axis: Dim) -> Shape:
    """``tf.stack``: ``axis`` in ``[-(rank + 1), rank + 1)`` (checked on the first input), then
    every input's shape equal to the first's."""
    if not operands:
        return None
    first = operands[0]
    if first is None or not isinstance(axis, int):
        return None
    rank = len(first) + 1
    if not -rank <= axis < rank:
        raise CertainShapeError(AXIS, messages.stack_axis(axis, rank), (0,))
    for index, other in enumerate(operands[1:], start=1):
        if other is None:
            return None
        mismatch = len(other) != len(first) or any(
            dims.certainly_different(x, y) for x, y in zip(first, other, strict=False)
        )
        if mismatch:
            if not _known(first, other):
                return None
            raise CertainShapeError(
                CONCATENATE, messages.stack_shapes(first, index, other), (0, index)
            )
        if not all(dims.certainly_equal(x, y) for x, y in zip(first, other, strict=False)):
            return shapes.unknown_of_rank(rank)
    position = axis % rank
    return (*first[:position], len(operands), *first[position:])


def reduce(shape: Shape, axes: tuple[Dim, ...] | None, keepdims: bool | None) -> Shape:
    """``tf.reduce_sum``/``mean``/``max``/...: ``axes`` ``None`` reduces everything; each axis in
    turn must be in ``[-rank, rank)`` and not repeat an earlier one."""
    if keepdims is None:
        return None
    if axes is None:
        if keepdims:
            return None if shape is None else (1,) * len(shape)
        return ()
    if shape is None or not all(isinstance(axis, int) for axis in axes):
        return None
    rank = len(shape)
    seen: set[int] = set()
    for axis in axes:
        assert isinstance(axis, int)
        if not -rank <= axis < rank:
            raise CertainShapeError(AXIS, messages.reduction_dimension(axis, rank), (0,))
        if axis % rank in seen:
            raise CertainShapeError(AXIS, messages.reduction_duplicate(axis % rank), (0,))
        seen.add(axis % rank)
    try:
        return reductions.reduce(shape, tuple(seen), keepdims)
    except CertainShapeError:
        return None


def arg_reduce(shape: Shape, axis: Dim) -> Shape:
    """``tf.argmax``/``tf.argmin`` (``axis`` defaults to 0)."""
    if shape is None or not isinstance(axis, int):
        return None
    rank = len(shape)
    if not -rank <= axis < rank:
        raise CertainShapeError(AXIS, messages.dimension_range(axis, rank), (0,))
    position = axis % rank
    return shape[:position] + shape[position + 1 :]


def one_hot(indices: Shape, depth: Dim, axis: Dim) -> Shape:
    """``tf.one_hot``: ``depth`` inserted at ``axis`` (``-1`` appends)."""
    if indices is None or not isinstance(axis, int):
        return None
    rank = len(indices) + 1
    if axis != -1 and not 0 <= axis < rank:
        raise CertainShapeError(AXIS, messages.one_hot_axis(axis, rank), (0,))
    size = depth if not isinstance(depth, int) or depth >= 0 else UNKNOWN
    position = rank - 1 if axis == -1 else axis
    return (*indices[:position], size, *indices[position:])


def softmax(shape: Shape, axis: Dim) -> Shape:
    """``tf.nn.softmax``/``log_softmax``: the same shape; ``axis`` in ``[-rank, rank)``."""
    if shape is None or not isinstance(axis, int) or len(shape) == 0:
        return shape
    rank = len(shape)
    if not -rank <= axis < rank:
        raise CertainShapeError(AXIS, messages.softmax_axis(axis, rank), (0,))
    return shape


def softmax_cross_entropy(labels: Shape, logits: Shape) -> Shape:
    """``tf.nn.softmax_cross_entropy_with_logits`` along the last axis: each operand is
    flattened to a matrix ``[rows, classes]`` (a vector is one row); the matrices broadcast, and
    the loss (one value per broadcast row) is reshaped to ``logits.shape[:-1]``, whose size must
    be the number of broadcast rows."""
    if labels is None or logits is None or len(labels) == 0 or len(logits) == 0:
        return None
    flat_logits = (dims.product(logits[:-1]), logits[-1])
    flat_labels = (dims.product(labels[:-1]), labels[-1])
    try:
        merged = broadcasting.broadcast_shapes(flat_logits, flat_labels)
    except CertainShapeError:
        if not _known(flat_logits, flat_labels):
            return None
        raise CertainShapeError(
            messages.LABELS, messages.logits_labels(flat_logits, flat_labels), (1, 0)
        ) from None
    assert merged is not None
    rows = merged[0]
    if dims.certainly_equal(rows, flat_logits[0]):
        return logits[:-1]
    if isinstance(rows, int) and isinstance(flat_logits[0], int):
        raise CertainShapeError(
            messages.LABELS, messages.reshape_values(rows, flat_logits[0], False), (1, 0)
        )
    return None


def sparse_softmax_cross_entropy(labels: Shape, logits: Shape) -> Shape:
    """``tf.nn.sparse_softmax_cross_entropy_with_logits``: labels of rank ``logits.rank - 1``
    equal to ``logits.shape[:-1]``; the loss has the labels' shape."""
    if labels is None or logits is None or len(logits) == 0:
        return None
    if len(labels) != len(logits) - 1:
        if not _known(labels, logits):
            return None
        raise CertainShapeError(
            messages.LABELS, messages.sparse_labels_rank(labels, logits), (0, 1)
        )
    if any(dims.certainly_different(x, y) for x, y in zip(labels, logits[:-1], strict=True)):
        if not _known(labels, logits):
            return None
        raise CertainShapeError(
            messages.LABELS, messages.sparse_labels_shape(labels, logits), (0, 1)
        )
    return tuple(
        x if not isinstance(x, dims.UnknownDim) else y
        for x, y in zip(labels, logits[:-1], strict=True)
    )


def tile(shape: Shape, multiples: tuple[Dim, ...] | None) -> Shape:
    """``tf.tile``: one multiple per dimension; sizes multiplied."""
    if shape is None or multiples is None:
        return None
    if len(multiples) != len(shape):
        raise CertainShapeError(AXIS, messages.tile_multiples(len(shape), len(multiples)), (0,))
    return tuple(dims.multiply(dim, times) for dim, times in zip(shape, multiples, strict=True))


def split(shape: Shape, parts: Dim | tuple[Dim, ...], axis: Dim) -> list[Shape] | None:
    """``tf.split``: ``parts`` equal pieces (which must divide the size evenly) or the given
    sizes (one may be ``-1``); ``None`` when the number of pieces or the axis is unknown."""
    if shape is None or not isinstance(axis, int):
        return None
    rank = len(shape)
    if not -rank <= axis < rank:
        raise CertainShapeError(AXIS, messages.split_axis(axis, rank), (0,))
    position = axis % rank
    size = shape[position]
    if isinstance(parts, tuple):
        return _split_sizes(shape, position, parts)
    if not isinstance(parts, int) or parts <= 0:
        return None
    if isinstance(size, int) and size % parts:
        raise CertainShapeError(SPLIT, messages.split_evenly(position, size, parts), (0,))
    piece = dims.exact_quotient(size, parts)
    piece = piece if piece is not None else UNKNOWN
    return [(*shape[:position], piece, *shape[position + 1 :])] * parts


def _split_sizes(shape: tuple[Dim, ...], position: int, sizes: tuple[Dim, ...]) -> list[Shape]:
    """Explicit sizes: one size must be the whole; several must add up to it, or stay below it
    when one of them is ``-1`` (inferred)."""
    size = shape[position]
    inferred = [index for index, part in enumerate(sizes) if part == -1]
    known = [part for part in sizes if part != -1]
    if (
        isinstance(size, int)
        and len(inferred) <= 1
        and all(isinstance(part, int) for part in known)
    ):
        total = sum(part for part in known if isinstance(part, int))
        if len(sizes) == 1 and not inferred and total != size:
            raise CertainShapeError(SPLIT, messages.split_single(size, total), (0,))
        if (not inferred and total != size) or (inferred and size > 0 and total >= size):
            raise CertainShapeError(SPLIT, messages.split_sizes(total), (0,))
    pieces: list[Dim] = list(sizes)
    if len(inferred) == 1:
        rest: Dim = 0
        for part in known:
            rest = dims.add(rest, part)
        remainder = dims.subtract(size, rest)
        pieces[inferred[0]] = (
            remainder if not isinstance(remainder, int) or remainder >= 0 else UNKNOWN
        )
    elif inferred:
        pieces = [UNKNOWN if part == -1 else part for part in pieces]
    return [(*shape[:position], piece, *shape[position + 1 :]) for piece in pieces]


def gather(params: Shape, indices: Shape, axis: Dim) -> Shape:
    """``tf.gather(params, indices, axis)`` with ``batch_dims=0``: ``params.shape[:axis] +
    indices.shape + params.shape[axis + 1:]``."""
    if params is None or indices is None or not isinstance(axis, int):
        return None
    rank = len(params)
    if axis >= rank:
        raise CertainShapeError(AXIS, messages.gather_rank(axis + 1, rank), (0,))
    if axis < -rank:
        return None
    position = axis % rank
    return (*params[:position], *indices, *params[position + 1 :])


def tensordot(a: Shape, b: Shape, axes: int | None) -> Shape:
    """``tf.tensordot`` with ``axes=n``: the last ``n`` axes of ``a`` meet the first ``n`` of
    ``b``; TensorFlow multiplies the flattened matrices, so a mismatch is ``MatMul``'s."""
    if a is None or b is None or axes is None or not 0 <= axes <= min(len(a), len(b)):
        return None
    free_a, inner_a = a[: len(a) - axes], a[len(a) - axes :]
    inner_b, free_b = b[:axes], b[axes:]
    rows, left = shapes.size(free_a), shapes.size(inner_a)
    right, columns = shapes.size(inner_b), shapes.size(free_b)
    if dims.certainly_different(left, right):
        flat_a, flat_b = (rows, left), (right, columns)
        if not _known(flat_a, flat_b):
            return None
        raise CertainShapeError(MATMUL, messages.matrix_size_incompatible(flat_a, flat_b), (0, 1))
    return (*free_a, *free_b)


def einsum(equation: str, operands: list[Shape]) -> Shape:
    """``tf.einsum`` without ``...``: every label has one size (its first occurrence, in operand
    and axis order, is the expected one; a size 1 does not stretch); the output follows the
    ``->`` labels."""
    spec = equation.replace(" ", "")
    if "." in spec or "->" not in spec or any(shape is None for shape in operands):
        return None
    inputs_text, output = spec.split("->", 1)
    inputs = inputs_text.split(",")
    if len(inputs) != len(operands) or not all(part.isalpha() for part in inputs):
        return None
    if not output.isalpha() and output != "":
        return None
    sizes: dict[str, Dim] = {}
    for part, shape in zip(inputs, operands, strict=True):
        assert shape is not None
        if len(part) != len(shape):
            return None
        for axis, (label, dim) in enumerate(zip(part, shape, strict=True)):
            expected = sizes.setdefault(label, dim)
            if dims.certainly_different(expected, dim):
                if not _known(*operands):
                    return None
                raise CertainShapeError(
                    MATMUL, messages.einsum_dimension(expected, axis, shape, dim), (0, 1)
                )
    if any(label not in sizes for label in output):
        return None
    return tuple(sizes[label] for label in output)


def where(condition: Shape, then: Shape, other: Shape) -> Shape:
    """``tf.where(condition, x, y)``: the three shapes broadcast together."""
    try:
        return broadcasting.broadcast_shapes(condition, then, other)
    except CertainShapeError:
        if not _known(condition, then, other):
            return None
        raise CertainShapeError(
            BROADCAST,
            messages.where_broadcast(condition, then, other),
            (0, 1, 2),  # type: ignore[arg-type]
        ) from None


def keras_same_shape(y_true: Shape, y_pred: Shape) -> Shape:
    """``categorical_crossentropy``-style losses: ``y_true`` and ``y_pred`` of compatible shapes;
    one value per row (the last axis reduced)."""
    if y_true is None or y_pred is None:
        return None
    mismatch = len(y_true) != len(y_pred) or any(
        dims.certainly_different(x, y) for x, y in zip(y_true, y_pred, strict=False)
    )
    if mismatch:
        if not _known(y_true, y_pred):
            return None
        raise CertainShapeError(
            messages.LABELS, messages.incompatible_keras(y_true, y_pred), (0, 1)
        )
    return y_pred[:-1]


def keras_pointwise(y_true: Shape, y_pred: Shape) -> Shape:
    """``mean_squared_error``-style losses: ``y_pred - y_true`` broadcast (TensorFlow's message,
    prediction first), then the last axis reduced."""
    merged = broadcast(y_pred, y_true)
    if merged is None or len(merged) == 0:
        return None
    return merged[:-1]
