"""Which sizes each framework refuses when it creates an array, with its own message.

NumPy, TensorFlow and PyTorch check the sizes given to a creation (``zeros``, ``fill``,
``random``..., a layer's weights) where they create it: a size that does not fit a signed 64-bit
integer, a negative size, or a total too large to count. Checked here in each framework's order,
with its wording (NumPy 2.x, TensorFlow 2.12, PyTorch 2.13, each checked against the real
framework by the oracle tests ``test_invalid_sizes_oracle.py``). Each check raises
:class:`CertainShapeError` only when every execution fails that way; unknown sizes make it stop
where the order of the framework's checks would depend on them.
"""

from __future__ import annotations

from collections.abc import Sequence

from .dims import Dim
from .errors import ARGUMENT, CertainShapeError

MAX_SIZE = 2**63 - 1
"""The largest size (and, for TensorFlow and PyTorch, element or byte count) a framework keeps."""
MIN_SIZE = -(2**63)


def _out_of_range(value: Dim) -> bool:
    return isinstance(value, int) and not MIN_SIZE <= value <= MAX_SIZE


def fits_int64(value: Dim) -> bool:
    """Whether ``value`` may fit a signed 64-bit integer (an unknown size may)."""
    return not _out_of_range(value)


ITEMSIZES = {
    "bool": 1,
    **{f"{kind}{bits}": bits // 8 for kind in ("int", "uint") for bits in (8, 16, 32, 64)},
    "float16": 2,
    "bfloat16": 2,
    "float32": 4,
    "float64": 8,
    "complex64": 8,
    "complex128": 16,
    "object": 8,
}


def itemsize_of(dtype: str | None) -> int:
    """Bytes per element of a dtype name (``float32``: 4); 0 when unknown (a flexible dtype may
    have size 0: no byte count is then certain to overflow)."""
    return 0 if dtype is None else ITEMSIZES.get(dtype, 0)


# NumPy ----------------------------------------------------------------------------------------

NUMPY_OUT_OF_RANGE = "Maximum allowed dimension exceeded"
NUMPY_NEGATIVE = "negative dimensions are not allowed"
NUMPY_COUNT_OUT_OF_RANGE = "Python int too large to convert to C long"
"""A repeat count (``repeat``, ``tile``) out of C long's range."""
LARGEST_ITEMSIZE = 16
NUMPY_TOO_BIG = (
    "array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size."
)


def check_numpy_sizes(values: Sequence[Dim], dtype: str | None) -> None:
    """NumPy's checks of a new array's shape: every size converts to ``npy_intp`` first, then, in
    order, a size 0 is skipped, a negative one fails, and the byte count (itemsize times the
    sizes so far) must fit. A negative size anywhere is certain to fail (an unknown size before it
    may only change the message to another failure); "too big" only with every size before it
    known."""
    if any(_out_of_range(value) for value in values):
        raise CertainShapeError(ARGUMENT, NUMPY_OUT_OF_RANGE, (0,))
    total = itemsize_of(dtype)
    counting = True
    for value in values:
        if not isinstance(value, int):
            counting = False
            continue
        if value < 0:
            raise CertainShapeError(ARGUMENT, NUMPY_NEGATIVE, (0,))
        if value == 0 or not counting:
            continue
        total *= value
        if total > MAX_SIZE:
            raise CertainShapeError(ARGUMENT, NUMPY_TOO_BIG, (0,))


def check_numpy_reshape_target(values: Sequence[Dim]) -> None:
    """``reshape``'s target converts to ``npy_intp`` before anything is compared."""
    if any(_out_of_range(value) for value in values):
        raise CertainShapeError(ARGUMENT, NUMPY_OUT_OF_RANGE, (0,))


# TensorFlow ------------------------------------------------------------------------------------

TENSORFLOW_OUT_OF_RANGE = "Can't convert Python sequence with out-of-range integer to Tensor."


def check_tensorflow_shape_conversion(values: Sequence[Dim]) -> None:
    """A Python int or sequence of ints converts to an int64 tensor (``tf.reshape``'s shape,
    every creation's shape) before any op runs."""
    if any(_out_of_range(value) for value in values):
        raise CertainShapeError(ARGUMENT, TENSORFLOW_OUT_OF_RANGE, (0,))


def check_tensorflow_sizes(values: Sequence[Dim]) -> None:
    """The checks of a creating op (``Fill``, ``RandomStandardNormal``...): conversion, then the
    first negative size (``-2**63`` is TensorFlow's unknown size and passes), then the element
    count, which a size 0 makes 0."""
    check_tensorflow_shape_conversion(values)
    for value in values:
        if not isinstance(value, int):
            return
        if MIN_SIZE < value < 0:
            raise CertainShapeError(ARGUMENT, f"Dimension {value} must be >= 0", (0,))
    if all(isinstance(value, int) and value > 0 for value in values):
        total = 1
        for value in values:
            total *= value  # type: ignore[operator]
        if total > MAX_SIZE:
            listed = ",".join(str(value) for value in values)
            raise CertainShapeError(
                ARGUMENT, f"Shape [{listed}] would have more than 2**63 - 1 elements", (0,)
            )


# PyTorch ---------------------------------------------------------------------------------------

TORCH_OWN_NEGATIVE_CHECK = {"zeros": "zeros: Dimension size must be non-negative."}
"""Creation functions that check their sizes themselves before making the tensor (PyTorch 2.13),
with their message (which lists no size)."""


def check_torch_size_conversion(values: Sequence[Dim], function: str, argument: str) -> None:
    """PyTorch's argument parser: every element of a size must fit an int64; the first that does
    not (with every one before it known) is a ``TypeError`` naming its 1-based position."""
    for position, value in enumerate(values, start=1):
        if not isinstance(value, int):
            return
        if _out_of_range(value):
            raise CertainShapeError(
                ARGUMENT,
                f"{function}(): argument '{argument}' failed to unpack the object at pos"
                f' {position} with error "Overflow when unpacking long long',
                (0,),
            )


def check_torch_sizes(
    values: Sequence[Dim], function: str, argument: str, dtype: str | None
) -> None:
    """A creation's checks: the argument parser's, then (all sizes known) the function's own
    check of negative sizes (``TORCH_OWN_NEGATIVE_CHECK``) and the new tensor's."""
    check_torch_size_conversion(values, function, argument)
    own = TORCH_OWN_NEGATIVE_CHECK.get(function)
    known = all(isinstance(value, int) for value in values)
    if own is not None and known and any(value < 0 for value in values):  # type: ignore[operator]
        raise CertainShapeError(ARGUMENT, own, (0,))
    check_torch_new_tensor(values, dtype)


def check_torch_new_tensor(values: Sequence[Dim], dtype: str | None) -> None:
    """The checks of a new tensor of ``values`` (a module's weight included), both only with
    every size known: a negative size, then the storage size (the sizes multiplied in order, a
    product over ``2**63 - 1`` at any step overflows even if a later size is 0, then times the
    itemsize, at least 1). An empty tensor whose strides overflow (``zeros(0, 2**62, 4)``) is
    left alone: PyTorch 2.13 refuses it, earlier versions do not."""
    if not all(isinstance(value, int) for value in values):
        return
    listed = ", ".join(str(value) for value in values)
    for value in values:
        if value < 0:  # type: ignore[operator]
            raise CertainShapeError(
                ARGUMENT,
                f"Trying to create tensor with negative dimension {value}: [{listed}]",
                (0,),
            )
    total = 1
    for value in (*values, max(itemsize_of(dtype), 1)):
        total *= value  # type: ignore[operator]
        if total > MAX_SIZE:
            raise CertainShapeError(
                ARGUMENT, f"Storage size calculation overflowed with sizes=[{listed}]", (0,)
            )
