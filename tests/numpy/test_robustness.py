"""Every modelled function and method survives arbitrary abstract arguments: no exception ever
escapes a model (the interpreter would have to forget the whole statement), whatever mixture of
arrays, unknown values, odd scalars, strings and sequences it receives."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import dims
from tensorls.analyses.domains.base import TOP, AbstractValue
from tensorls.analyses.domains.bools import BoolValue
from tensorls.analyses.domains.none import NONE
from tensorls.analyses.domains.numbers import FloatValue, IntValue
from tensorls.analyses.domains.sequences import ListValue, TupleValue
from tensorls.analyses.domains.slices import ELLIPSIS, SliceValue
from tensorls.analyses.domains.strings import StrValue
from tensorls.analyses.models.numpy import module as numpy_module
from tensorls.analyses.models.numpy.array_ops import METHODS
from tensorls.analyses.models.numpy.random import GENERATOR, GeneratorValue
from tensorls.analyses.models.values import ArrayValue, DimValue

from tests.native_robustness import (
    COMPARISONS,
    RecordingHost,
    context,
    exercise_hooks,
    functions_never_raise,
)

from .oracle import ORACLE

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
MODULES = ["numpy", "numpy.linalg", "numpy.random"]


ARGUMENTS = st.lists(st.sampled_from(VALUES), max_size=4)
KWARGS = st.dictionaries(st.sampled_from(KEYWORDS), st.sampled_from(VALUES), max_size=2)


test_module_functions_never_raise = functions_never_raise(MODULES, ARGUMENTS, KWARGS)


@ORACLE
@given(st.sampled_from(sorted(METHODS)), st.sampled_from(VALUES[13:18]), ARGUMENTS, KWARGS)
def test_array_methods_never_raise(name: str, array, args, kwargs) -> None:
    host = RecordingHost()
    method = array.attribute(name, context(host, [], {}))
    assert isinstance(method.call(context(host, args, kwargs)), AbstractValue)


@ORACLE
@given(st.sampled_from(sorted(GENERATOR)), ARGUMENTS, KWARGS)
def test_generator_methods_never_raise(name: str, args, kwargs) -> None:
    host = RecordingHost()
    method = GeneratorValue().attribute(name, context(host, [], {}))
    assert isinstance(method.call(context(host, args, kwargs)), AbstractValue)


OPERATORS = ["Add", "Sub", "Mult", "Div", "FloorDiv", "Mod", "Pow", "MatMult", "BitAnd", "LShift"]


@ORACLE
@given(
    st.sampled_from(VALUES[13:18]),
    st.sampled_from(VALUES),
    st.sampled_from(OPERATORS + COMPARISONS),
    st.booleans(),
)
def test_array_hooks_never_raise(array: ArrayValue, other, op: str, reflected: bool) -> None:
    host = RecordingHost()
    ctx = context(host, [], {})
    exercise_hooks(array, other, op, reflected, ctx, mutating=True)
    array.truth(ctx)
    for attribute in ("shape", "ndim", "size", "dtype", "T", "mT", "real"):
        array.attribute(attribute, ctx)
    assert array.describe()
