"""The model of ``numpy.matrix`` (``np.matrix``, ``np.asmatrix``, ``np.mat``): always 2-D.

A matrix keeps two dimensions through every operation modelled here: ``*`` is the matrix product
(``dot`` with the other operand made a matrix, a 1-D operand becoming one row), ``+``/``-``/``/``
and comparisons broadcast to a matrix, a row index gives a ``(1, n)`` row and a column index a
``(n, 1)`` column, reductions along an axis keep it (``sum(axis=0)`` is ``(1, n)``), ``.T``,
``.I``, ``.A`` and ``.A1`` have their shapes. Failures use the ndarray messages NumPy raises
(``dot``'s "not aligned", the ufunc broadcast, indexing). Everything else about a matrix is ⊤:
NumPy functions given a matrix see an unknown operand, never a plain ndarray (whose ``*`` would
be elementwise).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...arrays import dims, dtypes, products, shapes
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.dtypes import DType
from ...arrays.errors import ARGUMENT, CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.numbers import FloatValue, IntValue
from ...domains.sequences import TupleValue
from ...domains.slices import SliceValue
from ...domains.strings import StrValue
from ...facts import Span
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from ..calls import FAILED, ModelCall, Operand, int_of
from ..values import ArrayValue, DimValue, DTypeValue, dim_value
from . import array_ops

NOT_2D = "matrix must be 2-dimensional"
TOO_LARGE = "shape too large to be a matrix."
PYTHON_SCALARS = (IntValue, FloatValue, BoolValue, DimValue)
REDUCTIONS = ("sum", "mean", "max", "min", "prod", "std", "var", "any", "all")


@dataclass(frozen=True, slots=True, eq=False)
class MatrixValue(NativeValue):
    """A ``numpy.matrix`` of ``rows`` x ``columns``; ``established`` is provenance only."""

    rows: Dim
    columns: Dim
    dtype: DType
    established: Span | None = None

    @property
    def shape(self) -> tuple[Dim, Dim]:
        return (self.rows, self.columns)

    @property
    def origin(self) -> Span | None:
        return self.established

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatrixValue) and (self.shape, self.dtype) == (
            other.shape,
            other.dtype,
        )

    def __hash__(self) -> int:
        return hash((self.shape, self.dtype))

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, MatrixValue):
            return TOP
        joined = shapes.join(self.shape, other.shape)
        assert joined is not None
        dtype = self.dtype if self.dtype == other.dtype else None
        origin = self.established if self.established == other.established else None
        return MatrixValue(joined[0], joined[1], dtype, origin)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP:
            return True
        return (
            isinstance(other, MatrixValue)
            and (other.dtype is None or other.dtype == self.dtype)
            and shapes.leq(self.shape, other.shape)
        )

    def describe(self) -> str:
        return f"matrix[{self.dtype or '?'}, {shapes.format_python(self.shape)}]"

    def inlay_label(self) -> str | None:
        return shapes.format_python(self.shape)

    def contains(self, concrete: object) -> bool:
        shape = getattr(concrete, "shape", None)
        dtype = getattr(concrete, "dtype", None)
        if type(concrete).__name__ != "matrix" or not isinstance(shape, tuple) or dtype is None:
            return False
        if self.dtype is not None and getattr(dtype, "name", None) != self.dtype:
            return False
        return shapes.contains(self.shape, shape)

    def _array(self) -> ArrayValue:
        return ArrayValue(self.shape, self.dtype, self.established)

    def _operand(self) -> Operand:
        return Operand(self.shape, self.dtype, False, self.established)

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name in ("shape", "ndim", "size"):
            return self._array().attribute(name, ctx)
        if name == "dtype":
            return DTypeValue(self.dtype, scalar_type=False) if self.dtype is not None else TOP
        if name in ("T", "H"):
            return MatrixValue(self.columns, self.rows, self.dtype, self.established)
        if name == "I":
            dtype = self.dtype
            if dtype is not None and (dtype == dtypes.BOOL or "int" in dtype):
                dtype = dtypes.FLOAT64
            return MatrixValue(self.columns, self.rows, dtype, ctx.span())
        if name == "A":
            return self._array()
        if name == "A1":
            return ArrayValue((dims.multiply(self.rows, self.columns),), self.dtype, ctx.span())
        method = METHODS.get(name)
        if method is None:
            return TOP
        return NativeFunction(f"matrix.{name}", lambda inner: method(self, inner))

    def binary(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        if op == "Mult":
            return _product(self, other, reflected, ctx)
        name = array_ops.ARITHMETIC_UFUNCS.get(op)
        if name is None or op in ("Pow", "MatMult"):
            return TOP
        return _elementwise(self, name, other, reflected, ctx)

    def inplace(self, op: str, other: AbstractValue, ctx: CallContext) -> object:
        return TOP

    def compare(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        name = array_ops.COMPARISON_UFUNCS.get(op)
        if name is None:
            return TOP
        return _elementwise(self, name, other, reflected, ctx)

    def unary(self, op: str, ctx: CallContext) -> AbstractValue:
        if op in ("USub", "UAdd"):
            return MatrixValue(self.rows, self.columns, self.dtype, ctx.span())
        return TOP

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        """``ndarray.__getitem__``, then a 1-D result becomes a row, or a column when the
        index is a tuple whose second item is a scalar (``m[:, 0]``)."""
        result = self._array().subscript(index, ctx)
        if not isinstance(result, ArrayValue) or result.shape is None:
            return TOP
        if len(result.shape) == 0:
            return result
        if len(result.shape) == 2:
            return MatrixValue(result.shape[0], result.shape[1], self.dtype, ctx.span())
        if len(result.shape) != 1:
            return TOP
        (size,) = result.shape
        if isinstance(index, TupleValue):
            if index.items is None or len(index.items) < 2:
                return TOP if index.items is None else MatrixValue(1, size, self.dtype, ctx.span())
            second = index.items[1]
            if isinstance(second, PYTHON_SCALARS):
                return MatrixValue(size, 1, self.dtype, ctx.span())
            if isinstance(second, ArrayValue):
                return TOP
            return MatrixValue(1, size, self.dtype, ctx.span())
        if isinstance(index, (IntValue, DimValue, SliceValue)):
            return MatrixValue(1, size, self.dtype, ctx.span())
        return TOP

    def store_subscript(self, index: AbstractValue, value: AbstractValue, ctx: CallContext) -> None:
        self._array().store_subscript(index, value, ctx)

    def truth(self, ctx: CallContext) -> bool | None:
        return self._array().truth(ctx)

    def iterate(self, ctx: CallContext) -> AbstractValue:
        return MatrixValue(1, self.columns, self.dtype, self.established)

    def length(self, ctx: CallContext) -> AbstractValue:
        return dim_value(self.rows)


def _as_matrix_shape(shape: Shape, from_array: bool) -> tuple[Dim, Dim] | None:
    """The shape ``asmatrix`` gives data of ``shape`` (``None``: unknown); more than two
    dimensions raise "matrix must be 2-dimensional" for data other than an ndarray; a view of an
    ndarray drops its axes of size 0 or 1 first and raises "shape too large to be a matrix." if
    more than two remain."""
    if shape is None:
        return None
    if len(shape) > 2 and not from_array:
        raise CertainShapeError(ARGUMENT, NOT_2D, (0,))
    if len(shape) > 2:
        kept = [dim for dim in shape if not (isinstance(dim, int) and dim <= 1)]
        if sum(1 for dim in kept if isinstance(dim, int)) > 2:
            raise CertainShapeError(ARGUMENT, TOO_LARGE, (0,))
        if len(kept) != sum(1 for dim in kept if isinstance(dim, int)):
            return None
        if len(kept) > 2:
            raise CertainShapeError(ARGUMENT, TOO_LARGE, (0,))
        shape = tuple(kept)
    if len(shape) == 2:
        return (shape[0], shape[1])
    return (1, shape[0]) if shape else (1, 1)


def _other(call: ModelCall, other: AbstractValue) -> Operand | object | None:
    if isinstance(other, MatrixValue):
        return other._operand()
    if isinstance(other, NativeValue) and not isinstance(other, ArrayValue):
        return None
    return call.run(lambda: call.operand(other))


def _product(
    matrix: MatrixValue, other: AbstractValue, reflected: bool, ctx: CallContext
) -> object:
    """``matrix * other``: ``dot(matrix, asmatrix(other))``; a Python scalar scales."""
    if isinstance(other, PYTHON_SCALARS):
        dtype = dtypes.promote((matrix.dtype, False), (_scalar(other), True))
        return MatrixValue(matrix.rows, matrix.columns, dtype, ctx.span())
    if reflected or (isinstance(other, ArrayValue) and other.shape is not None and not other.shape):
        return TOP
    call = ModelCall(ctx, "dot", [], {})
    converted = _other(call, other)
    if not isinstance(converted, Operand):
        return TOP
    right = call.run(
        lambda: _as_matrix_shape(converted.shape, isinstance(other, ArrayValue)), [converted]
    )
    if right is FAILED:
        return TOP
    if right is None:
        return MatrixValue(matrix.rows, UNKNOWN, None, ctx.span())
    right_operand = Operand(right, converted.dtype, False, converted.origin)  # type: ignore[arg-type]
    shape = call.run(lambda: products.dot(matrix.shape, right), [matrix._operand(), right_operand])  # type: ignore[arg-type]
    if shape is FAILED or shape is None:
        return TOP
    dtype = dtypes.promote((matrix.dtype, False), (converted.dtype, False))
    return MatrixValue(shape[0], shape[1], dtype, ctx.span())  # type: ignore[index]


def _scalar(value: AbstractValue) -> DType:
    if isinstance(value, BoolValue):
        return dtypes.BOOL
    return dtypes.FLOAT64 if isinstance(value, FloatValue) else dtypes.INT64


def _elementwise(
    matrix: MatrixValue, name: str, other: AbstractValue, reflected: bool, ctx: CallContext
) -> object:
    """A ufunc between a matrix and another operand: broadcast, and a matrix if 2-D."""
    call = ModelCall(ctx, name, [], {})
    converted = _other(call, other)
    if converted is FAILED or not isinstance(converted, Operand):
        return TOP
    mine = matrix._operand()
    left, right = (converted, mine) if reflected else (mine, converted)
    result = array_ops.apply_binary(call, name, left, right)
    if not isinstance(result, ArrayValue) or result.shape is None or len(result.shape) != 2:
        return TOP
    return MatrixValue(result.shape[0], result.shape[1], result.dtype, ctx.span())


def _reduction(name: str):  # type: ignore[no-untyped-def]
    def method(matrix: MatrixValue, ctx: CallContext) -> AbstractValue:
        if ctx.kwargs.keys() - {"axis"} or len(ctx.args) > 1:
            return TOP
        axis = ctx.arg(0, "axis")
        call = ModelCall(ctx, name, [matrix._array(), *ctx.args], dict(ctx.kwargs))
        reduced = array_ops.METHODS[name](call)
        if axis is None or axis is ctx.NONE:
            return reduced
        if not isinstance(reduced, ArrayValue) or reduced.shape is None:
            return TOP
        position = int_of(axis)
        if name in ("argmax", "argmin") and position not in (0, 1):
            return TOP
        if position in (0, -2):
            return MatrixValue(1, matrix.columns, reduced.dtype, ctx.span())
        if position in (1, -1):
            return MatrixValue(matrix.rows, 1, reduced.dtype, ctx.span())
        return TOP

    return method


def _flatten(matrix: MatrixValue, ctx: CallContext) -> AbstractValue:
    if ctx.args or ctx.kwargs:
        return TOP
    return MatrixValue(1, dims.multiply(matrix.rows, matrix.columns), matrix.dtype, ctx.span())


def _transpose(matrix: MatrixValue, ctx: CallContext) -> AbstractValue:
    if ctx.args or ctx.kwargs:
        return TOP
    return MatrixValue(matrix.columns, matrix.rows, matrix.dtype, ctx.span())


def _copy(matrix: MatrixValue, ctx: CallContext) -> AbstractValue:
    return MatrixValue(matrix.rows, matrix.columns, matrix.dtype, ctx.span())


def _astype(matrix: MatrixValue, ctx: CallContext) -> AbstractValue:
    call = ModelCall(ctx, "astype", list(ctx.args), dict(ctx.kwargs))
    return MatrixValue(matrix.rows, matrix.columns, call.dtype(ctx.arg(0, "dtype")), ctx.span())


METHODS = {
    **{name: _reduction(name) for name in (*REDUCTIONS, "argmax", "argmin")},
    "flatten": _flatten,
    "ravel": _flatten,
    "transpose": _transpose,
    "copy": _copy,
    "astype": _astype,
    "getA": lambda matrix, ctx: matrix._array(),
    "getT": _transpose,
}


def _parse_rows(text: str) -> tuple[tuple[Dim, Dim], DType] | None:
    """The shape and dtype of ``np.matrix("1 2; 3 4")`` (``None`` when not plainly numeric or
    ragged: left unknown)."""
    rows = [row.replace(",", " ").split() for row in text.split(";")]
    if not rows or any(len(row) != len(rows[0]) for row in rows) or not rows[0]:
        return None
    values = [item for row in rows for item in row]
    try:
        for item in values:
            float(item)
    except ValueError:
        return None
    integral = all(item.lstrip("+-").isdigit() for item in values)
    return (len(rows), len(rows[0])), dtypes.INT64 if integral else dtypes.FLOAT64


def matrix(call: ModelCall) -> AbstractValue:
    """``matrix(data, dtype=None, copy=True)`` / ``asmatrix(data, dtype=None)``: 2-D always."""
    data = call.arg(0, "data")
    requested = call.arg(1, "dtype")
    dtype = call.dtype(requested) if requested not in (None, call.ctx.NONE) else None
    if isinstance(data, MatrixValue):
        return MatrixValue(data.rows, data.columns, dtype or data.dtype, call.ctx.span())
    if isinstance(data, StrValue):
        parsed = _parse_rows(data.value) if isinstance(data.value, str) else None
        if parsed is None:
            return MatrixValue(UNKNOWN, UNKNOWN, dtype, call.ctx.span())
        (rows, columns), inferred = parsed
        return MatrixValue(rows, columns, dtype or inferred, call.ctx.span())
    converted = None if data is None else call.run(lambda: call.operand(data))
    if converted is FAILED:
        return TOP
    if not isinstance(converted, Operand):
        return MatrixValue(UNKNOWN, UNKNOWN, dtype, call.ctx.span())
    shape = call.run(
        lambda: _as_matrix_shape(converted.shape, isinstance(data, ArrayValue)), [converted]
    )
    if shape is FAILED:
        return TOP
    if shape is None:
        return MatrixValue(UNKNOWN, UNKNOWN, dtype, call.ctx.span())
    rows, columns = shape  # type: ignore[misc]
    return MatrixValue(rows, columns, dtype or converted.dtype, call.ctx.span())


__all__ = ["MatrixValue", "matrix"]
