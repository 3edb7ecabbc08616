"""The model of ``numpy.linalg``."""

from __future__ import annotations

from collections.abc import Callable

from ...arrays import dtypes, linalg
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.numbers import IntValue
from ..calls import FAILED, ModelCall, Operand
from ..support import Impl, finish, operand


def _float_dtype(source: Operand) -> str | None:
    return dtypes.ufunc_result("sqrt", ((source.dtype, False),)) if source.dtype else None


def _single(rule: Callable[[Shape], Shape], integer: bool = False) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        source = operand(call, 0, "a")
        if source is FAILED:
            return TOP
        if not isinstance(source, Operand):
            return call.array(None, None)
        shape = call.run(lambda: rule(source.shape), [source])
        return finish(call, shape, dtypes.INT64 if integer else _float_dtype(source))

    return impl


def _several(rule: Callable[[ModelCall, Shape], tuple[Shape, ...]]) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        source = operand(call, 0, "a")
        if source is FAILED:
            return TOP
        if not isinstance(source, Operand):
            return TOP
        results = call.run(lambda: rule(call, source.shape), [source])
        if results is FAILED:
            return TOP
        dtype = _float_dtype(source)
        arrays = [call.array(shape, dtype) for shape in results]  # type: ignore[union-attr]
        return arrays[0] if len(arrays) == 1 else call.ctx.make_tuple(arrays)

    return impl


def _svd(call: ModelCall, shape: Shape) -> tuple[Shape, ...]:
    full = call.boolean(call.arg(1, "full_matrices"), True)
    compute_uv = call.boolean(call.arg(2, "compute_uv"), True)
    return linalg.svd(shape, full, compute_uv)


def _qr(call: ModelCall, shape: Shape) -> tuple[Shape, ...]:
    value = call.arg(1, "mode")
    mode = "reduced" if value is None else call.string(value)
    return linalg.qr(shape, mode)


def _eigen(call: ModelCall, shape: Shape) -> tuple[Shape, ...]:
    return linalg.eigen(shape)


def _slogdet(call: ModelCall, shape: Shape) -> tuple[Shape, ...]:
    batch = linalg.square_batch(shape)
    return (batch, batch)


def solve(call: ModelCall) -> AbstractValue:
    """``solve(a, b)``."""
    left, right = operand(call, 0, "a"), operand(call, 1, "b")
    if FAILED in (left, right):
        return TOP
    if not isinstance(left, Operand) or not isinstance(right, Operand):
        return call.array(None, None)
    shape = call.run(lambda: linalg.solve(left.shape, right.shape), [left, right])
    dtype = dtypes.promote((_float_dtype(left), False), (right.dtype, False))
    return finish(call, shape, dtype)


def lstsq(call: ModelCall) -> AbstractValue:
    """``lstsq(a, b, rcond=None)``: ``(x, residuals, rank, s)``."""
    left, right = operand(call, 0, "a"), operand(call, 1, "b")
    if FAILED in (left, right):
        return TOP
    if not isinstance(left, Operand) or not isinstance(right, Operand):
        return TOP
    results = call.run(lambda: linalg.lstsq(left.shape, right.shape), [left, right])
    if results is FAILED:
        return TOP
    solution, residuals, _, singular = results  # type: ignore[misc]
    dtype = _float_dtype(left)
    return call.ctx.make_tuple(
        [
            call.array(solution, dtype),
            call.array(residuals, dtype),
            IntValue(),
            call.array(singular, dtype),
        ]
    )


def norm(call: ModelCall) -> AbstractValue:
    """``norm(x, ord=None, axis=None, keepdims=False)``."""
    source = operand(call, 0, "x")
    if source is FAILED:
        return TOP
    if not isinstance(source, Operand):
        return call.array(None, None)
    ord_value = call.arg(1, "ord")
    has_ord = ord_value is not None and ord_value is not call.ctx.NONE
    axis = call.axis(call.arg(2, "axis"))
    keepdims = call.boolean(call.arg(3, "keepdims"), False)
    shape = call.run(lambda: linalg.norm(source.shape, has_ord, axis, keepdims), [source])
    return finish(call, shape, _float_dtype(source))


def matrix_power(call: ModelCall) -> AbstractValue:
    """``matrix_power(a, n)``: square matrices, same shape."""
    source = operand(call, 0, "a")
    if not isinstance(source, Operand):
        return TOP if source is FAILED else call.array(None, None)
    shape = call.run(lambda: linalg.square_same(source.shape), [source])
    return finish(call, shape, source.dtype)


FUNCTIONS: dict[str, Impl] = {
    "inv": _single(linalg.square_same),
    "cholesky": _single(linalg.square_same),
    "det": _single(linalg.square_batch),
    "matrix_rank": _single(linalg.matrix_batch, integer=True),
    "eigvals": _single(linalg.eigenvalues),
    "eigvalsh": _single(linalg.eigenvalues),
    "pinv": _single(linalg.pinv),
    "eig": _several(_eigen),
    "eigh": _several(_eigen),
    "svd": _several(_svd),
    "qr": _several(_qr),
    "slogdet": _several(_slogdet),
    "solve": solve,
    "lstsq": lstsq,
    "norm": norm,
    "matrix_power": matrix_power,
}
