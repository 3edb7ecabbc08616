"""One call of a modelled NumPy function: argument access, conversion to rule arguments, and
running a shape rule with reporting.

Conversions never guess: an argument whose value is not known precisely becomes ``UNKNOWN`` (an
int), ``None`` (a shape or operand), and rules then over-approximate. ``run`` turns a
``CertainShapeError`` into one diagnostic at the call, related to where each operand's shape was
established, and yields :data:`FAILED`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ..arrays import creation, dims, dtypes, shapes
from ..arrays.creation import NESTED_UNKNOWN, Nested, NestedArray, NestedScalar, NestedSequence
from ..arrays.dims import UNKNOWN, Dim, SymbolicDim
from ..arrays.dtypes import DType
from ..arrays.errors import CertainShapeError
from ..arrays.reductions import AxisArgument
from ..arrays.shapes import Shape
from ..domains.base import TOP, AbstractValue
from ..domains.bools import BoolValue
from ..domains.classes import BuiltinTypeValue
from ..domains.none import NONE
from ..domains.numbers import FloatValue, IntValue
from ..domains.strings import StrValue
from ..facts import Span
from ..interpreter.incremental.anchored_spans import AnchoredSpan, anchored_symbol
from ..interpreter.natives import CallContext
from .values import ArrayValue, DimValue, DTypeValue

MAX_NESTED_DEPTH = 8
MAX_NESTED_ITEMS = 4096

T = TypeVar("T")


class _Failed:
    def __repr__(self) -> str:
        return "FAILED"


FAILED = _Failed()
"""The result of a rule that certainly failed (already reported)."""


class ShapedOperand(Protocol):
    """An operand of a shape rule: its shape and where that shape was established (if known)."""

    @property
    def shape(self) -> Shape: ...

    @property
    def origin(self) -> Span | None: ...


def established_here(
    failure: CertainShapeError, operands: Sequence[ShapedOperand | None]
) -> list[tuple[Span, str]]:
    """The related information of a failure: where each operand it names got its shape."""
    related: list[tuple[Span, str]] = []
    for index in failure.operands:
        if index < len(operands):
            operand = operands[index]
            if operand is not None and operand.origin is not None:
                related.append(
                    (
                        operand.origin,
                        f"shape {shapes.format_python(operand.shape)} established here",
                    )
                )
    return related


@dataclass(frozen=True)
class Operand:
    """An argument converted to an array operand: shape, dtype, whether it is a "weak" Python
    scalar in dtype promotion, and where its shape was established."""

    shape: Shape
    dtype: DType
    weak: bool
    origin: Span | None


def int_of(value: AbstractValue | None) -> Dim:
    """An ``int`` argument as a ``Dim`` (``UNKNOWN`` when not known)."""
    if isinstance(value, IntValue) and value.constant is not None:
        return value.constant
    if isinstance(value, IntValue) and isinstance(value.dimension(), SymbolicDim):
        return value.dimension()  # type: ignore[return-value]
    if isinstance(value, BoolValue) and value.value is not None:
        return int(value.value)
    if isinstance(value, DimValue):
        return value.dim
    return UNKNOWN


def scalar_dtype(value: AbstractValue) -> DType | None:
    """The dtype NumPy infers for a Python scalar value (``None`` if not a scalar)."""
    if isinstance(value, BoolValue):
        return dtypes.BOOL
    if isinstance(value, (IntValue, DimValue)):
        return dtypes.INT64
    if isinstance(value, FloatValue):
        return dtypes.FLOAT64
    return None


class ModelCall:
    """The arguments of one call (for methods, the array comes first) and its context."""

    __slots__ = ("args", "ctx", "kwargs", "name")

    def __init__(
        self,
        ctx: CallContext,
        name: str,
        args: list[AbstractValue],
        kwargs: dict[str, AbstractValue],
    ) -> None:
        self.ctx = ctx
        self.name = name
        self.args = args
        self.kwargs = kwargs

    def arg(self, index: int | None, keyword: str | None = None) -> AbstractValue | None:
        """Positional argument ``index``, else keyword ``keyword``, else ``None`` (absent)."""
        if index is not None and index < len(self.args):
            return self.args[index]
        if keyword is not None:
            return self.kwargs.get(keyword)
        return None

    def has_unmodelled_keywords(self, allowed: tuple[str, ...]) -> bool:
        """True when a keyword argument outside ``allowed`` was passed."""
        return any(key not in allowed for key in self.kwargs)

    # conversions -------------------------------------------------------------------------

    def dim(self, value: AbstractValue | None) -> Dim:
        return int_of(value)

    def optional_int(self, value: AbstractValue | None) -> Dim | None:
        """``None`` for an absent or ``None`` argument, else the int (``UNKNOWN`` if unknown)."""
        if value is None or value is NONE:
            return None
        return int_of(value)

    def boolean(self, value: AbstractValue | None, default: bool) -> bool | None:
        """A bool argument: ``default`` when absent, ``None`` when unknown."""
        if value is None:
            return default
        if isinstance(value, BoolValue):
            return value.value
        if isinstance(value, IntValue) and value.constant is not None:
            return bool(value.constant)
        return None

    def string(self, value: AbstractValue | None) -> str | None:
        if isinstance(value, StrValue) and isinstance(value.value, str):
            return value.value
        return None

    def items(self, value: AbstractValue | None) -> list[AbstractValue] | None:
        """The items of a tuple or list of known length."""
        if value is None:
            return None
        return self.ctx.sequence_items(value)

    def dims_of(self, value: AbstractValue | None) -> tuple[Dim, ...] | None:
        """A shape-like argument: one int or a sequence of ints (``None`` when unknown)."""
        if value is None:
            return None
        if isinstance(value, (IntValue, BoolValue, DimValue)):
            return (int_of(value),)
        items = self.items(value)
        if items is None:
            return None
        return tuple(int_of(item) for item in items)

    def axis(self, value: AbstractValue | None) -> AxisArgument:
        """An ``axis`` argument: ``None``, an int, or a tuple of ints (``UNKNOWN`` if unknown)."""
        if value is None or value is NONE:
            return None
        if isinstance(value, (IntValue, BoolValue, DimValue)):
            return int_of(value)
        items = self.items(value)
        if items is None:
            return UNKNOWN
        return tuple(int_of(item) for item in items)

    def dtype(self, value: AbstractValue | None) -> DType:
        """A ``dtype`` argument: a dtype object, a builtin type, or a name."""
        if isinstance(value, DTypeValue):
            return value.name
        name = self.string(value)
        if name is not None:
            return dtypes.canonical(name)
        if isinstance(value, BuiltinTypeValue):
            return dtypes.PYTHON_SCALAR_DTYPES.get(value.pytype.__name__)
        return None

    def nested(
        self, value: AbstractValue | None, depth: int = 0, budget: list[int] | None = None
    ) -> Nested:
        """The description of nested data given to ``np.array``."""
        budget = budget if budget is not None else [MAX_NESTED_ITEMS]
        if value is None:
            return NESTED_UNKNOWN
        if isinstance(value, ArrayValue):
            return NestedArray(value.shape, value.dtype)
        scalar = scalar_dtype(value)
        if scalar is not None:
            return NestedScalar(scalar)
        if isinstance(value, StrValue):
            return NestedScalar(None)
        if depth >= MAX_NESTED_DEPTH:
            return NESTED_UNKNOWN
        items = self.items(value)
        if items is None:
            return NESTED_UNKNOWN
        budget[0] -= len(items)
        if budget[0] < 0:
            return NESTED_UNKNOWN
        return NestedSequence(tuple(self.nested(item, depth + 1, budget) for item in items))

    def operand(self, value: AbstractValue | None) -> Operand | None:
        """An array operand (arrays, Python scalars, nested lists); ``None`` when unknown.

        Raises ``CertainShapeError`` for ragged nested data (inside ``run``).
        """
        if value is None or value is TOP:
            return None
        if isinstance(value, ArrayValue):
            return Operand(value.shape, value.dtype, False, value.origin)
        scalar = scalar_dtype(value)
        if scalar is not None:
            return Operand((), scalar, True, None)
        if value is NONE or isinstance(value, StrValue):
            return None
        description = self.nested(value)
        if description is NESTED_UNKNOWN:
            return None
        shape, dtype = creation.nested_array(description, object_dtype=False)
        return Operand(shape, dtype, False, None)

    # results -----------------------------------------------------------------------------

    def array(self, shape: Shape, dtype: DType) -> ArrayValue:
        """A new array established at this call."""
        return ArrayValue(shape, dtype, self.ctx.span())

    def fresh(self, prefix: str, provenance: str) -> Dim:
        """A size that only this call site knows (the number of selected elements, ...), named
        after its line; it follows the call when an edit moves its line (``anchored_spans``)."""
        span = self.ctx.span()
        if isinstance(span, AnchoredSpan):
            return anchored_symbol(prefix, provenance, span)
        line = span.start.line + 1
        return dims.symbol(
            f"{prefix}{line}",
            f"{span.start.line}:{span.start.character}:{prefix}",
            f"{provenance} at line {line}",
        )

    def run(
        self, rule: Callable[[], T], operands: list[Operand | None] | None = None
    ) -> T | _Failed:
        """Run a shape rule; a certain failure is reported here and gives ``FAILED``."""
        try:
            return rule()
        except CertainShapeError as failure:
            self.report(failure, operands or [])
            return FAILED

    def report(self, failure: CertainShapeError, operands: list[Operand | None]) -> None:
        self.ctx.report(failure.code, failure.message, related=established_here(failure, operands))
