"""Models of reductions, scans, sorting, counting and selection (``sum`` ... ``median``,
``argmax``, ``cumsum``, ``sort``, ``unique``, ``bincount``, ``nonzero``, ``take``, ...)."""

from __future__ import annotations

from ...arrays import dtypes, indexing, reductions
from ...arrays.dims import UNKNOWN
from ...arrays.indexing import ArrayIndex
from ...domains.base import TOP, AbstractValue
from ...domains.numbers import IntValue
from ..calls import FAILED, ModelCall, Operand, int_of
from ..support import Impl, finish, operand

UFUNC_REDUCTIONS = ("sum", "prod", "max", "min", "amax", "amin", "any", "all")
OTHER_REDUCTIONS = [
    "mean",
    "std",
    "var",
    "median",
    "average",
    "ptp",
    "nansum",
    "nanprod",
    "nanmean",
    "nanstd",
    "nanvar",
    "nanmax",
    "nanmin",
    "nanmedian",
    "count_nonzero",
]

_DTYPE_NAMES = {"amax": "max", "amin": "min", "average": "mean", "ptp": "max"}


def _source(call: ModelCall) -> Operand | object | None:
    return operand(call, 0, "a")


def reduction(name: str) -> Impl:
    ufunc = name in UFUNC_REDUCTIONS

    def impl(call: ModelCall) -> AbstractValue:
        source = _source(call)
        if source is FAILED:
            return TOP
        axis = call.axis(call.arg(1, "axis"))
        keepdims = call.boolean(call.arg(None, "keepdims"), False)
        if not isinstance(source, Operand):
            return call.array(None, None)
        duplicate = (
            reductions.REPEATED_AXIS
            if name in ("median", "nanmedian")
            else "duplicate value in 'axis'"
        )
        shape = call.run(
            lambda: reductions.reduce(source.shape, axis, keepdims, ufunc, duplicate), [source]
        )
        if name == "count_nonzero":
            dtype = dtypes.INT64
        else:
            dtype = dtypes.reduction_result(_DTYPE_NAMES.get(name, name), source.dtype)
        return finish(call, shape, dtype)

    return impl


def arg_reduction(call: ModelCall) -> AbstractValue:
    """``argmax``/``argmin``."""
    source = _source(call)
    if source is FAILED:
        return TOP
    if not isinstance(source, Operand):
        return call.array(None, dtypes.INT64)
    axis = call.optional_int(call.arg(1, "axis"))
    keepdims = call.boolean(call.arg(None, "keepdims"), False)
    shape = call.run(lambda: reductions.arg_reduce(source.shape, axis, keepdims), [source])
    return finish(call, shape, dtypes.INT64)


def scan(name: str) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        source = _source(call)
        if source is FAILED:
            return TOP
        if not isinstance(source, Operand):
            return call.array(None, None)
        axis = call.optional_int(call.arg(1, "axis"))
        shape = call.run(lambda: reductions.scan(source.shape, axis), [source])
        return finish(call, shape, dtypes.reduction_result(name, source.dtype))

    return impl


def sort(indices: bool) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        source = _source(call)
        if source is FAILED:
            return TOP
        value = call.arg(1, "axis")
        axis = -1 if value is None else call.optional_int(value)
        dtype = dtypes.INT64 if indices else (source.dtype if isinstance(source, Operand) else None)
        if not isinstance(source, Operand):
            return call.array(None, dtype)
        shape = call.run(lambda: reductions.sort(source.shape, axis, indices), [source])
        return finish(call, shape, dtype)

    return impl


def sort_in_place(call: ModelCall) -> AbstractValue:
    """``ndarray.sort(axis=-1)``: sorts in place and returns ``None``."""
    result = sort(False)(call)
    return TOP if result is TOP else call.ctx.NONE


def quantile(call: ModelCall) -> AbstractValue:
    """``percentile``/``quantile(a, q, axis=None, ..., keepdims=False)``."""
    source, q = _source(call), operand(call, 1, "q")
    if FAILED in (source, q):
        return TOP
    if not isinstance(source, Operand) or not isinstance(q, Operand):
        return call.array(None, dtypes.FLOAT64)
    axis = call.axis(call.arg(2, "axis"))
    keepdims = call.boolean(call.arg(None, "keepdims"), False)
    shape = call.run(lambda: reductions.quantile(source.shape, q.shape, axis, keepdims), [source])
    return finish(call, shape, dtypes.reduction_result("median", source.dtype))


def unique(call: ModelCall) -> AbstractValue:
    """``unique(ar, return_index, return_inverse, return_counts, axis)``: a fresh length."""
    source = operand(call, 0, "ar")
    if source is FAILED:
        return TOP
    if not isinstance(source, Operand):
        return TOP
    count = call.fresh("u", "the number of distinct values")
    axis = call.optional_int(call.arg(4, "axis"))
    shape = call.run(lambda: reductions.unique(source.shape, axis, count), [source])
    if shape is FAILED:
        return TOP
    values = call.array(shape, source.dtype)  # type: ignore[arg-type]
    extras = []
    if call.boolean(call.arg(1, "return_index"), False):
        extras.append(call.array((count,), dtypes.INT64))
    if call.boolean(call.arg(2, "return_inverse"), False):
        extras.append(call.array(None, dtypes.INT64))
    if call.boolean(call.arg(3, "return_counts"), False):
        extras.append(call.array((count,), dtypes.INT64))
    flags = [
        call.boolean(call.arg(index, keyword), False)
        for index, keyword in ((1, "return_index"), (2, "return_inverse"), (3, "return_counts"))
    ]
    if None in flags:
        return TOP
    return call.ctx.make_tuple([values, *extras]) if extras else values


def bincount(call: ModelCall) -> AbstractValue:
    """``bincount(x, weights=None, minlength=0)``."""
    source = operand(call, 0, "x")
    if source is FAILED:
        return TOP
    weighted = call.arg(1, "weights") is not None
    dtype = dtypes.FLOAT64 if weighted else dtypes.INT64
    if not isinstance(source, Operand):
        return call.array((UNKNOWN,), dtype)
    return finish(call, call.run(lambda: reductions.bincount(source.shape), [source]), dtype)


def nonzero(call: ModelCall) -> AbstractValue:
    """``nonzero(a)``: one index vector per dimension, all of the same fresh length."""
    source = _source(call)
    if source is FAILED:
        return TOP
    if not isinstance(source, Operand) or source.shape is None:
        return TOP
    count = call.fresh("k", "the number of non-zero elements")
    shape = call.run(lambda: reductions.nonzero(source.shape, count), [source])
    if shape is FAILED:
        return TOP
    vector = call.array(shape, dtypes.INT64)  # type: ignore[arg-type]
    return call.ctx.make_tuple([vector] * len(source.shape))


def argwhere(call: ModelCall) -> AbstractValue:
    """``argwhere(a)``: ``(count, ndim)``."""
    source = _source(call)
    if not isinstance(source, Operand):
        return TOP
    count = call.fresh("k", "the number of non-zero elements")
    return call.array(reductions.argwhere(source.shape, count), dtypes.INT64)


def flatnonzero(call: ModelCall) -> AbstractValue:
    """``flatnonzero(a)``: one index vector of a fresh length."""
    count = call.fresh("k", "the number of non-zero elements")
    return call.array((count,), dtypes.INT64)


def take(call: ModelCall) -> AbstractValue:
    """``take(a, indices, axis=None)``."""
    source = _source(call)
    if source is FAILED:
        return TOP
    indices_value = call.arg(1, "indices")
    axis = call.optional_int(call.arg(2, "axis"))
    if not isinstance(source, Operand) or indices_value is None:
        return call.array(None, None)
    if isinstance(indices_value, IntValue):
        constant = indices_value.constant
        index = ArrayIndex((), False, None if constant is None else (constant,))
    else:
        converted = call.run(lambda: call.operand(indices_value))
        if not isinstance(converted, Operand):
            return TOP if converted is FAILED else call.array(None, source.dtype)
        items = call.items(indices_value)
        values = None
        if items is not None and all(
            isinstance(item, IntValue) and item.constant is not None for item in items
        ):
            values = tuple(int_of(item) for item in items)  # type: ignore[misc]
        index = ArrayIndex(converted.shape, False, values)  # type: ignore[arg-type]
    shape = call.run(lambda: indexing.take(source.shape, index, axis), [source])
    return finish(call, shape, source.dtype)


def searchsorted(call: ModelCall) -> AbstractValue:
    """``searchsorted(a, v)``: the shape of ``v``."""
    values = operand(call, 1, "v")
    if not isinstance(values, Operand):
        return TOP if values is FAILED else call.array(None, dtypes.INT64)
    return call.array(values.shape, dtypes.INT64)


FUNCTIONS: dict[str, Impl] = {
    **{name: reduction(name) for name in (*UFUNC_REDUCTIONS, *OTHER_REDUCTIONS)},
    "argmax": arg_reduction,
    "argmin": arg_reduction,
    "nanargmax": arg_reduction,
    "nanargmin": arg_reduction,
    "cumsum": scan("cumsum"),
    "cumprod": scan("cumprod"),
    "nancumsum": scan("cumsum"),
    "sort": sort(False),
    "argsort": sort(True),
    "percentile": quantile,
    "quantile": quantile,
    "unique": unique,
    "bincount": bincount,
    "nonzero": nonzero,
    "argwhere": argwhere,
    "flatnonzero": flatnonzero,
    "take": take,
    "searchsorted": searchsorted,
}
