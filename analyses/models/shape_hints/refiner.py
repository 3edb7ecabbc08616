"""Shape annotations refine unknown values and are checked against known ones.

A hint refines a value the analysis knows nothing about (⊤) into a NumPy array when the annotated
class is NumPy's, and narrows the unknown dimensions of a known array or tensor of the annotated
kind. A hint contradicting what is inferred (another rank, another constant size, a size other
than what the same name stands for, a dtype outside the annotated family) keeps the inferred
value and gives a ``shape-hint-mismatch`` warning: the annotation is advice, nothing checks it at
run time here (checked calls are :mod:`.contracts`' business).

Binding scopes: tensorls' and NumPy's hints name document-wide symbols (each annotation binds
alone); jaxtyping and torchtyping names are bound per execution of a function body (parameters
first, in order) and their symbols are shared by the methods of one class.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from ...arrays import dims, shapes
from ...arrays.dims import Dim
from ...arrays.errors import HINT_MISMATCH
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.none import NoneValue
from ...domains.numbers import FloatValue, IntValue
from ...domains.strings import StrValue
from ...facts import Span
from ...interpreter.natives import CallContext, NativeValue
from ..values import ArrayValue
from .annotations import NUMPY_ARRAY_TYPES, Hint, parse
from .patterns import Bindings, Fixed, Named, Violation, match

DOCUMENT_SYMBOLS = "shape-hint"
BINDINGS_SLOT = "shape-hint-bindings"


@dataclass(frozen=True)
class CheckedValue:
    """A value matched against a hint: ``value`` narrowed, or why it certainly does not match."""

    value: AbstractValue
    violation: str | None = None


def is_shaped(value: AbstractValue) -> bool:
    """Arrays and tensors of every model: values with a ``shape`` and a ``dtype``."""
    return isinstance(value, NativeValue) and hasattr(value, "shape") and hasattr(value, "dtype")


def _kind_matches(value: AbstractValue, hint: Hint) -> bool:
    """Whether ``value`` is of the kind of array the hint annotates (never a guess across
    frameworks: a NumPy hint checks NumPy arrays, any other hint every array or tensor)."""
    if hint.array_type in NUMPY_ARRAY_TYPES:
        return isinstance(value, ArrayValue)
    return is_shaped(value)


def check_value(
    value: AbstractValue, hint: Hint, bindings: Bindings, source: str, here: Span | None
) -> CheckedValue | None:
    """``value`` against ``hint``, names bound in ``bindings``; ``None`` when the hint says
    nothing about this value. An array made from ⊤ is established ``here``."""
    if hint.style == "jaxtyping" and hint.array_type in NUMPY_ARRAY_TYPES:
        python = _python_kind(value)
        if python is not None:
            return CheckedValue(value, f"a Python {python} is not a NumPy array")
    if value is TOP:
        if hint.array_type not in NUMPY_ARRAY_TYPES:
            return None
        shape = None if hint.pattern is None else match(None, hint.pattern, bindings, source)
        assert not isinstance(shape, Violation)
        dtype = hint.dtype
        if dtype is None and hint.dtypes is not None and len(hint.dtypes) == 1:
            dtype = next(iter(hint.dtypes))
        return CheckedValue(ArrayValue(shape, dtype, here))
    if not _kind_matches(value, hint):
        return None
    dtype = getattr(value, "dtype", None)
    if hint.dtypes is not None and dtype is not None and dtype not in hint.dtypes:
        return CheckedValue(value, f"dtype {dtype}, not one of {', '.join(sorted(hint.dtypes))}")
    if hint.dtype is not None and dtype is not None and dtype != hint.dtype:
        return CheckedValue(value, f"dtype {dtype}, not {hint.dtype}")
    if hint.pattern is None:
        return CheckedValue(value)
    shape = match(value.shape, hint.pattern, bindings, source)  # type: ignore[attr-defined]
    if isinstance(shape, Violation):
        return CheckedValue(value, shape.reason)
    narrowed = replace(value, shape=shape)  # type: ignore[type-var]
    if dtype is None and hint.dtype is not None and isinstance(value, ArrayValue):
        narrowed = replace(narrowed, dtype=hint.dtype)
    return CheckedValue(narrowed)


def _python_kind(value: AbstractValue) -> str | None:
    if isinstance(value, BoolValue):
        return "bool"
    if isinstance(value, IntValue):
        return "int"
    if isinstance(value, FloatValue):
        return "float"
    if isinstance(value, StrValue):
        return "str"
    if isinstance(value, NoneValue):
        return "None"
    return None


def scope_bindings(hint: Hint, ctx: CallContext) -> Bindings:
    """The bindings a hint's names live in at this point (see the module docstring)."""
    line = getattr(hint.node, "lineno", 0) if hint.node is not None else 0
    provenance = f"named in the shape hint `{hint.text}` (line {line})"
    if hint.style in ("tensorls", "numpy"):
        return Bindings(symbol_key=DOCUMENT_SYMBOLS, provenance=provenance)
    storage = ctx.frame_storage()
    bindings = storage.get(BINDINGS_SLOT)
    if not isinstance(bindings, Bindings):
        bindings = Bindings(symbol_key=f"annotation:{ctx.function_scope_name()}")
        storage[BINDINGS_SLOT] = bindings
    bindings.provenance = provenance
    return bindings


def refine(value: AbstractValue, annotation: ast.expr, ctx: CallContext) -> AbstractValue | None:
    """The annotation refiner registered with the interpreter."""
    hint = parse(annotation)
    if hint is None:
        return None
    if hint.node is None:
        hint = replace(hint, node=annotation)
    bindings = scope_bindings(hint, ctx)
    line = getattr(hint.node, "lineno", 0)
    checked = check_value(
        value, hint, bindings, f"the annotation on line {line}", ctx.span(annotation)
    )
    if checked is None:
        return None
    if checked.violation is not None:
        related = []
        origin = value.origin
        if origin is not None and is_shaped(value):
            shape = shapes.format_python(value.shape)  # type: ignore[attr-defined]
            related.append((origin, f"shape {shape} established here"))
        ctx.report(
            HINT_MISMATCH,
            _mismatch_message(hint, value, checked.violation),
            node=annotation,
            related=related,
            warning=True,
        )
        return value
    if isinstance(ctx.node, ast.arg) and hint.style not in ("tensorls", "numpy"):
        ctx.record(ctx.node, AnnotatedParameter(checked.value, BoundSizes.of(bindings)))
    return checked.value


def _mismatch_message(hint: Hint, value: AbstractValue, reason: str) -> str:
    if hint.style in ("tensorls", "numpy") and hint.pattern is not None and is_shaped(value):
        hinted = tuple(
            axis.size
            if isinstance(axis, Fixed)
            else dims.symbol(axis.name, DOCUMENT_SYMBOLS)
            if isinstance(axis, Named)
            else dims.UNKNOWN
            for axis in hint.pattern.axes
        )
        inferred = shapes.format_python(value.shape)  # type: ignore[attr-defined]
        if "dtype" not in reason:
            return (
                f"shape hint {shapes.format_python(hinted)} contradicts the inferred shape "
                f"{inferred}"
            )
    return f"the annotation `{hint.text}` contradicts what is inferred: {reason}"


@dataclass(frozen=True, slots=True)
class BoundSizes(NativeValue):
    """What the names of an annotation stand for at this point, for hover:
    ``batch = 64, d = 784`` (joined over executions: a name bound differently becomes ``?``)."""

    sizes: tuple[tuple[str, Dim], ...]

    @staticmethod
    def of(bindings: Bindings) -> BoundSizes:
        items = list(bindings.sizes.items())
        items += [(f"*{name}", run) for name, run in bindings.runs.items()]  # type: ignore[misc]
        return BoundSizes(tuple(items))

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, BoundSizes):
            return TOP
        theirs = dict(other.sizes)
        joined = []
        for name, size in self.sizes:
            if name not in theirs:
                continue
            other_size = theirs[name]
            if isinstance(size, tuple) or isinstance(other_size, tuple):
                joined.append((name, size if size == other_size else dims.UNKNOWN))
            else:
                joined.append((name, dims.join(size, other_size)))
        return BoundSizes(tuple(joined))

    def leq(self, other: AbstractValue) -> bool:
        return other is TOP or self == other

    def describe(self) -> str:
        parts = []
        for name, size in self.sizes:
            text = shapes.format_python(size) if isinstance(size, tuple) else dims.format_dim(size)
            if text != name:
                parts.append(f"{name} = {text}")
        return ", ".join(parts)

    def contains(self, concrete: object) -> bool:
        return isinstance(concrete, str)

    def inlay_label(self) -> str | None:
        return None


@dataclass(frozen=True, slots=True)
class AnnotatedParameter(NativeValue):
    """Hover on a parameter with a jaxtyping or torchtyping annotation: its value and what the
    annotation's names stand for at that point (``batch = 64``)."""

    value: AbstractValue
    sizes: BoundSizes

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, AnnotatedParameter):
            return TOP
        sizes = self.sizes.join(other.sizes)
        return AnnotatedParameter(
            self.value.join(other.value),
            sizes if isinstance(sizes, BoundSizes) else BoundSizes(()),
        )

    def leq(self, other: AbstractValue) -> bool:
        return other is TOP or self == other

    def describe(self) -> str:
        sizes = self.sizes.describe()
        return f"{self.value.describe()}\n{sizes}" if sizes else self.value.describe()

    def contains(self, concrete: object) -> bool:
        return self.value.contains(concrete)

    def inlay_label(self) -> str | None:
        return None
