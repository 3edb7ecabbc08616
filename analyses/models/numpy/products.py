"""Models of the products: ``matmul``, ``dot``, ``vdot``, ``inner``, ``outer``, ``kron``,
``tensordot``, ``einsum``, ``trace``, ``cross``."""

from __future__ import annotations

from collections.abc import Callable

from ...arrays import dtypes, products
from ...arrays.dims import UNKNOWN
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ..calls import FAILED, ModelCall, Operand, int_of
from ..support import Impl, finish, operand


def _pair(rule: Callable[[Shape, Shape], Shape], first: str, second: str) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        left, right = operand(call, 0, first), operand(call, 1, second)
        if FAILED in (left, right):
            return TOP
        if not isinstance(left, Operand) or not isinstance(right, Operand):
            return call.array(None, None)
        shape = call.run(lambda: rule(left.shape, right.shape), [left, right])
        dtype = dtypes.promote((left.dtype, left.weak), (right.dtype, right.weak))
        return finish(call, shape, dtype)

    return impl


def tensordot(call: ModelCall) -> AbstractValue:
    """``tensordot(a, b, axes=2)`` with an int or a pair of axis sequences."""
    left, right = operand(call, 0, "a"), operand(call, 1, "b")
    if FAILED in (left, right):
        return TOP
    if not isinstance(left, Operand) or not isinstance(right, Operand):
        return call.array(None, None)
    axes_value = call.arg(2, "axes")
    axes: products.TensordotAxes
    if axes_value is None:
        axes = 2
    else:
        count = int_of(axes_value)
        if isinstance(count, int):
            axes = count
        else:
            pair = call.items(axes_value)
            axes = None
            if pair is not None and len(pair) == 2:
                sides = [call.dims_of(side) for side in pair]
                if all(
                    side is not None and all(isinstance(x, int) for x in side) for side in sides
                ):
                    axes = (tuple(sides[0]), tuple(sides[1]))  # type: ignore[arg-type]
    shape = call.run(lambda: products.tensordot(left.shape, right.shape, axes), [left, right])
    dtype = dtypes.promote((left.dtype, left.weak), (right.dtype, right.weak))
    return finish(call, shape, dtype)


def einsum(call: ModelCall) -> AbstractValue:
    """``einsum(subscripts, *operands)`` with a constant subscript string."""
    subscripts = call.string(call.arg(0))
    parts = [operand(call, index) for index in range(1, len(call.args))]
    if FAILED in parts:
        return TOP
    if subscripts is None or not all(isinstance(part, Operand) for part in parts):
        return call.array(None, None)
    known = [part for part in parts if isinstance(part, Operand)]
    shape = call.run(lambda: products.einsum(subscripts, [part.shape for part in known]), known)
    dtype = dtypes.promote(*((part.dtype, part.weak) for part in known)) if known else None
    return finish(call, shape, dtype)


def trace(call: ModelCall) -> AbstractValue:
    """``trace(a)``: the sum along the first two axes' diagonal."""
    source = operand(call, 0, "a")
    if source is FAILED:
        return TOP
    if not isinstance(source, Operand) or source.shape is None:
        return call.array(None, None)
    if len(source.shape) < 2:
        from ...arrays.errors import ARGUMENT, CertainShapeError

        failure = CertainShapeError(
            ARGUMENT, "diag requires an array of at least two dimensions", (0,)
        )
        call.report(failure, [source])
        return TOP
    dtype = dtypes.reduction_result("sum", source.dtype)
    return call.array(source.shape[2:], dtype)


def cross(call: ModelCall) -> AbstractValue:
    """``cross(a, b)`` with the default axes (any axis argument: a result of unknown shape)."""
    if any(key in call.kwargs for key in ("axisa", "axisb", "axisc", "axis")) or len(call.args) > 2:
        return call.array(None, None)
    return _pair(products.cross, "a", "b")(call)


FUNCTIONS: dict[str, Impl] = {
    "cross": cross,
    "matmul": _pair(products.matmul, "x1", "x2"),
    "dot": _pair(products.dot, "a", "b"),
    "vdot": _pair(products.vdot, "a", "b"),
    "inner": _pair(products.inner, "a", "b"),
    "outer": _pair(products.outer, "a", "b"),
    "kron": _pair(products.kron, "a", "b"),
    "tensordot": tensordot,
    "einsum": einsum,
    "trace": trace,
}

__all__ = ["FUNCTIONS", "UNKNOWN"]
