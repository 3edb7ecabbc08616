"""TensorFlow's dtype check of binary ops on two tensors: no implicit promotion.

Two tensors (not Python scalars, not NumPy arrays, which are converted to the other operand's
dtype when they can be) of different known dtypes make an eager op fail before any shape check:
``cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is a int32
tensor``, and ``/`` raises its own ``TypeError``. A boolean first operand fails with other words
in most ops and is not judged, except by ``==``/``!=``.

After ``experimental_enable_numpy_behavior()`` (:mod:`.numpy_behavior`) the Python operators and
``tf.divide`` promote as NumPy does (measured under TensorFlow 2.12 with NumPy 1.24); the
functions ``tf.add``, ``tf.multiply``, ``tf.maximum``, ``tf.less``, ... still fail.
"""

from __future__ import annotations

from ...arrays import dtypes as array_dtypes
from ...arrays.errors import CertainShapeError
from .convert import TensorOperand
from .numpy_behavior import NUMPY_FLOAT32, NUMPY_FLOAT64, OFF, Promotion

DTYPE = "tensor-dtype"
"""The diagnostic code of two tensors of different dtypes meeting in one op."""

OPERATOR_OPS = {
    "Add": "AddV2",
    "Sub": "Sub",
    "Mult": "Mul",
    "FloorDiv": "FloorDiv",
    "Mod": "FloorMod",
    "Pow": "Pow",
    "Lt": "Less",
    "LtE": "LessEqual",
    "Gt": "Greater",
    "GtE": "GreaterEqual",
    "Eq": "Equal",
    "NotEq": "NotEqual",
}
FUNCTION_OPS = {
    "add": "AddV2",
    "subtract": "Sub",
    "multiply": "Mul",
    "maximum": "Maximum",
    "minimum": "Minimum",
    "pow": "Pow",
    "less": "Less",
    "less_equal": "LessEqual",
    "greater": "Greater",
    "greater_equal": "GreaterEqual",
    "equal": "Equal",
    "not_equal": "NotEqual",
}
KERNEL_NAMES = {"float32": "float", "float64": "double", "float16": "half"}
ACCEPTS_BOOL = ("Equal", "NotEqual")


def check(op: str, left: TensorOperand, right: TensorOperand, promotion: Promotion = OFF) -> None:
    """Raise the failure of TensorFlow op ``op`` (``AddV2``, ..., or ``Div`` for ``/``) on two
    operands when their dtypes certainly differ; never when the op may promote (``promotion``
    not certainly ``OFF``, for an operator)."""
    if promotion != OFF or not _tensor(left) or not _tensor(right) or left.dtype == right.dtype:
        return
    assert left.dtype is not None and right.dtype is not None
    if op == "Div":
        raise CertainShapeError(
            DTYPE,
            f"`x` and `y` must have the same dtype, got tf.{left.dtype} != tf.{right.dtype}.",
            (0, 1),
        )
    if left.dtype == "bool" and op not in ACCEPTS_BOOL:
        return
    expected = KERNEL_NAMES.get(left.dtype, left.dtype)
    actual = KERNEL_NAMES.get(right.dtype, right.dtype)
    raise CertainShapeError(
        DTYPE,
        f"cannot compute {op} as input #1(zero-based) was expected to be a {expected} tensor "
        f"but is a {actual} tensor",
        (0, 1),
    )


def _tensor(item: TensorOperand) -> bool:
    return item.tensor and not item.symbolic and item.dtype is not None


def result(
    op: str, left: TensorOperand, right: TensorOperand, promotion: Promotion = OFF
) -> str | None:
    """The dtype of ``left op right`` (``op`` an ``ast`` operator name, or ``Div`` for
    ``tf.divide``) when it does not fail, under the promotion mode ``promotion`` (an unknown
    mode gives the dtype only when every mode gives the same)."""
    if promotion is None:
        results = {_result(op, left, right, mode) for mode in (OFF, NUMPY_FLOAT64, NUMPY_FLOAT32)}
        return results.pop() if len(results) == 1 else None
    return _result(op, left, right, promotion)


def _result(op: str, left: TensorOperand, right: TensorOperand, promotion: str) -> str | None:
    if promotion == OFF:
        dtype = _tensorflow_result(left, right)
        integers: tuple[str, ...] = ("int", "uint")
    else:
        dtype = _numpy_result(left, right, promotion)
        integers = ("int", "uint", "bool")
    if op == "Div" and dtype is not None and dtype.startswith(integers):
        return "float64"
    return dtype


def _tensorflow_result(left: TensorOperand, right: TensorOperand) -> str | None:
    """A weak Python scalar takes the other operand's dtype."""
    if left.weak and not right.weak:
        return right.dtype
    if (right.weak and not left.weak) or left.dtype == right.dtype:
        return left.dtype
    return None


FLOATS = ("float16", "float32", "float64")
WEAK_INT_KEEPS = ("int32", "int64", *FLOATS)
"""The tensor dtypes a Python ``int`` (of ``int32`` range) leaves unchanged under NumPy
promotion."""


def _numpy_result(left: TensorOperand, right: TensorOperand, promotion: str) -> str | None:
    """NumPy's promotion as TensorFlow 2.12 applies it: two tensors by their dtypes; a tensor
    and a Python scalar as measured (an ``int32``/``int64`` tensor and a float give
    ``float64``, a ``bool`` tensor and an int ``int64``, a float tensor keeps its dtype, and
    with ``prefer_float32`` a ``bool`` tensor and a float give ``float32``); NumPy arrays,
    lists and other mixes are unknown."""
    if left.weak and right.weak:
        return None
    if left.weak or right.weak:
        scalar, tensor = (left, right) if left.weak else (right, left)
        return _with_scalar(tensor, scalar.dtype, promotion) if tensor.tensor else None
    if not left.tensor or not right.tensor:
        return None
    return array_dtypes.promote((left.dtype, False), (right.dtype, False))


def _with_scalar(tensor: TensorOperand, scalar: str | None, promotion: str) -> str | None:
    dtype = tensor.dtype
    if dtype is None or scalar is None:
        return None
    if scalar == "bool":
        return dtype if dtype != "bool" else None
    if scalar == "int32":
        if dtype == "bool":
            return "int64"
        return dtype if dtype in WEAK_INT_KEEPS else None
    if dtype in FLOATS:
        return dtype
    if dtype in ("int32", "int64"):
        return "float64"
    if dtype == "bool":
        return "float32" if promotion == NUMPY_FLOAT32 else "float64"
    return None
