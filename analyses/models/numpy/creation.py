"""Models of the array-creation functions: ``array``/``asarray``, ``zeros``/``ones``/``empty``/
``full`` and their ``_like`` forms, ``arange``, ``linspace``/``logspace``/``geomspace``, ``eye``,
``identity``, ``diag``, ``meshgrid``, and the file readers ``loadtxt``/``genfromtxt``/``fromfile``/
``load``."""

from __future__ import annotations

from ...arrays import creation, dims, dtypes
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import ARGUMENT, CertainShapeError
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.numbers import FloatValue, IntValue
from ..calls import FAILED, ModelCall, Operand, int_of, scalar_dtype
from ..support import Impl, finish, operand
from ..values import MAX_TRACKED_ELEMENTS, ArrayValue, DimValue, element_values, exact_ndarray
from .matrix import MatrixValue

MAX_NDMIN = 64
"""Beyond this ``ndmin`` the shape is not built (NumPy rejects more than 32 or 64 dimensions)."""


def array(call: ModelCall) -> AbstractValue:
    """``array(object, dtype=None, *, copy, order, subok, ndmin)`` and its relatives."""
    data = call.arg(0, "object") or call.arg(0, "a")
    if isinstance(data, MatrixValue) and not call.kwargs and len(call.args) == 1:
        if call.name == "asanyarray":
            return data
        return call.array(data.shape, data.dtype)
    requested = call.dtype(call.arg(1, "dtype")) if call.arg(1, "dtype") is not None else None
    object_dtype = requested == "object"
    description = call.nested(data)
    result = call.run(lambda: creation.nested_array(description, object_dtype))
    if result is FAILED:
        return TOP
    shape, dtype = result  # type: ignore[misc]
    ndmin = int_of(call.arg(None, "ndmin"))
    if shape is not None and isinstance(ndmin, int) and len(shape) < ndmin <= MAX_NDMIN:
        shape = (1,) * (ndmin - len(shape)) + shape
    if call.arg(1, "dtype") is not None:
        dtype = requested
    values = element_values(shape, dtype, _constants(call, data))
    return ArrayValue(shape, dtype, call.ctx.span(), values)


def _constants(call: ModelCall, data: AbstractValue | None) -> list[object] | None:
    """The scalars of nested lists and tuples of known constants, in C order (``None`` when
    any is unknown, or beyond the elements tracked)."""
    found: list[object] = []

    def walk(value: AbstractValue | None, depth: int) -> bool:
        if isinstance(value, BoolValue):
            found.append(value.value)
            return value.value is not None
        if isinstance(value, IntValue):
            found.append(value.constant)
            return value.constant is not None
        if isinstance(value, FloatValue):
            found.append(value.value)
            return value.value is not None
        if depth >= 4 or isinstance(value, ArrayValue) or value is None:
            return False
        items = call.items(value)
        if items is None or len(found) + len(items) > MAX_TRACKED_ELEMENTS:
            return False
        return all(walk(item, depth + 1) for item in items)

    return found if walk(data, 0) else None


def _filled(default_dtype: str | None, fill_index: int | None) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        requested = call.arg(None if fill_index is None else fill_index + 1, "dtype")
        if requested is None and fill_index is None:
            requested = call.arg(1, "dtype")
        target = call.dims_of(call.arg(0, "shape"))
        if requested is not None:
            dtype = call.dtype(requested)
        elif fill_index is not None:
            fill = call.arg(fill_index, "fill_value")
            dtype = scalar_dtype(fill) if fill is not None else None
            if dtype is None and fill is not None:
                converted = call.run(lambda: call.operand(fill))
                dtype = converted.dtype if isinstance(converted, Operand) else None
        else:
            dtype = default_dtype
        shape = None if target is None else call.run(lambda: creation.shape_argument(target, dtype))
        return finish(call, shape, dtype)

    return impl


def _exact(impl: Impl) -> Impl:
    """``impl`` for a constructor whose result is exactly an ``ndarray`` whatever its input
    (``array``/``asarray``/``copy`` pass no subclass through unless ``subok=True``)."""

    def exact(call: ModelCall) -> AbstractValue:
        result = impl(call)
        return result if call.arg(None, "subok") is not None else exact_ndarray(result)

    return exact


def _like(fill: bool) -> Impl:
    def impl(call: ModelCall) -> AbstractValue:
        prototype = operand(call, 0, "a")
        if prototype is FAILED:
            return TOP
        shape = prototype.shape if isinstance(prototype, Operand) else None
        dtype = prototype.dtype if isinstance(prototype, Operand) else None
        override = call.arg(2 if fill else 1, "dtype")
        if override is not None:
            dtype = call.dtype(override)
        requested_shape = call.arg(None, "shape")
        if requested_shape is not None:
            target = call.dims_of(requested_shape)
            shape = (
                None if target is None else call.run(lambda: creation.shape_argument(target, dtype))
            )
            if shape is FAILED:
                return TOP
        return call.array(shape, dtype)

    return impl


def _number(value: AbstractValue | None) -> Dim | float | None:
    if value is None:
        return None
    if isinstance(value, FloatValue):
        return value.value if value.value is not None else UNKNOWN
    return int_of(value)


def arange(call: ModelCall) -> AbstractValue:
    """``arange([start,] stop[, step], dtype=None)``."""
    start = _number(call.arg(0, "start"))
    stop = _number(call.arg(1, "stop"))
    step = _number(call.arg(2, "step"))
    if start is None:
        start, stop = _number(call.arg(None, "stop")), None
    if start is None:
        return call.array((UNKNOWN,), None)
    length = call.run(lambda: creation.arange_length(start, stop, step))
    if length is FAILED:
        return TOP
    integers: list[object] | None = None
    parts = [part for part in (start, stop, step) if part is not None]
    if all(type(part) is int for part in parts) and isinstance(length, int):
        low, high = (0, start) if stop is None else (start, stop)
        if length <= MAX_TRACKED_ELEMENTS:
            integers = list(range(low, high, 1 if step is None else step))  # type: ignore[arg-type]
    values = [call.arg(index) for index in range(min(len(call.args), 3))]
    if call.arg(None, "dtype") is not None:
        dtype = call.dtype(call.arg(None, "dtype"))
    elif any(isinstance(value, FloatValue) for value in values):
        dtype = dtypes.FLOAT64
    elif all(isinstance(value, (IntValue, DimValue)) for value in values):
        dtype = dtypes.INT64
    else:
        dtype = None
    elements = element_values((length,), dtype, integers)  # type: ignore[arg-type]
    return ArrayValue((length,), dtype, call.ctx.span(), elements)  # type: ignore[arg-type]


def linspace(call: ModelCall) -> AbstractValue:
    """``linspace(start, stop, num=50, ...)`` (also ``logspace``/``geomspace``) with scalar
    bounds."""
    bounds = [call.arg(0, "start"), call.arg(1, "stop")]
    if any(scalar_dtype(bound) is None for bound in bounds if bound is not None):
        return call.array(None, dtypes.FLOAT64)
    num_value = call.arg(2, "num")
    num = 50 if num_value is None else int_of(num_value)
    length = call.run(lambda: creation.linspace_length(num))
    if length is FAILED:
        return TOP
    result = call.array((length,), dtypes.FLOAT64)  # type: ignore[arg-type]
    if call.boolean(call.arg(None, "retstep"), False):
        return call.ctx.make_tuple([result, FloatValue()])
    return result


def eye(call: ModelCall) -> AbstractValue:
    """``eye(N, M=None, k=0, dtype=float)``."""
    rows = int_of(call.arg(0, "N"))
    columns_value = call.arg(1, "M")
    columns = (
        rows
        if columns_value is None or call.optional_int(columns_value) is None
        else int_of(columns_value)
    )
    requested = call.arg(3, "dtype")
    dtype = call.dtype(requested) if requested is not None else dtypes.FLOAT64
    shape = call.run(lambda: creation.shape_argument((rows, columns), dtype))
    return finish(call, shape, dtype)


def identity(call: ModelCall) -> AbstractValue:
    """``identity(n, dtype=float)``."""
    n = int_of(call.arg(0, "n"))
    requested = call.arg(1, "dtype")
    dtype = call.dtype(requested) if requested is not None else dtypes.FLOAT64
    shape = call.run(lambda: creation.shape_argument((n, n), dtype))
    return finish(call, shape, dtype)


def diag(call: ModelCall) -> AbstractValue:
    """``diag(v, k=0)``: a vector becomes a square matrix; a matrix gives its diagonal."""
    source = operand(call, 0, "v")
    if not isinstance(source, Operand):
        return TOP if source is FAILED else call.array(None, None)
    offset = int_of(call.arg(1, "k")) if call.arg(1, "k") is not None else 0

    def rule() -> tuple[Dim, ...] | None:
        shape = source.shape
        if shape is None:
            return None
        if len(shape) == 1:
            if isinstance(offset, int):
                side = dims.add(shape[0], abs(offset))
                return (side, side)
            return (UNKNOWN, UNKNOWN)
        if len(shape) == 2:
            rows, columns = shape
            if isinstance(rows, int) and isinstance(columns, int) and isinstance(offset, int):
                if offset >= 0:
                    return (max(0, min(rows, columns - offset)),)
                return (max(0, min(rows + offset, columns)),)
            if offset == 0 and dims.certainly_equal(rows, columns):
                return (rows,)
            return (UNKNOWN,)
        raise CertainShapeError(ARGUMENT, "Input must be 1- or 2-d.", (0,))

    return finish(call, call.run(rule, [source]), source.dtype)


def loaded(rank: int | None) -> Impl:
    """``loadtxt``/``genfromtxt`` (any rank up to 2; exactly 2 with ``ndmin=2``, which NumPy
    guarantees) and ``fromfile`` (1-D): data from a file, of unknown size; the dtype is the
    ``dtype`` argument or ``float64``."""

    def impl(call: ModelCall) -> AbstractValue:
        requested = call.arg(1, "dtype")
        dtype = call.dtype(requested) if requested is not None else dtypes.FLOAT64
        known_rank = rank
        if rank is None and int_of(call.arg(None, "ndmin")) == 2 and dtype is not None:
            known_rank = 2
        return call.array(None if known_rank is None else (UNKNOWN,) * known_rank, dtype)

    return impl


def load(call: ModelCall) -> AbstractValue:
    """``load(file)``: an array of unknown shape from a constant ``.npy`` path; anything else (an
    ``.npz`` archive, a pickle, an open file) is unknown."""
    path = call.string(call.arg(0, "file"))
    if path is not None and path.endswith(".npy"):
        return call.array(None, None)
    return TOP


def meshgrid(call: ModelCall) -> AbstractValue:
    """``meshgrid(*xi, copy=True, sparse=False, indexing="xy")``: a list of N arrays of rank N
    (a list, as NumPy 1.x returns; NumPy 2 returns a tuple), each with its input's dtype."""
    if call.has_unmodelled_keywords(("copy", "sparse", "indexing")):
        return TOP
    inputs = [call.run(lambda value=value: call.operand(value)) for value in call.args]
    if FAILED in inputs:
        return TOP
    sizes: list[Dim] = [
        dims.product(item.shape)
        if isinstance(item, Operand) and item.shape is not None
        else UNKNOWN
        for item in inputs
    ]
    indexing = call.string(call.arg(None, "indexing")) if "indexing" in call.kwargs else "xy"
    indexing_xy = None if indexing not in ("xy", "ij") else indexing == "xy"
    sparse = call.boolean(call.arg(None, "sparse"), False)
    shapes = creation.meshgrid(sizes, indexing_xy, sparse)
    arrays = [
        call.array(shape, item.dtype if isinstance(item, Operand) else None)
        for shape, item in zip(shapes, inputs, strict=True)
    ]
    return call.ctx.make_list(arrays)


FUNCTIONS: dict[str, Impl] = {
    "loadtxt": loaded(None),
    "genfromtxt": loaded(None),
    "fromfile": loaded(1),
    "load": load,
    "meshgrid": meshgrid,
    "array": _exact(array),
    "asarray": _exact(array),
    "asanyarray": array,
    "ascontiguousarray": _exact(array),
    "asfortranarray": _exact(array),
    "copy": _exact(array),
    "zeros": _exact(_filled(dtypes.FLOAT64, None)),
    "ones": _exact(_filled(dtypes.FLOAT64, None)),
    "empty": _exact(_filled(dtypes.FLOAT64, None)),
    "full": _exact(_filled(None, 1)),
    "zeros_like": _like(False),
    "ones_like": _like(False),
    "empty_like": _like(False),
    "full_like": _like(True),
    "arange": _exact(arange),
    "linspace": _exact(linspace),
    "logspace": _exact(linspace),
    "geomspace": _exact(linspace),
    "eye": _exact(eye),
    "identity": _exact(identity),
    "diag": diag,
}
