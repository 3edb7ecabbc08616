"""Models of elementwise functions: unary and binary ufuncs, ``where``, ``clip``, ``isclose``,
``allclose``, ``round``, ``nan_to_num``.

Shapes broadcast with the shape algebra; dtypes come from NumPy's own loop resolution (see
:mod:`tensorls.analyses.arrays.dtypes`).
"""

from __future__ import annotations

from ...arrays import broadcasting, dtypes, reductions
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.none import NONE
from ..calls import FAILED, ModelCall, Operand
from ..support import Impl, finish, operand
from .array_ops import apply_binary

UNARY_UFUNCS = [
    "abs",
    "absolute",
    "fabs",
    "negative",
    "positive",
    "sign",
    "signbit",
    "exp",
    "exp2",
    "expm1",
    "log",
    "log2",
    "log10",
    "log1p",
    "sqrt",
    "cbrt",
    "square",
    "reciprocal",
    "sin",
    "cos",
    "tan",
    "arcsin",
    "arccos",
    "arctan",
    "sinh",
    "cosh",
    "tanh",
    "arcsinh",
    "arccosh",
    "arctanh",
    "deg2rad",
    "rad2deg",
    "degrees",
    "radians",
    "floor",
    "ceil",
    "trunc",
    "rint",
    "isnan",
    "isinf",
    "isfinite",
    "logical_not",
    "invert",
    "conjugate",
    "conj",
    "spacing",
]

BINARY_UFUNCS = [
    "add",
    "subtract",
    "multiply",
    "divide",
    "true_divide",
    "floor_divide",
    "power",
    "float_power",
    "mod",
    "remainder",
    "fmod",
    "maximum",
    "minimum",
    "fmax",
    "fmin",
    "arctan2",
    "hypot",
    "logaddexp",
    "logaddexp2",
    "copysign",
    "heaviside",
    "logical_and",
    "logical_or",
    "logical_xor",
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "left_shift",
    "right_shift",
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "gcd",
    "lcm",
]


def unary(name: str) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        source = operand(call, 0, "x")
        if source is FAILED:
            return TOP
        if not isinstance(source, Operand):
            return call.array(None, None)
        dtype = dtypes.ufunc_result(name, ((source.dtype, source.weak),))
        return call.array(source.shape, dtype)

    return impl


def binary(name: str) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        left, right = operand(call, 0, "x1"), operand(call, 1, "x2")
        if FAILED in (left, right):
            return TOP
        if not isinstance(left, Operand) or not isinstance(right, Operand):
            return call.array(None, None)
        return apply_binary(call, name, left, right)

    return impl


def _broadcast_all(call: ModelCall, parts: list[Operand]) -> object:
    return call.run(lambda: broadcasting.broadcast_shapes(*(part.shape for part in parts)), parts)


def where(call: ModelCall) -> AbstractValue:
    """``where(condition)`` (like ``nonzero``) or ``where(condition, x, y)``."""
    if len(call.args) == 1 and not call.kwargs:
        from .reductions import nonzero

        return nonzero(call)
    parts = [operand(call, 0, "condition"), operand(call, 1, "x"), operand(call, 2, "y")]
    if FAILED in parts:
        return TOP
    if not all(isinstance(part, Operand) for part in parts):
        return call.array(None, None)
    known = [part for part in parts if isinstance(part, Operand)]
    dtype = dtypes.promote(*((part.dtype, part.weak) for part in known[1:]))
    return finish(call, _broadcast_all(call, known), dtype)


def clip(call: ModelCall) -> AbstractValue:
    """``clip(a, a_min, a_max)``: a ``None`` bound broadcasts as a scalar."""
    parts: list[Operand] = []
    for index, keyword in ((0, "a"), (1, "a_min"), (2, "a_max")):
        value = call.arg(index, keyword)
        if value is NONE:
            parts.append(Operand((), None, True, None))
            continue
        converted = operand(call, index, keyword)
        if converted is FAILED:
            return TOP
        if not isinstance(converted, Operand):
            return call.array(None, None)
        parts.append(converted)
    dtype = dtypes.promote(*((part.dtype, part.weak) for part in parts if part.dtype is not None))
    return finish(call, _broadcast_all(call, parts), dtype if parts[0].dtype else None)


def isclose(call: ModelCall) -> AbstractValue:
    """``isclose(a, b)``: elementwise, boolean."""
    left, right = operand(call, 0, "a"), operand(call, 1, "b")
    if FAILED in (left, right):
        return TOP
    if not isinstance(left, Operand) or not isinstance(right, Operand):
        return call.array(None, dtypes.BOOL)
    return finish(call, _broadcast_all(call, [left, right]), dtypes.BOOL)


def allclose(call: ModelCall) -> AbstractValue:
    """``allclose(a, b)``: a Python bool, after a broadcast check."""
    result = isclose(call)
    return TOP if result is TOP else BoolValue()


def same_shape(call: ModelCall) -> AbstractValue:
    """``round``/``around``/``nan_to_num``/``real_if_close``: same shape and dtype."""
    source = operand(call, 0, "a") if call.arg(0, "a") is not None else operand(call, 0, "x")
    if source is FAILED:
        return TOP
    if not isinstance(source, Operand):
        return call.array(None, None)
    return call.array(source.shape, source.dtype)


def array_equal(call: ModelCall) -> AbstractValue:
    """``array_equal(a1, a2)``: never fails on shapes; a Python bool."""
    return BoolValue()


FUNCTIONS: dict[str, Impl] = {
    **{name: unary(name) for name in UNARY_UFUNCS},
    **{name: binary(name) for name in BINARY_UFUNCS},
    "where": where,
    "clip": clip,
    "isclose": isclose,
    "allclose": allclose,
    "round": same_shape,
    "around": same_shape,
    "nan_to_num": same_shape,
    "array_equal": array_equal,
}

__all__ = ["FUNCTIONS", "reductions"]
