"""TensorFlow's dtype check of binary ops on two tensors: no implicit promotion.

Two tensors (not Python scalars, not NumPy arrays, which are converted to the other operand's
dtype when they can be) of different known dtypes make an eager op fail before any shape check:
``cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is a int32
tensor``, and ``/`` raises its own ``TypeError``. A boolean first operand fails with other words
in most ops and is not judged, except by ``==``/``!=``.
"""

from __future__ import annotations

from ...arrays.errors import CertainShapeError
from .convert import TensorOperand

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


def check(op: str, left: TensorOperand, right: TensorOperand) -> None:
    """Raise the failure of TensorFlow op ``op`` (``AddV2``, ..., or ``Div`` for ``/``) on two
    operands when their dtypes certainly differ."""
    if not _tensor(left) or not _tensor(right) or left.dtype == right.dtype:
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


def result(op: str, left: TensorOperand, right: TensorOperand) -> str | None:
    """The dtype of ``left op right`` (``op`` an ``ast`` operator name) when it does not fail: a
    weak Python scalar takes the other operand's dtype; ``/`` on integers gives ``float64``."""
    if left.weak and not right.weak:
        dtype = right.dtype
    elif (right.weak and not left.weak) or left.dtype == right.dtype:
        dtype = left.dtype
    else:
        return None
    if op == "Div" and dtype is not None and dtype.startswith(("int", "uint")):
        return "float64"
    return dtype
