"""PyTorch's own wording of the failures of ``torch.nn`` layers, losses and data utilities
(torch 2.13, CPU), each taken from the real library.

Every function needs the sizes it prints to be known constants; callers word a failure only when
they are, and otherwise stay silent. Shape-agnostic wording lives in :mod:`.messages`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...arrays.dims import Dim
from .messages import SCALAR_TYPES, TENSOR_TYPES, size_list, sizes_joined, torch_size

LAYER = "nn-layer-input"
"""The diagnostic code of an input a layer certainly rejects."""
LOSS = "nn-loss-target"
"""The diagnostic code of a loss's input and target that certainly do not fit."""
LOSS_BROADCAST = "nn-loss-broadcast"
"""The diagnostic code of PyTorch's warning that a loss broadcasts input and target."""
CONSTRUCTOR = "nn-layer-arguments"
"""The diagnostic code of a layer constructed with arguments PyTorch rejects."""
DATASET = "data-size-mismatch"
"""The diagnostic code of a dataset of tensors with different numbers of samples."""


def linear_rank(rank: int) -> str:
    return f"both arguments to linear need to be at least 1D, but they are {rank}D and 2D"


def conv_rank(spatial: int, function: str, shape: Sequence[Dim]) -> str:
    return (
        f"Expected {spatial + 1}D (unbatched) or {spatial + 2}D (batched) input to {function}, "
        f"but got input of size: {size_list(shape)}"
    )


def conv_channels(
    groups: int, transposed: bool, weight: Sequence[Dim], batched: Sequence[Dim], expected: Dim
) -> str:
    given = "transposed=1" if transposed else f"groups={groups}"
    return (
        f"Given {given}, weight of size {size_list(weight)}, expected input{size_list(batched)} "
        f"to have {expected} channels, but got {batched[1]} channels instead"
    )


def conv_kernel(padded: Sequence[Dim], kernel: Sequence[Dim]) -> str:
    return (
        f"Calculated padded input size per channel: ({sizes_joined(padded, ' x ')}). "
        f"Kernel size: ({sizes_joined(kernel, ' x ')}). "
        "Kernel size can't be greater than actual input size"
    )


CONV_GROUPS = "in_channels must be divisible by groups"
CONV_OUT_GROUPS = "out_channels must be divisible by groups"
SAME_STRIDED = "padding='same' is not supported for strided convolutions"

POOL2D_RANK = "non-empty 3D or 4D (batch mode) tensor expected for input"


def max_pool1d_rank(shape: Sequence[Dim]) -> str:
    return (
        "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for "
        f"input, but got:{size_list(shape)}"
    )


def pool_too_small(given: Sequence[Dim], output: Sequence[Dim]) -> str:
    return (
        f"Given input size: ({sizes_joined(given, 'x')}). "
        f"Calculated output size: ({sizes_joined(output, 'x')}). Output size is too small"
    )


def max_pool1d_output(size: Dim) -> str:
    return f"max_pool1d() Invalid computed output size: {size}"


def pool_padding(pad: Dim, kernel: Dim, dilation: Dim) -> str:
    return (
        f"pad should be at most half of effective kernel size, but got pad={pad}, "
        f"kernel_size={kernel} and dilation={dilation}"
    )


def dimensions_between(low: int, high: int, rank: int, function: str) -> str:
    return (
        f"Expected {low} to {high} dimensions, but got {rank}-dimensional tensor for argument #1 "
        f"'self' (while checking arguments for {function})"
    )


ADAPTIVE2D_RANK = "Input dimension should be at least 3"


def batch_norm_rank(expected: str, rank: int) -> str:
    return f"expected {expected} input (got {rank}D input)"


def running_mean(channels: Dim, features: Dim) -> str:
    return f"running_mean should contain {channels} elements not {features}"


def layer_norm(normalized: Sequence[Dim], shape: Sequence[Dim]) -> str:
    star = ", ".join(["*", *map(str, normalized)])
    return (
        f"Given normalized_shape={size_list(normalized)}, expected input with shape [{star}], "
        f"but got input of size{size_list(shape)}"
    )


def group_norm_rank(rank: int) -> str:
    return f"Expected at least 2 dimensions for input tensor but received {rank}"


def group_norm_channels(channels: Dim, shape: Sequence[Dim]) -> str:
    return (
        "Expected weight to be a vector of size equal to the number of channels in input, but "
        f"got weight of shape [{channels}] and input of shape {size_list(shape)}"
    )


def group_norm_groups(channels: Dim, groups: Dim) -> str:
    return f"num_channels ({channels}) must be divisible by num_groups ({groups})"


EMBEDDING_TENSOR_TYPES = {dtype: f"torch.{TENSOR_TYPES[dtype]}" for dtype in ("float32", "float64")}
"""The index dtypes ``Embedding`` is known to reject, with the tensor type its message prints."""


def embedding_indices(tensor_type: str) -> str:
    return (
        "Expected tensor for argument #1 'indices' to have one of the following scalar types: "
        f"Long, Int; but got {tensor_type} instead (while checking arguments for embedding)"
    )


def unflatten(sizes: Sequence[Dim], dim: int, size: Dim) -> str:
    return (
        f"unflatten: Provided sizes {size_list(sizes)} don't multiply up to the size of dim "
        f"{dim} ({size}) in the input tensor"
    )


def bilinear_size(which: int, got: Dim, expected: Dim) -> str:
    return (
        f"bilinear(): input{which} size does not match weight size: got {got} but expected "
        f"{expected}"
    )


def bilinear_batch(dim: int, first: Dim, second: Dim) -> str:
    return f"bilinear(): input batch dimensions do not match at dim {dim}: got {first} and {second}"


def recurrent_rank(kind: str, rank: int) -> str:
    tensor = " tensor" if kind == "RNN" else ""
    return f"{kind}: Expected input to be 2D or 3D, got {rank}D{tensor} instead"


def recurrent_input(expected: Dim, got: Dim) -> str:
    return f"input.size(-1) must be equal to input_size. Expected {expected}, got {got}"


def hidden_rank(batched: bool, rank: int) -> str:
    """``RNN``/``GRU``: an initial state whose rank does not fit the input's."""
    if batched:
        return f"For batched 3-D input, hx should also be 3-D but got {rank}-D tensor"
    return f"For unbatched 2-D input, hx should also be 2-D but got {rank}-D tensor"


def lstm_state_rank(batched: bool, hidden: int, cell: int) -> str:
    """``LSTM``: an ``(h_0, c_0)`` whose ranks do not fit the input's."""
    if batched:
        return (
            "For batched 3-D input, hx and cx should also be 3-D but got "
            f"({hidden}-D, {cell}-D) tensors"
        )
    return f"For unbatched 2-D input, hx and cx should also be 2-D but got ({hidden}-D, {cell}-D) tensors"


def hidden_size(label: str, expected: Sequence[Dim], got: Sequence[Dim]) -> str:
    """``check_hidden_size``: ``label`` is ``hidden`` (``RNN``/``GRU``), ``hidden[0]`` or
    ``hidden[1]`` (``LSTM``); the expected size prints as a tuple, the given one as a list."""
    wanted = "(" + ", ".join(str(dim) for dim in expected) + ")"
    return f"Expected {label} size {wanted}, got {size_list(got)}"


def cell_rank(kind: str, what: str, rank: int) -> str:
    """``RNNCell``/``GRUCell``/``LSTMCell``: an input (``what`` is ``input``) or state
    (``hidden``, ``hx[0]``, ``hx[1]``) that is neither 1-D nor 2-D."""
    return f"{kind}: Expected {what} to be 1D or 2D, got {rank}D instead"


CELL_STATE_TUPLE = "lstm_cell(): argument 'hx' (position 2) must be tuple of Tensors, not Tensor"
"""``LSTMCell`` given one tensor as its state for a batched input."""


def cell_input_size(got: Dim, expected: Dim) -> str:
    return f"input has inconsistent input_size: got {got} expected {expected}"


def cell_batch(batch: Dim, label: int, hidden_batch: Dim) -> str:
    return f"Input batch size {batch} doesn't match hidden{label} batch size {hidden_batch}"


def cell_hidden_size(label: int, got: Dim, expected: Dim) -> str:
    return f"hidden{label} has inconsistent hidden_size: got {got}, expected {expected}"


HEADS_DIVIDE = "embed_dim must be divisible by num_heads"


def attention_embedding(expected: Dim, got: Dim) -> str:
    return f"was expecting embedding dimension of {expected}, but got {got}"


def attention_rank(rank: int) -> str:
    return f"query should be unbatched 2D or batched 3D tensor but received {rank}-D query tensor"


def key_value(key: Sequence[Dim], value: Sequence[Dim]) -> str:
    return f"key shape {torch_size(key)} does not match value shape {torch_size(value)}"


def batch_sizes(input_batch: Dim, target_batch: Dim) -> str:
    return f"Expected input batch_size ({input_batch}) to match target batch_size ({target_batch})."


MULTI_TARGET = "0D or 1D target tensor expected, multi-target not supported"


def one_dimensional_target(size: Dim) -> str:
    return f"For 1D input, 1D target must have size 1, but got target size: {size}"


def target_size(expected: Sequence[Dim], got: Sequence[Dim]) -> str:
    return f"Expected target size {size_list(expected)}, got {size_list(got)}"


def spatial_targets(rank: int) -> str:
    return (
        "only batches of spatial targets supported (3D tensors) but got targets of dimension: "
        f"{rank}"
    )


TARGET_DTYPE_NAMES = {
    dtype: SCALAR_TYPES[dtype]
    for dtype in (
        "int64",
        "uint8",
        "float32",
        "float64",
        "float16",
        "int32",
        "int16",
        "int8",
        "bool",
    )
}
"""The target dtypes a loss names (by scalar type) when it rejects them; others go unreported."""


def target_dtype(name: str) -> str:
    return f"expected target dtype to be Long or Byte, but got {name}"


def probability_dtype(name: str) -> str:
    return f"Expected floating point type for target with class probabilities, got {name}"


def broadcast_warning(target: Sequence[Dim], given: Sequence[Dim]) -> str:
    return (
        f"Using a target size ({torch_size(target)}) that is different to the input size "
        f"({torch_size(given)}). This will likely lead to incorrect results due to broadcasting. "
        "Please ensure they have the same size."
    )


def bce_logits_size(target: Sequence[Dim], given: Sequence[Dim]) -> str:
    return (
        f"Target size ({torch_size(target)}) must be the same as input size ({torch_size(given)})"
    )


def bce_size(target: Sequence[Dim], given: Sequence[Dim]) -> str:
    return (
        f"Using a target size ({torch_size(target)}) that is different to the input size "
        f"({torch_size(given)}) is deprecated. Please ensure they have the same size."
    )


DATASET_SIZES = "Size mismatch between tensors"
