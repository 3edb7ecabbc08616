"""What the robustness tests of the NumPy, TensorFlow and PyTorch models share: a minimal
interpreter host, call contexts, the abstract values every framework's models are fed besides
their own, and the properties "no module function raises" and "no operator hook raises".

A model that raised would make the interpreter forget the whole statement; these tests feed the
models arbitrary mixtures of values (drawn by Hypothesis under the derandomised ``ORACLE``
settings) and require an abstract value back, never an exception. They run without the frameworks.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Hashable, Sequence

from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import dims
from tensorls.analyses.domains.base import TOP, AbstractValue
from tensorls.analyses.domains.bools import BoolValue
from tensorls.analyses.domains.containers import DictValue
from tensorls.analyses.domains.functions import GeneratorValue
from tensorls.analyses.domains.none import NONE
from tensorls.analyses.domains.numbers import FloatValue, IntValue
from tensorls.analyses.domains.sequences import ListValue, SequenceValue, TupleValue
from tensorls.analyses.domains.slices import ELLIPSIS, SliceValue
from tensorls.analyses.domains.strings import StrValue
from tensorls.analyses.facts import Span
from tensorls.analyses.interpreter.natives import (
    CallContext,
    NativeFunction,
    NativeValue,
    module_model,
)
from tensorls.analyses.models.values import ArrayValue, DimValue

from tests.numpy.oracle import ORACLE


class RecordingHost:
    """A minimal interpreter host: sequences are plain values, reports are recorded."""

    def __init__(self) -> None:
        self.reports: list[tuple[str, str]] = []
        self.model_states: dict[Hashable, AbstractValue] = {}

    def model_state(self, name: Hashable, initial: AbstractValue) -> AbstractValue:
        return self.model_states.get(name, initial)

    def set_model_state(self, name: Hashable, value: AbstractValue) -> None:
        self.model_states[name] = value

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

    def fixed_span_of(self, node: ast.AST) -> Span:
        return Span.of(0, 0, 0, 1)

    def sequence_items(self, value: AbstractValue) -> list[AbstractValue] | None:
        if isinstance(value, SequenceValue) and value.items is not None:
            return list(value.items)
        return None

    def allocate_list(self, items: Sequence[AbstractValue], node: ast.AST) -> AbstractValue:
        return ListValue.of(tuple(items))

    def allocate_iterator(self, element: AbstractValue, node: ast.AST) -> AbstractValue:
        return GeneratorValue(element)

    def iterated_items(self, value: AbstractValue) -> list[AbstractValue] | None:
        return self.sequence_items(value)

    def iterator_element(self, value: AbstractValue) -> AbstractValue | None:
        return value.summary() if isinstance(value, GeneratorValue) else None

    def dict_entries(self, value: AbstractValue) -> list[tuple[object, AbstractValue]] | None:
        return list(value.entries) if isinstance(value, DictValue) and value.exact else None

    def allocate_dict(
        self, entries: Sequence[tuple[object, AbstractValue]], node: ast.AST
    ) -> AbstractValue:
        return DictValue(tuple(entries))  # type: ignore[arg-type]


NODE = ast.parse("f()", mode="eval").body
n = dims.symbol("n", "robustness")
TENSOR_PEERS: list[AbstractValue] = [
    TOP,
    NONE,
    IntValue.constant_of(0),
    IntValue.constant_of(2),
    IntValue.constant_of(-1),
    IntValue(),
    BoolValue(True),
    FloatValue(0.5),
    StrValue("ij,jk->ik"),
    StrValue(None),
    DimValue(n),  # type: ignore[arg-type]
    ArrayValue((3, 4), "float64"),
    TupleValue.of((IntValue.constant_of(2), IntValue.constant_of(-1))),
    TupleValue.of((NONE, IntValue.constant_of(3))),
    TupleValue.of(()),
    ListValue.of((IntValue.constant_of(1), FloatValue(2.0))),
    ListValue.of((ListValue.of((IntValue.constant_of(1),)), IntValue.constant_of(2))),
    SliceValue(IntValue.constant_of(1), NONE, IntValue.constant_of(0)),
    ELLIPSIS,
]
"""Values the TensorFlow and PyTorch models are fed besides their own tensors: unknowns, odd
scalars, einsum-like strings, a symbolic size, a NumPy array, shapes, nested lists, a slice."""
COMPARISONS = ["Eq", "NotEq", "Lt", "LtE", "Gt", "GtE"]


def context(
    host: RecordingHost, args: list[AbstractValue], kwargs: dict[str, AbstractValue]
) -> CallContext:
    """A call with ``args`` and ``kwargs`` at a fixed node, reporting to ``host``."""
    return CallContext(host, NODE, args, kwargs)  # type: ignore[arg-type]


def native_functions(module: str) -> dict[str, NativeFunction]:
    """The modelled functions of ``module``'s model, by name."""
    model = module_model(module)
    assert model is not None
    return {
        name: value
        for name, value in model.attributes.items()  # type: ignore[attr-defined]
        if isinstance(value, NativeFunction)
    }


def functions_never_raise(
    modules: Sequence[str],
    arguments: st.SearchStrategy[list[AbstractValue]],
    keywords: st.SearchStrategy[dict[str, AbstractValue]],
) -> Callable[..., None]:
    """A test: a function drawn from one of ``modules``' models, called with drawn ``arguments``
    and ``keywords``, returns an abstract value."""

    @ORACLE
    @given(st.sampled_from(sorted(modules)), st.data(), arguments, keywords)
    def test(module: str, data: st.DataObject, args, kwargs) -> None:
        functions = native_functions(module)
        function = functions[data.draw(st.sampled_from(sorted(functions)))]
        assert isinstance(function.call(context(RecordingHost(), args, kwargs)), AbstractValue)

    return test


def exercise_hooks(
    value: NativeValue,
    other: AbstractValue,
    op: str,
    reflected: bool,
    ctx: CallContext,
    mutating: bool,
) -> None:
    """Call ``value``'s operator hooks with ``other``: the comparison or binary operator ``op``
    (and, when ``mutating``, its in-place form and a subscript store), a subscript, iteration,
    length and negation. Any exception escapes to the test."""
    if op in COMPARISONS:
        value.compare(op, other, reflected, ctx)
    else:
        value.binary(op, other, reflected, ctx)
        if mutating:
            value.inplace(op, other, ctx)
    value.subscript(other, ctx)
    if mutating:
        value.store_subscript(other, other, ctx)
    value.iterate(ctx)
    value.length(ctx)
    value.unary("USub", ctx)
