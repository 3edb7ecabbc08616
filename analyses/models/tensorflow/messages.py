"""TensorFlow's and Keras's own wording of shape failures (TF 2.12, Keras 2.12).

Eager TensorFlow wraps an op's message as ``{{function_node ...}} <text> [Op:Name]``; the
diagnostics carry ``<text>``, which is contained verbatim in what TensorFlow raises. Every
function here needs fully known shapes (TensorFlow prints concrete sizes); callers only word a
failure whose shapes are all constants, and otherwise stay silent.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...arrays.dims import Dim

LAYER_INPUT = "shape-layer-input"
"""The diagnostic code of a Keras input-spec failure (a layer or model given the wrong shape)."""
LABELS = "shape-labels"
"""The diagnostic code of labels that do not fit the logits of a loss."""


def shape_list(shape: Sequence[Dim]) -> str:
    """``[32,10]``: a shape as TensorFlow's kernels print it."""
    return "[" + ",".join(str(dim) for dim in shape) + "]"


def shape_tuple(shape: Sequence[Dim | None]) -> str:
    """``(32, 28)``, ``(784,)``, ``(None, 784)``: a shape as Python prints a ``TensorShape``."""
    inner = ", ".join("None" if dim is None else str(dim) for dim in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


def incompatible_shapes(left: Sequence[Dim], right: Sequence[Dim]) -> str:
    return f"Incompatible shapes: {shape_list(left)} vs. {shape_list(right)}"


def matrix_size_incompatible(a: Sequence[Dim], b: Sequence[Dim]) -> str:
    return f"Matrix size-incompatible: In[0]: {shape_list(a)}, In[1]: {shape_list(b)}"


def matmul_rank(operand: int, rank: int, batched: bool) -> str:
    """``MatMul`` (both operands of rank <= 2) omits the rank; ``BatchMatMulV2`` prints it."""
    return f"In[{operand}] ndims must be >= 2" + (f": {rank}" if batched else "")


def batch_dimensions(a: Sequence[Dim], b: Sequence[Dim]) -> str:
    return (
        "In[0] and In[1] must have compatible batch dimensions: "
        f"{shape_list(a)} vs. {shape_list(b)}"
    )


def lhs_mismatch(
    inner_a: Dim, inner_b: Dim, a: Sequence[Dim], b: Sequence[Dim], adj_a: bool, adj_b: bool
) -> str:
    return (
        f"lhs mismatch rhs shape: {inner_a} vs. {inner_b}: {shape_list(a)} {shape_list(b)} "
        f"{int(adj_a)} {int(adj_b)}"
    )


def reshape_values(total: Dim, requested: Dim, inferred: bool) -> str:
    tail = f"requires a multiple of {requested}" if inferred else f"has {requested}"
    return f"Input to reshape is a tensor with {total} values, but the requested shape {tail}"


def reshape_two_unknown(first: int, second: int) -> str:
    return f"Only one input size may be -1, not both {first} and {second}"


def reshape_negative(index: int, size: int) -> str:
    return f"Size {index} must be non-negative, not {size}"


def transpose_size(rank: int, size: int) -> str:
    return f"transpose expects a vector of size {rank}. But input(1) is a vector of size {size}"


def transpose_range(axis: int, rank: int) -> str:
    return f"{axis} is out of range [0 .. {rank})"


def transpose_missing(axis: int, perm: Sequence[int]) -> str:
    return f"{axis} is missing from {{{','.join(str(item) for item in perm)}}}."


def expand_dims_index(axis: int, rank: int) -> str:
    return f"Tried to expand dim index {axis} for tensor with {rank} dimensions."


def squeeze_index(axis: int, rank: int) -> str:
    return f"Tried to squeeze dim index {axis} for tensor with {rank} dimensions."


def squeeze_size(axis: int, size: Dim) -> str:
    return f"Can not squeeze dim[{axis}], expected a dimension of 1, got {size}"


def concat_scalars() -> str:
    return "ConcatOp : Can't concatenate scalars (use tf.stack instead)"


def concat_range(axis: int, rank: int) -> str:
    return (
        f"ConcatOp : Expected concatenating dimensions in the range [{-rank}, {rank}), "
        f"but got {axis}"
    )


def concat_ranks(first: Sequence[Dim], index: int, other: Sequence[Dim]) -> str:
    return (
        "ConcatOp : Ranks of all input tensors should match: "
        f"shape[0] = {shape_list(first)} vs. shape[{index}] = {shape_list(other)}"
    )


def concat_dimension(dimension: int, first: Sequence[Dim], index: int, other: Sequence[Dim]) -> str:
    return (
        f"ConcatOp : Dimension {dimension} in both shapes must be equal: "
        f"shape[0] = {shape_list(first)} vs. shape[{index}] = {shape_list(other)}"
    )


def stack_axis(axis: int, rank: int) -> str:
    return f"Argument `axis` = {axis} not in range [{-rank}, {rank})"


def stack_shapes(first: Sequence[Dim], index: int, other: Sequence[Dim]) -> str:
    return (
        "Shapes of all inputs must match: "
        f"values[0].shape = {shape_list(first)} != values[{index}].shape = {shape_list(other)}"
    )


def reduction_dimension(axis: int, rank: int) -> str:
    return f"Invalid reduction dimension ({axis} for input with {rank} dimension(s)"


def reduction_duplicate(axis: int) -> str:
    return f"Invalid reduction arguments: Axes contains duplicate dimension: {axis}"


def dimension_range(axis: int, rank: int) -> str:
    """``ArgMax``/``ArgMin``."""
    return f"Expected dimension in the range [{-rank}, {rank}), but got {axis}"


def one_hot_axis(axis: int, rank: int) -> str:
    return f"Expected axis to be -1 or between [0, {rank}).  But received: {axis}"


def softmax_axis(axis: int, rank: int) -> str:
    return (
        f"`dim` must be in the range [{-rank}, {rank}) where {rank} is the number of dimensions "
        f"in the input. Received: dim={axis}"
    )


def logits_labels(logits: Sequence[Dim], labels: Sequence[Dim]) -> str:
    return (
        "logits and labels must be broadcastable: "
        f"logits_size={shape_list(logits)} labels_size={shape_list(labels)}"
    )


def sparse_labels_rank(labels: Sequence[Dim], logits: Sequence[Dim]) -> str:
    return (
        "`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: "
        f"labels.shape={shape_tuple(labels)} of rank {len(labels)} and "
        f"logits.shape={shape_tuple(logits)} of rank {len(logits)}"
    )


def sparse_labels_shape(labels: Sequence[Dim], logits: Sequence[Dim]) -> str:
    return (
        "`labels.shape` must equal `logits.shape` except for the last dimension. Received: "
        f"labels.shape={shape_tuple(labels)} and logits.shape={shape_tuple(logits)}"
    )


def non_rectangular() -> str:
    return "Can't convert non-rectangular Python sequence to Tensor."


def layer_input(layer: str | None, detail: str, index: int = 0) -> str:
    """Keras's input-spec failure of input ``index``; without a layer name known for certain,
    only ``detail``."""
    if layer is None:
        return detail
    return f'Input {index} of layer "{layer}" is incompatible with the layer: {detail}'


def expected_axis_value(axis: int, value: int, received: Sequence[Dim | None]) -> str:
    return (
        f"expected axis {axis} of input shape to have value {value}, "
        f"but received input with shape {shape_tuple(received)}"
    )


def expected_ndim(ndim: int, received: Sequence[Dim | None], minimum: bool) -> str:
    kind = "min_ndim" if minimum else "ndim"
    return (
        f"expected {kind}={ndim}, found ndim={len(received)}. "
        f"Full shape received: {shape_tuple(received)}"
    )


def expected_shape(expected: Sequence[Dim | None], received: Sequence[Dim | None]) -> str:
    return f"expected shape={shape_tuple(expected)}, found shape={shape_tuple(received)}"


def reshape_layer(input_shape: Sequence[Dim], target: Sequence[Dim]) -> str:
    return (
        "total size of new array must be unchanged, "
        f"input_shape = {list(input_shape)}, output_shape = {list(target)}"
    )


def tile_multiples(rank: int, length: int) -> str:
    return f"Expected multiples argument to be a vector of length {rank} but got length {length}"


def split_axis(axis: int, rank: int) -> str:
    return f"-input rank(-{rank}) <= split_dim < input rank ({rank}), but got {axis}"


def split_evenly(axis: int, size: Dim, count: int) -> str:
    return (
        "Number of ways to split should evenly divide the split dimension, but got split_dim "
        f"{axis} (size = {size}) and num_split {count}"
    )


def split_sizes(total: Dim) -> str:
    return (
        "Determined shape must either match input shape along split_dim exactly if fully "
        "specified, or be less than the size of the input along split_dim if not fully "
        f"specified.  Got: {total}"
    )


def split_single(size: Dim, output: Dim) -> str:
    return (
        "If there is only one output, it must have the same size as the input. "
        f"Input size: {size} output size: {output}"
    )


def gather_rank(minimum: int, rank: int) -> str:
    return f"Shape must be at least rank {minimum} but is rank {rank}"


def where_broadcast(condition: Sequence[Dim], then: Sequence[Dim], other: Sequence[Dim]) -> str:
    return (
        f"condition {shape_list(condition)}, then {shape_list(then)}, and else "
        f"{shape_list(other)} must be broadcastable"
    )


def einsum_dimension(expected: Dim, axis: int, shape: Sequence[Dim], got: Dim) -> str:
    return (
        f"Expected dimension {expected} at axis {axis} of the input shaped {shape_list(shape)} "
        f"but got dimension {got}"
    )


def incompatible_keras(first: Sequence[Dim], second: Sequence[Dim]) -> str:
    """Keras's ``assert_is_compatible_with`` (``categorical_crossentropy`` and the like)."""
    return f"Shapes {shape_tuple(first)} and {shape_tuple(second)} are incompatible"


DATASET = "shape-dataset"
"""The diagnostic code of a ``tf.data`` pipeline that certainly fails."""


def unbatch_scalar() -> str:
    return "Unbatching a tensor is only supported for rank >= 1"


def dataset_length(infinite: bool) -> str:
    """``len()`` of a dataset whose length is not finite and known."""
    return "The dataset is infinite." if infinite else "The dataset length is unknown."


def incompatible_dimensions(first: Dim, second: Dim) -> str:
    return f"Dimensions {first} and {second} are not compatible"


CARDINALITY = "shape-cardinality"
"""The diagnostic code of training arrays whose numbers of samples differ."""
NOT_COMPILED = "keras-not-compiled"
"""The diagnostic code of training or evaluating a model that was never compiled."""


def ambiguous_cardinality(x_sizes: Sequence[int], y_sizes: Sequence[int]) -> str:
    x_text = ", ".join(str(size) for size in x_sizes)
    y_text = ", ".join(str(size) for size in y_sizes)
    lines = f"Data cardinality is ambiguous:\n  x sizes: {x_text}\n"
    if y_sizes:
        lines += f"  y sizes: {y_text}\n"
    return lines + "Make sure all arrays contain the same number of samples."


def not_compiled() -> str:
    return (
        "You must compile your model before training/testing. Use `model.compile(optimizer, loss)`."
    )


CALL_ARGUMENTS = "keras-call-arguments"
"""The diagnostic code of calling a user layer or model without its first argument."""


def first_call_argument() -> str:
    return "The first argument to `Layer.call` must always be passed."


def sigmoid_labels(logits: Sequence[Dim | None], labels: Sequence[Dim | None]) -> str:
    """``tf.nn.sigmoid_cross_entropy_with_logits``'s static shape check."""
    return (
        "`logits` and `labels` must have the same shape, "
        f"received ({shape_tuple(logits)} vs {shape_tuple(labels)})."
    )


VARIABLE = "shape-variable"
"""The diagnostic code of a variable update (``assign``, an optimizer step) whose shape certainly
does not fit the variable."""


def assign_shape(variable: Sequence[Dim], value: Sequence[Dim]) -> str:
    """``Variable.assign``'s check (the message without its first clause, which names the
    variable)."""
    return (
        f"Shape mismatch.The variable shape {shape_tuple(variable)}, and the assigned value "
        f"shape {shape_tuple(value)} are incompatible."
    )


def update_shape(variable: Sequence[Dim], value: Sequence[Dim]) -> str:
    """``AssignAddVariableOp``/``AssignSubVariableOp``'s check."""
    return (
        f"Cannot update variable with shape {shape_list(variable)} using a Tensor with shape "
        f"{shape_list(value)}, shapes must be equal."
    )


def legacy_optimizer_shape(argument: str, variable: Sequence[Dim], gradient: Sequence[Dim]) -> str:
    """The fused kernels of the legacy optimizers (``ResourceApplyGradientDescent``, ...)."""
    return (
        f"var and {argument} do not have the same shape{shape_list(variable)} "
        f"{shape_list(gradient)}"
    )


MERGE = "shape-merge"
"""The diagnostic code of a Keras merge layer given inputs it cannot merge."""


def shape_tuples(shape_list_: Sequence[Sequence[Dim | None]]) -> str:
    """``[(None, 3), (None, 4)]``: the list of input shapes Keras prints."""
    return "[" + ", ".join(shape_tuple(shape) for shape in shape_list_) + "]"


def merge_incompatible(first: Sequence[Dim | None], second: Sequence[Dim | None]) -> str:
    return f"Inputs have incompatible shapes. Received shapes {shape_tuple(first)} and {shape_tuple(second)}"


def merge_batch_sizes(shape_list_: Sequence[Sequence[Dim | None]]) -> str:
    return (
        "Cannot merge tensors with different batch sizes. "
        f"Got tensors with shapes {shape_tuples(shape_list_)}"
    )


def merge_count(kind: str, count: str, shape_list_: Sequence[Sequence[Dim | None]]) -> str:
    """``Subtract`` (exactly 2) and ``Dot`` (a list of 2)."""
    return (
        f"A `{kind}` layer should be called on {count} inputs. "
        f"Received: input_shape={shape_tuples(shape_list_)}"
    )


def concatenate_shapes(shape_list_: Sequence[Sequence[Dim | None]]) -> str:
    return (
        "A `Concatenate` layer requires inputs with matching shapes except for the "
        f"concatenation axis. Received: input_shape={shape_tuples(shape_list_)}"
    )


def dot_axes(
    first: Sequence[Dim | None], second: Sequence[Dim | None], axes: tuple[int, int]
) -> str:
    return (
        f"Incompatible input shapes: axis values {_none(first[axes[0]])} (at axis {axes[0]}) != "
        f"{_none(second[axes[1]])} (at axis {axes[1]}). "
        f"Full input shapes: {shape_tuple(first)}, {shape_tuple(second)}"
    )


def _none(dim: Dim | None) -> str:
    return "None" if dim is None else str(dim)


def attention_inputs(length: int) -> str:
    """``Attention``/``AdditiveAttention`` called on a list of the wrong length."""
    return (
        "Attention layer accepts inputs list of length 2 or 3, namely [query, value] or "
        f"[query, value, key]. Received length: {length}."
    )
