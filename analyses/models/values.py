"""Abstract NumPy values seen by the interpreter: arrays, symbolic sizes and dtype objects.

``ArrayValue`` is an ``ndarray`` (or NumPy scalar, as a 0-d array) with a shape (dimensions that
are constants, symbols or unknown; or an unknown rank), a dtype name (or unknown) and the span
where its shape was established. ``DimValue`` is a Python ``int`` whose value is a symbolic size
(``n`` in ``n, d = X.shape``); it flows through arithmetic with ints and other sizes. ``DTypeValue``
is a dtype or scalar type object such as ``np.float32``.

The behaviour of arrays under operators, subscripts, iteration and truth testing lives in
:mod:`tensorls.analyses.models.numpy.array_ops` (imported on first use: it builds on this module).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import ModuleType

from ..arrays import dims, shapes
from ..arrays.dims import Dim, SymbolicDim
from ..arrays.dtypes import DType
from ..arrays.errors import CertainShapeError
from ..arrays.shapes import Shape
from ..domains.base import TOP, AbstractValue
from ..domains.bools import BoolValue
from ..domains.numbers import NON_NEGATIVE_INT, FloatValue, IntValue
from ..domains.strings import StrValue
from ..facts import Span
from ..interpreter.natives import CallContext, NativeValue
from .world_size import affine, sized_count

ElementValues = tuple[bool, ...] | tuple[int, ...] | tuple[float, ...]

MAX_TRACKED_ELEMENTS = 64
"""Element values are kept for arrays of at most this many elements."""

EXACT_INTEGER_LIMIT = 2**53
"""Integers kept as element values stay below this in magnitude (exact as doubles too)."""


def element_values(shape: Shape, dtype: DType, values: list[object] | None) -> ElementValues | None:
    """``values`` (C order) as the element values of an array of ``shape`` and ``dtype``, converted
    as NumPy stores them; ``None`` unless the array is small, of a bool, int64 or float64 dtype,
    and every value is a known Python number of matching kind."""
    if values is None or shape is None or not shapes.is_fully_known(shape):
        return None
    if len(values) != shapes.size(shape) or len(values) > MAX_TRACKED_ELEMENTS:
        return None
    if dtype == "bool" and all(isinstance(value, bool) for value in values):
        return tuple(bool(value) for value in values)
    if dtype == "int64" and all(
        isinstance(value, int) and abs(value) < EXACT_INTEGER_LIMIT for value in values
    ):
        return tuple(int(value) for value in values)  # type: ignore[call-overload]
    if dtype == "float64" and all(
        isinstance(value, (int, float)) and abs(value) < EXACT_INTEGER_LIMIT for value in values
    ):
        return tuple(float(value) for value in values)  # type: ignore[arg-type]
    return None


_ARRAY_OPS: list[ModuleType] = []
"""``array_ops`` once imported (it imports this module, so it cannot be imported at the top)."""


def _array_ops() -> ModuleType:
    """The module ``numpy.array_ops``, imported on first use (an import statement in each method
    would run the import machinery's lookup at every call)."""
    if not _ARRAY_OPS:
        from .numpy import array_ops

        _ARRAY_OPS.append(array_ops)
    return _ARRAY_OPS[0]


@dataclass(frozen=True, slots=True, eq=False)
class ArrayValue(NativeValue):
    """An array of ``shape`` and ``dtype``; ``established`` is where its shape was established.

    Equality and hashing ignore ``established`` (it is provenance, not part of the value's
    meaning), so loops over unchanged shapes reach their fixpoint.
    """

    shape: Shape
    dtype: DType
    established: Span | None = None
    values: ElementValues | None = None
    """The elements in C order when known (small arrays of constants, see ``element_values``)."""
    exact: bool = False
    """Every concrete value is exactly an ``ndarray`` (not a subclass instance: ``np.matrix``, a
    masked array...): the arrays NumPy's constructors make (``exact_ndarray``); False when not
    known."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ArrayValue) and (
            self.shape,
            self.dtype,
            self.values,
            self.exact,
        ) == (other.shape, other.dtype, other.values, other.exact)

    def __hash__(self) -> int:
        return hash((self.shape, self.dtype, self.values, self.exact))

    @property
    def origin(self) -> Span | None:
        return self.established

    @property
    def ndim(self) -> int | None:
        return None if self.shape is None else len(self.shape)

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, ArrayValue):
            return TOP
        dtype = self.dtype if self.dtype == other.dtype else None
        origin = self.established if self.established == other.established else None
        values = self.values if self.values == other.values and dtype is not None else None
        return ArrayValue(
            shapes.join(self.shape, other.shape), dtype, origin, values, self.exact and other.exact
        )

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP:
            return True
        if not isinstance(other, ArrayValue):
            return False
        return (
            (other.dtype is None or other.dtype == self.dtype)
            and (other.values is None or other.values == self.values)
            and (self.exact or not other.exact)
            and shapes.leq(self.shape, other.shape)
        )

    def describe(self) -> str:
        dtype = self.dtype or "?"
        text = f"ndarray[{dtype}, {shapes.format_python(self.shape)}]"
        lines = [text]
        for item in shapes.symbols_of(self.shape):
            if item.provenance:
                lines.append(f"{item.name}: {item.provenance}")
        return "\n".join(lines)

    def inlay_label(self) -> str | None:
        if self.shape is None:
            return None
        return shapes.format_python(self.shape)

    def contains(self, concrete: object) -> bool:
        shape = getattr(concrete, "shape", None)
        dtype = getattr(concrete, "dtype", None)
        if not isinstance(shape, tuple) or dtype is None:
            return False
        if self.exact and type(concrete).__name__ != "ndarray":
            return False
        if self.dtype is not None and getattr(dtype, "name", None) != self.dtype:
            return False
        if self.values is not None:
            flattened = tuple(concrete.ravel().tolist())  # type: ignore[attr-defined]
            if flattened != self.values:
                return False
        return shapes.contains(self.shape, shape)

    def __repr__(self) -> str:
        return f"ArrayValue({shapes.format_python(self.shape)}, {self.dtype})"

    def instance_classes(self) -> tuple[str, ...]:
        """An array of known rank >= 1 is an ``ndarray``; a 0-d value may be a NumPy scalar
        (``a.sum()``), which is not."""
        return ("numpy.ndarray",) if self.shape or self.exact else ()

    def exact_class(self) -> str | None:
        return "numpy.ndarray" if self.exact else None

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        return _array_ops().attribute(self, name, ctx)

    def binary(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        return _array_ops().binary(self, op, other, reflected, ctx)

    def inplace(self, op: str, other: AbstractValue, ctx: CallContext) -> object:
        return _array_ops().inplace(self, op, other, ctx)

    def unary(self, op: str, ctx: CallContext) -> AbstractValue:
        return _array_ops().unary(self, op, ctx)

    def compare(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        return _array_ops().compare(self, op, other, reflected, ctx)

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        return _array_ops().subscript(self, index, ctx)

    def store_subscript(self, index: AbstractValue, value: AbstractValue, ctx: CallContext) -> None:
        _array_ops().store_subscript(self, index, value, ctx)

    def truth(self, ctx: CallContext) -> bool | None:
        return _array_ops().truth(self, ctx)

    def iterate(self, ctx: CallContext) -> AbstractValue:
        return _array_ops().iterate(self, ctx)

    def length(self, ctx: CallContext) -> AbstractValue:
        return _array_ops().length(self, ctx)


def exact_ndarray(value: AbstractValue) -> AbstractValue:
    """``value`` known to be exactly an ``ndarray`` when it is an array (a NumPy constructor's
    result: ``zeros``, ``arange``, ``array`` without ``subok``...)."""
    return replace(value, exact=True) if isinstance(value, ArrayValue) else value


@dataclass(frozen=True, slots=True)
class DimValue(NativeValue):
    """A Python ``int`` equal to the symbolic size ``dim``."""

    dim: SymbolicDim

    def join(self, other: AbstractValue) -> AbstractValue:
        if self == other:
            return self
        return TOP

    def describe(self) -> str:
        lines = [f"int = {self.dim}"]
        for item in self.dim.symbols():
            if item.provenance:
                lines.append(f"{item.name}: {item.provenance}")
        return "\n".join(lines)

    def contains(self, concrete: object) -> bool:
        return isinstance(concrete, int)

    def binary(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        """``+``, ``-``, ``*`` with ints and sizes; ``//`` by a constant or an exact divisor."""
        from .calls import int_of

        if not isinstance(other, (IntValue, DimValue)):
            return NotImplemented
        mine, theirs = self.dim, int_of(other)
        left, right = (theirs, mine) if reflected else (mine, theirs)
        if op == "Add":
            result = dims.add(left, right)
        elif op == "Sub":
            result = dims.subtract(left, right)
        elif op == "Mult":
            result = dims.multiply(left, right)
        elif op == "FloorDiv":
            result = dims.floor_divide(left, right)
        else:
            return IntValue()
        if isinstance(result, int):
            return IntValue.constant_of(result)
        if isinstance(result, SymbolicDim):
            return DimValue(result)
        return IntValue()

    def unary(self, op: str, ctx: CallContext) -> AbstractValue:
        if op == "USub":
            result = dims.negate(self.dim)
            return DimValue(result) if isinstance(result, SymbolicDim) else IntValue()
        return self if op == "UAdd" else IntValue()

    def compare(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        """Equal sizes compare equal; anything else is unknown."""
        from .calls import int_of

        if not isinstance(other, (IntValue, DimValue)):
            return NotImplemented
        same = dims.certainly_equal(self.dim, int_of(other))
        different = dims.certainly_different(self.dim, int_of(other))
        if op == "Eq" and (same or different):
            return BoolValue(same)
        if op == "NotEq" and (same or different):
            return BoolValue(not same)
        return BoolValue()

    def truth(self, ctx: CallContext) -> bool | None:
        return None

    def inlay_label(self) -> str | None:
        return None


@dataclass(frozen=True, slots=True)
class DTypeValue(NativeValue):
    """A NumPy scalar type (``np.float32``, ``a.dtype.type``: callable) or a dtype object
    (``np.dtype("int8")``, ``a.dtype``: ``scalar_type`` false, not callable, its ``.type`` is the
    scalar type)."""

    name: str
    scalar_type: bool = True

    def describe(self) -> str:
        return f"dtype {self.name}"

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "type":
            return DTypeValue(self.name)
        return TOP

    def call(self, ctx: CallContext) -> AbstractValue:
        """``np.float32(x)``: a NumPy scalar for no argument or a Python scalar (or string);
        otherwise NumPy converts ``x`` like ``np.array(x, dtype)``: an array of ``x``'s shape,
        unknown when that shape is (never a 0-d scalar for a value that may be a sequence)."""
        if not self.scalar_type:
            return TOP
        from .calls import ModelCall

        source = ctx.arg(0, None)
        if source is None or isinstance(
            source, (IntValue, FloatValue, BoolValue, DimValue, StrValue)
        ):
            return ArrayValue((), self.name, ctx.span())
        if isinstance(source, ArrayValue):
            return ArrayValue(source.shape, self.name, ctx.span())
        try:
            converted = ModelCall(ctx, self.name, list(ctx.args), {}).operand(source)
        except CertainShapeError:
            converted = None
        shape = converted.shape if converted is not None else None
        return ArrayValue(shape, self.name, ctx.span())


def dim_value(dim: Dim) -> AbstractValue:
    """The Python ``int`` value of a dimension: a constant, an int related to the world size
    (``world_size``: a dimension ``a * size + b`` in a rank projection), a ``DimValue`` or a
    non-negative int."""
    if isinstance(dim, int):
        return IntValue.constant_of(dim)
    if isinstance(dim, SymbolicDim):
        form = sized_count(dim)
        if form is not None and form[0] != 0:
            return affine(*form)
        return DimValue(dim)
    return NON_NEGATIVE_INT


def unknown_array(established: Span | None = None) -> ArrayValue:
    """An array about which nothing is known."""
    return ArrayValue(None, None, established)
