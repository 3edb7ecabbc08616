"""Every modelled function and method survives arbitrary abstract arguments: no exception ever
escapes a model (the interpreter would have to forget the whole statement), whatever mixture of
arrays, unknown values, odd scalars, strings and sequences it receives."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import dims
from tensorls.analyses.domains.base import TOP, AbstractValue
from tensorls.analyses.domains.bools import BoolValue
from tensorls.analyses.domains.containers import DictValue
from tensorls.analyses.domains.none import NONE
from tensorls.analyses.domains.numbers import FloatValue, IntValue
from tensorls.analyses.domains.sequences import ListValue, SequenceValue, TupleValue
from tensorls.analyses.domains.slices import ELLIPSIS, SliceValue
from tensorls.analyses.domains.strings import StrValue
from tensorls.analyses.facts import Span
from tensorls.analyses.interpreter.natives import CallContext, NativeFunction, module_model
from tensorls.analyses.models.numpy import module as numpy_module
from tensorls.analyses.models.numpy.array_ops import METHODS
from tensorls.analyses.models.numpy.random import GENERATOR, GeneratorValue
from tensorls.analyses.models.values import ArrayValue, DimValue

from .oracle import ORACLE


class RecordingHost:
    """A minimal interpreter host: sequences are plain values, reports are recorded."""

    def __init__(self) -> None:
        self.reports: list[tuple[str, str]] = []

    def report_from_native(
        self,
        code: str,
        message: str,
        node: ast.AST,
        certain: bool,
        related: Sequence[tuple[Span, str]],
        warning: bool,
    ) -> None:
        self.reports.append((code, message))

    def span_of(self, node: ast.AST) -> Span:
        return Span.of(0, 0, 0, 1)

    def sequence_items(self, value: AbstractValue) -> list[AbstractValue] | None:
        if isinstance(value, SequenceValue) and value.items is not None:
            return list(value.items)
        return None

    def allocate_list(self, items: Sequence[AbstractValue], node: ast.AST) -> AbstractValue:
        return ListValue.of(tuple(items))

    def iterated_items(self, value: AbstractValue) -> list[AbstractValue] | None:
        return self.sequence_items(value)

    def dict_entries(self, value: AbstractValue) -> list[tuple[object, AbstractValue]] | None:
        return list(value.entries) if isinstance(value, DictValue) and value.exact else None

    def allocate_dict(
        self, entries: Sequence[tuple[object, AbstractValue]], node: ast.AST
    ) -> AbstractValue:
        return DictValue(tuple(entries))  # type: ignore[arg-type]


n = dims.symbol("n", "robustness")
VALUES: list[AbstractValue] = [
    TOP,
    NONE,
    IntValue.constant_of(0),
    IntValue.constant_of(2),
    IntValue.constant_of(-7),
    IntValue(),
    BoolValue(True),
    FloatValue(1.5),
    FloatValue(),
    StrValue("ij,jk->ik"),
    StrValue("float32"),
    StrValue(None),
    DimValue(n),  # type: ignore[arg-type]
    ArrayValue((3, 4), "float64"),
    ArrayValue((n, 4), "float32"),
    ArrayValue((), "int64"),
    ArrayValue(None, None),
    ArrayValue((dims.UNKNOWN, 0), "bool"),
    TupleValue.of((IntValue.constant_of(2), IntValue.constant_of(-1))),
    TupleValue.of(()),
    TupleValue.summary(IntValue()),
    ListValue.of((IntValue.constant_of(1), FloatValue(2.0))),
    ListValue.of((ListValue.of((IntValue.constant_of(1),)), IntValue.constant_of(2))),
    ListValue.of((ArrayValue((3, 4), "float64"), ArrayValue((3, 4), "float64"))),
    SliceValue(IntValue.constant_of(1), NONE, IntValue.constant_of(0)),
    ELLIPSIS,
]
KEYWORDS = ["axis", "keepdims", "dtype", "size", "shape", "out", "replace", "ord", "axes"]

FUNCTIONS = sorted(numpy_module.FUNCTIONS)
MODULES = {
    "numpy": module_model("numpy"),
    "numpy.linalg": module_model("numpy.linalg"),
    "numpy.random": module_model("numpy.random"),
}
NODE = ast.parse("f()", mode="eval").body


def _context(
    host: RecordingHost, args: list[AbstractValue], kwargs: dict[str, AbstractValue]
) -> CallContext:
    return CallContext(host, NODE, args, kwargs)  # type: ignore[arg-type]


ARGUMENTS = st.lists(st.sampled_from(VALUES), max_size=4)
KWARGS = st.dictionaries(st.sampled_from(KEYWORDS), st.sampled_from(VALUES), max_size=2)


@ORACLE
@given(
    st.sampled_from(sorted(MODULES)),
    st.data(),
    ARGUMENTS,
    KWARGS,
)
def test_module_functions_never_raise(module: str, data: st.DataObject, args, kwargs) -> None:
    model = MODULES[module]
    assert model is not None
    functions = {
        name: value
        for name, value in model.attributes.items()  # type: ignore[attr-defined]
        if isinstance(value, NativeFunction)
    }
    function = functions[data.draw(st.sampled_from(sorted(functions)))]
    host = RecordingHost()
    result = function.call(_context(host, args, kwargs))
    assert isinstance(result, AbstractValue)


@ORACLE
@given(st.sampled_from(sorted(METHODS)), st.sampled_from(VALUES[13:18]), ARGUMENTS, KWARGS)
def test_array_methods_never_raise(name: str, array, args, kwargs) -> None:
    host = RecordingHost()
    method = array.attribute(name, _context(host, [], {}))
    assert isinstance(method.call(_context(host, args, kwargs)), AbstractValue)


@ORACLE
@given(st.sampled_from(sorted(GENERATOR)), ARGUMENTS, KWARGS)
def test_generator_methods_never_raise(name: str, args, kwargs) -> None:
    host = RecordingHost()
    method = GeneratorValue().attribute(name, _context(host, [], {}))
    assert isinstance(method.call(_context(host, args, kwargs)), AbstractValue)


OPERATORS = ["Add", "Sub", "Mult", "Div", "FloorDiv", "Mod", "Pow", "MatMult", "BitAnd", "LShift"]
COMPARISONS = ["Eq", "NotEq", "Lt", "LtE", "Gt", "GtE"]


@ORACLE
@given(
    st.sampled_from(VALUES[13:18]),
    st.sampled_from(VALUES),
    st.sampled_from(OPERATORS + COMPARISONS),
    st.booleans(),
)
def test_array_hooks_never_raise(array: ArrayValue, other, op: str, reflected: bool) -> None:
    host = RecordingHost()
    ctx = _context(host, [], {})
    if op in COMPARISONS:
        array.compare(op, other, reflected, ctx)
    else:
        array.binary(op, other, reflected, ctx)
        array.inplace(op, other, ctx)
    array.subscript(other, ctx)
    array.store_subscript(other, other, ctx)
    array.truth(ctx)
    array.iterate(ctx)
    array.length(ctx)
    array.unary("USub", ctx)
    for attribute in ("shape", "ndim", "size", "dtype", "T", "mT", "real"):
        array.attribute(attribute, ctx)
    assert array.describe()
