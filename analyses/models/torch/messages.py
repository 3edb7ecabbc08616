"""PyTorch's own wording of shape failures (torch 2.13, CPU), each taken from the real library.

Every function needs the sizes it prints to be known constants; callers word a failure only when
they are, and otherwise stay silent.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...arrays.dims import Dim

DTYPE = "tensor-dtype"
"""The diagnostic code of an operand of a dtype the op certainly rejects."""


def size_list(shape: Sequence[Dim]) -> str:
    """``[64, 10]``: a size list as PyTorch prints it."""
    return "[" + ", ".join(str(dim) for dim in shape) + "]"


def torch_size(shape: Sequence[Dim]) -> str:
    """``torch.Size([64, 1])``."""
    return f"torch.Size({size_list(shape)})"


def sizes_joined(shape: Sequence[Dim], separator: str) -> str:
    """``28 x 28``: sizes joined by ``separator``, as PyTorch prints spatial sizes."""
    return separator.join(str(dim) for dim in shape)


def broadcast(size_a: Dim, size_b: Dim, dimension: int) -> str:
    return (
        f"The size of tensor a ({size_a}) must match the size of tensor b ({size_b}) "
        f"at non-singleton dimension {dimension}"
    )


def inplace_broadcast(output: Sequence[Dim], broadcast_shape: Sequence[Dim]) -> str:
    return (
        f"output with shape {size_list(output)} doesn't match the broadcast shape "
        f"{size_list(broadcast_shape)}"
    )


def dimension_range(dim: int, rank: int) -> str:
    """A dim outside ``[-rank, rank - 1]`` (a 0-d tensor accepts ``[-1, 0]``)."""
    low, high = (-rank, rank - 1) if rank > 0 else (-1, 0)
    return f"Dimension out of range (expected to be in range of [{low}, {high}], but got {dim})"


def dim_repeated(dim: int) -> str:
    return f"dim {dim} appears multiple times in the list of dims"


def mm(rows_a: Dim, columns_a: Dim, rows_b: Dim, columns_b: Dim) -> str:
    return (
        f"mat1 and mat2 shapes cannot be multiplied ({rows_a}x{columns_a} and {rows_b}x{columns_b})"
    )


def mv(rows: Dim, columns: Dim, length: Dim) -> str:
    return f"size mismatch, got input ({rows}), mat ({rows}x{columns}), vec ({length})"


def dot(first: Dim, second: Dim) -> str:
    return (
        f"inconsistent tensor size, expected tensor [{first}] and src [{second}] to have the same "
        f"number of elements, but got {first} and {second} elements respectively"
    )


def matmul_scalar(rank_a: int, rank_b: int) -> str:
    return f"both arguments to matmul need to be at least 1D, but they are {rank_a}D and {rank_b}D"


def bmm_sizes(expected: Sequence[Dim], actual: Sequence[Dim]) -> str:
    return (
        "Expected size for first two dimensions of batch2 tensor to be: "
        f"{size_list(expected)} but got: {size_list(actual)}."
    )


def must_be_matrix(operand: str) -> str:
    return f"{operand} must be a matrix"


def must_be_3d(operand: str) -> str:
    return f"{operand} must be a 3D tensor"


def view_size(target: Sequence[Dim], total: Dim) -> str:
    return f"shape '{size_list(target)}' is invalid for input of size {total}"


ONE_INFERRED = "only one dimension can be inferred"


def cat_sizes(dimension: int, expected: Dim, actual: Dim, position: int) -> str:
    return (
        f"Sizes of tensors must match except in dimension {dimension}. Expected size {expected} "
        f"but got size {actual} for tensor number {position} in the list."
    )


def cat_zero_dim(position: int) -> str:
    return f"zero-dimensional tensor (at position {position}) cannot be concatenated"


def size_of_scalar(dim: int) -> str:
    return f"Dimension specified as {dim} but tensor has no dimensions"


def cat_ranks(first: int, other: int) -> str:
    return f"Tensors must have same number of dimensions: got {first} and {other}"


def stack_sizes(first: Sequence[Dim], other: Sequence[Dim], position: int) -> str:
    return (
        f"stack expects each tensor to be equal size, but got {size_list(first)} at entry 0 and "
        f"{size_list(other)} at entry {position}"
    )


def permute_length(rank: int, length: int) -> str:
    return (
        "permute(sparse_coo): number of dimensions in the tensor input does not match the "
        "length of the desired ordering of dimensions i.e. "
        f"input.dim() = {rank} is not equal to len(dims) = {length}"
    )


PERMUTE_DUPLICATE = "permute(): duplicate dims are not allowed."


def t_rank(rank: int) -> str:
    return f"t() expects a tensor with <= 2 dimensions, but self is {rank}D"


def expand_size(
    target_size: Dim, size: Dim, dimension: int, target: Sequence[Dim], shape: Sequence[Dim]
) -> str:
    return (
        f"The expanded size of the tensor ({target_size}) must match the existing size ({size}) "
        f"at non-singleton dimension {dimension}.  Target sizes: {size_list(target)}.  "
        f"Tensor sizes: {size_list(shape)}"
    )


SCALAR_TYPES = {
    "float32": "Float",
    "float64": "Double",
    "float16": "Half",
    "bfloat16": "BFloat16",
    "int64": "Long",
    "int32": "Int",
    "int16": "Short",
    "int8": "Char",
    "uint8": "Byte",
    "bool": "Bool",
    "complex64": "ComplexFloat",
    "complex128": "ComplexDouble",
}
"""PyTorch's scalar type name of each dtype (``Long`` for ``int64``), as its messages print it."""
TENSOR_TYPES = {dtype: f"{name}Tensor" for dtype, name in SCALAR_TYPES.items()}
"""The legacy tensor type names PyTorch prints in ``expand``'s messages (``LongTensor``)."""


def expand_rank(type_name: str, shape: Sequence[Dim], target: Sequence[Dim]) -> str:
    return (
        f"expand(torch.{type_name}{{{size_list(shape)}}}, size={size_list(target)}): the number "
        f"of sizes provided ({len(target)}) must be greater or equal to the number of dimensions "
        f"in the tensor ({len(shape)})"
    )


REPEAT_RANK = (
    "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor"
)


def index_bounds(index: int, dimension: int, size: int) -> str:
    return f"index {index} is out of bounds for dimension {dimension} with size {size}"


def too_many_indices(rank: int) -> str:
    return f"too many indices for tensor of dimension {rank}"


GATHER_RANK = "Index tensor must have the same number of dimensions as input tensor"
GATHER_DTYPE = "gather(): Expected dtype int32/int64 for index"


def gather_size(dimension: int, index: Sequence[Dim], shape: Sequence[Dim], dim: int) -> str:
    return (
        f"Size does not match at dimension {dimension} expected index {size_list(index)} to be no "
        f"larger than self {size_list(shape)} apart from dimension {dim}"
    )


def einsum_size(label: str, size: Dim, operand: int, seen: Dim) -> str:
    return (
        f"einsum(): subscript {label} has size {size} for operand {operand} which does not "
        f"broadcast with previously seen size {seen}"
    )


def einsum_rank(count: int, rank: int, operand: int) -> str:
    return (
        f"einsum(): the number of subscripts in the equation ({count}) does not match the number "
        f"of dimensions ({rank}) for operand {operand} and no ellipsis was given"
    )


def einsum_repeated(label: str, operand: int, size: Dim, first: Dim) -> str:
    return (
        f"einsum(): subscript {label} is repeated for operand {operand} but the sizes don't "
        f"match, {size} != {first}"
    )


def einsum_output(label: str) -> str:
    return (
        f"einsum(): output subscript {label} does not appear in the equation for any input operand"
    )


def mask_dtype(dtype: str) -> str:
    return f"masked_fill_ only supports boolean masks, but got mask with dtype {dtype}"


def split_sizes(total: Dim, dim: Dim, sizes: Sequence[Dim]) -> str:
    return (
        f"split_with_sizes expects split_sizes to sum exactly to {total} (input tensor's size at "
        f"dimension {dim}), but got split_sizes={size_list(sizes)}"
    )


def chunk_count(chunks: int) -> str:
    return f"chunk expects `chunks` to be greater than 0, got: {chunks}"


FLATTEN_ORDER = "flatten() has invalid args: start_dim cannot come after end_dim"


def ambiguous_truth(count: int) -> str:
    amount = "no values" if count == 0 else "more than one value"
    return f"Boolean value of Tensor with {amount} is ambiguous"


def ragged(expected: int, dim: int, got: int) -> str:
    return f"expected sequence of length {expected} at dim {dim} (got {got})"


CAT_EMPTY = "torch.cat(): expected a non-empty list of Tensors"
