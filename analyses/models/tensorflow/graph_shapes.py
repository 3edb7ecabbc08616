"""TensorFlow 1 graph construction: each op's shape function as TensorFlow 2.12 runs it when the
op is added to a graph, on partial shapes (a size is an ``int`` or ``None``, TensorFlow's ``?``).

A size that is a symbol (a placeholder's ``None``) is ``None`` here, exactly as TensorFlow's shape
inference sees it: it knows no relation between unknown sizes. Each function returns the message
of the ``ValueError`` TensorFlow raises (the text before `` for '{{node ...}}``), or ``None`` when
the op certainly builds or when the check is not modelled (then nothing is claimed).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...arrays.dims import Dim
from ...arrays.shapes import Shape

Static = tuple[int | None, ...]
"""A partial shape as TensorFlow's shape inference knows it."""


def static(shape: Shape) -> Static | None:
    """``shape`` with every size that is not a constant as ``None`` (``None`` for unknown rank)."""
    if shape is None:
        return None
    return tuple(dim if isinstance(dim, int) else None for dim in shape)


def shape_list(shape: Sequence[int | None]) -> str:
    """``[?,6]``: a partial shape as TensorFlow's shape functions print it."""
    return "[" + ",".join("?" if dim is None else str(dim) for dim in shape) + "]"


def dimensions_equal(a: int, b: int) -> str:
    return f"Dimensions must be equal, but are {a} and {b}"


def broadcast(left: Static, right: Static) -> str | None:
    """Element-wise binary ops (``AddV2``, ``Mul``, ...): sizes aligned from the right must be
    equal or 1; the first conflict from the left is reported."""
    rank = max(len(left), len(right))
    padded_left = (1,) * (rank - len(left)) + left
    padded_right = (1,) * (rank - len(right)) + right
    for a, b in zip(padded_left, padded_right, strict=True):
        if a is not None and b is not None and a != b and 1 not in (a, b):
            return dimensions_equal(a, b)
    return None


def matmul(a: Static, b: Static, transpose_a: bool, transpose_b: bool) -> str | None:
    """``tf.matmul``: ``MatMul`` when both ranks are at most 2 (each must be 2), else
    ``BatchMatMulV2`` (its ranks and inner sizes are checked, not its batch sizes)."""
    if len(a) <= 2 and len(b) <= 2:
        for operand in (a, b):
            if len(operand) != 2:
                return f"Shape must be rank 2 but is rank {len(operand)}"
    else:
        for operand in (a, b):
            if len(operand) < 2:
                return f"Shape must be at least rank 2 but is rank {len(operand)}"
    inner_a = a[-2] if transpose_a else a[-1]
    inner_b = b[-1] if transpose_b else b[-2]
    if inner_a is not None and inner_b is not None and inner_a != inner_b:
        return dimensions_equal(inner_a, inner_b)
    return None


def reshape(source: Static, target: Sequence[Dim]) -> str | None:
    """``Reshape`` with a constant target shape (at most one ``-1``)."""
    if not all(isinstance(dim, int) and dim >= -1 for dim in target):
        return None
    sizes = [int(dim) for dim in target]  # type: ignore[call-overload]
    if sizes.count(-1) > 1:
        return None
    requested = 1
    for size in sizes:
        if size != -1:
            requested *= size
    known_input = 1
    for dim in source:
        if dim is not None:
            known_input *= dim
    fully_known = all(dim is not None for dim in source)
    if fully_known and -1 not in sizes and requested != known_input:
        return (
            f"Cannot reshape a tensor with {known_input} elements to shape "
            f"{shape_list(sizes)} ({requested} elements)"
        )
    if fully_known and -1 in sizes and requested != 0 and known_input % requested != 0:
        return f"Dimension size must be evenly divisible by {requested} but is {known_input}"
    if not fully_known and -1 not in sizes and known_input != 0 and requested % known_input != 0:
        return f"Dimension size must be evenly divisible by {known_input} but is {requested}"
    return None


def _merge(
    merged: list[int | None], shape: Static, offset: int = 0
) -> tuple[str | None, list[int | None]]:
    for index, (a, b) in enumerate(zip(shape, merged, strict=True)):
        if a is not None and b is not None and a != b:
            return (
                f"Dimension {index + offset} in both shapes must be equal, but are {a} and {b}. "
                f"Shapes are {shape_list(shape)} and {shape_list(merged)}.",
                merged,
            )
    return None, [b if b is not None else a for a, b in zip(shape, merged, strict=True)]


def concat(operands: Sequence[Static], axis: int) -> str | None:
    """``ConcatV2`` of inputs of one rank: the sizes before and after ``axis`` are merged from
    the last input backwards, each input's before its after (a rank mismatch is not modelled)."""
    if len(operands) < 2 or len({len(shape) for shape in operands}) != 1:
        return None
    rank = len(operands[0])
    if not -rank <= axis < rank:
        return None
    position = axis % rank
    before = list(operands[-1][:position])
    after = list(operands[-1][position + 1 :])
    for shape in reversed(operands[:-1]):
        failure, before = _merge(before, shape[:position])
        if failure is not None:
            return failure
        failure, after = _merge(after, shape[position + 1 :])
        if failure is not None:
            return failure
    return None


def softmax_cross_entropy(labels: Static, logits: Static) -> str | None:
    """``SoftmaxCrossEntropyWithLogits`` on two fully known matrices: logits and labels broadcast
    (with an unknown size, TensorFlow flattens both operands and the shapes it checks are not
    modelled)."""
    if len(labels) != 2 or len(logits) != 2 or None in (*labels, *logits):
        return None
    return broadcast(logits, labels)


def _python_shape(shape: Static) -> str:
    inner = ", ".join("None" if dim is None else str(dim) for dim in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


def sparse_softmax_cross_entropy(labels: Static, logits: Static) -> str | None:
    """``tf.nn.sparse_softmax_cross_entropy_with_logits``'s Python-side checks."""
    if len(logits) == 0:
        return None
    if len(labels) != len(logits) - 1:
        return (
            "`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: "
            f"labels.shape={_python_shape(labels)} of rank {len(labels)} and "
            f"logits.shape={_python_shape(logits)} of rank {len(logits)}"
        )
    for a, b in zip(labels, logits[:-1], strict=True):
        if a is not None and b is not None and a != b:
            return (
                "`labels.shape` must equal `logits.shape` except for the last dimension. "
                f"Received: labels.shape={_python_shape(labels)} and "
                f"logits.shape={_python_shape(logits)}"
            )
    return None


def window_output(size: int | None, window: int, stride: int, padding: str) -> int | None:
    """The output size of a convolution or pooling window along one spatial axis."""
    if size is None:
        return None
    if padding == "SAME":
        return -(-size // stride)
    return (size - window) // stride + 1 if size >= window else None


def window(source: Static, windows: Sequence[int], padding: str, channel_last: bool) -> str | None:
    """``Conv2D``/``MaxPool``/``AvgPool``: with ``VALID`` padding each spatial size must be at
    least its window's."""
    if len(source) != 4 or padding != "VALID":
        return None
    spatial = source[1:3] if channel_last else source[2:4]
    for size, extent in zip(spatial, windows, strict=True):
        if size is not None and size < extent:
            return f"Negative dimension size caused by subtracting {extent} from {size}"
    return None


def conv_depth(source: Static, kernel: Static, channel_last: bool) -> str | None:
    """``Conv2D``: the input depth must be a multiple of the filter's input depth."""
    if len(source) != 4 or len(kernel) != 4:
        return None
    depth = source[3] if channel_last else source[1]
    kernel_depth = kernel[2]
    if depth is None or kernel_depth is None or kernel_depth == 0 or depth % kernel_depth == 0:
        return None
    return f"Depth of input ({depth}) is not a multiple of input depth of filter ({kernel_depth})"
