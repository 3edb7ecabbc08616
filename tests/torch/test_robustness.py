"""Every modelled PyTorch function and tensor method, and the tensor hooks, survive arbitrary
abstract arguments: no exception escapes the model (the interpreter would have to forget the whole
statement), whatever mixture of tensors, arrays, unknown values, odd scalars, strings and sequences
they receive. Runs without PyTorch."""

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
from tensorls.analyses.interpreter.natives import NativeFunction, module_model
from tensorls.analyses.models.torch.module import FUNCTIONS, METHOD_ONLY
from tensorls.analyses.models.torch.values import TorchDTypeValue, TorchTensor
from tensorls.analyses.models.values import ArrayValue, DimValue

from tests.numpy.oracle import ORACLE
from tests.numpy.test_robustness import RecordingHost, _context

n = dims.symbol("n", "robustness")
TENSORS: list[AbstractValue] = [
    TorchTensor((3, 4), "float32"),
    TorchTensor((n, 4), "int64"),
    TorchTensor((), "float64"),
    TorchTensor(None, None),
    TorchTensor((2, 1, 3), "bool"),
    TorchTensor((dims.UNKNOWN, 0), "uint16"),
    TorchTensor((0,), "float32"),
]
VALUES: list[AbstractValue] = [
    *TENSORS,
    TOP,
    NONE,
    IntValue.constant_of(0),
    IntValue.constant_of(2),
    IntValue.constant_of(-1),
    IntValue.constant_of(-7),
    IntValue(),
    BoolValue(True),
    FloatValue(0.5),
    StrValue("ij,jk->ik"),
    StrValue("...i,i"),
    StrValue("cpu"),
    StrValue(None),
    DimValue(n),  # type: ignore[arg-type]
    ArrayValue((3, 4), "float64"),
    TorchDTypeValue("int64"),
    TupleValue.of((IntValue.constant_of(2), IntValue.constant_of(-1))),
    TupleValue.of((NONE, IntValue.constant_of(3))),
    TupleValue.of(()),
    ListValue.of((IntValue.constant_of(1), FloatValue(2.0))),
    ListValue.of((ListValue.of((IntValue.constant_of(1),)), IntValue.constant_of(2))),
    ListValue.of((TorchTensor((3, 4), "float32"), TorchTensor((3, 5), "float32"))),
    ListValue.of((TorchTensor((), "float32"), TorchTensor((0,), "float32"))),
    SliceValue(IntValue.constant_of(1), NONE, IntValue.constant_of(0)),
    ELLIPSIS,
]
KEYWORDS = ["dim", "keepdim", "dtype", "size", "input", "other", "min", "max", "out"]
ARGUMENTS = st.lists(st.sampled_from(VALUES), max_size=4)
KWARGS = st.dictionaries(st.sampled_from(KEYWORDS), st.sampled_from(VALUES), max_size=2)
MODULES = ["torch", "torch.nn.functional", "torch.cuda"]


def _functions(module: str) -> dict[str, NativeFunction]:
    model = module_model(module)
    assert model is not None
    return {
        name: value
        for name, value in model.attributes.items()  # type: ignore[attr-defined]
        if isinstance(value, NativeFunction)
    }


@ORACLE
@given(st.sampled_from(MODULES), st.data(), ARGUMENTS, KWARGS)
def test_functions_never_raise(module: str, data: st.DataObject, args, kwargs) -> None:
    functions = _functions(module)
    function = functions[data.draw(st.sampled_from(sorted(functions)))]
    result = function.call(_context(RecordingHost(), args, kwargs))
    assert isinstance(result, AbstractValue)


@ORACLE
@given(
    st.sampled_from(TENSORS),
    st.sampled_from(sorted({*FUNCTIONS, *METHOD_ONLY})),
    ARGUMENTS,
    KWARGS,
)
def test_methods_never_raise(tensor: TorchTensor, name: str, args, kwargs) -> None:
    host = RecordingHost()
    method = tensor.attribute(name, _context(host, [], {}))
    assert isinstance(method, NativeFunction)
    result = method.call(_context(host, args, kwargs))
    assert isinstance(result, AbstractValue)
    assert isinstance(result.describe(), str)


OPERATORS = ["Add", "Sub", "Mult", "Div", "FloorDiv", "Mod", "Pow", "MatMult", "BitAnd", "LShift"]
COMPARISONS = ["Eq", "NotEq", "Lt", "LtE", "Gt", "GtE"]


@ORACLE
@given(
    st.sampled_from(TENSORS),
    st.sampled_from(VALUES),
    st.sampled_from(OPERATORS + COMPARISONS),
    st.booleans(),
)
def test_tensor_hooks_never_raise(tensor: TorchTensor, other, op: str, reflected: bool) -> None:
    ctx = _context(RecordingHost(), [], {})
    if op in COMPARISONS:
        tensor.compare(op, other, reflected, ctx)
    else:
        tensor.binary(op, other, reflected, ctx)
        tensor.inplace(op, other, ctx)
    tensor.subscript(other, ctx)
    tensor.store_subscript(other, other, ctx)
    tensor.iterate(ctx)
    tensor.length(ctx)
    tensor.unary("USub", ctx)
    for attribute in ("shape", "dtype", "ndim", "T", "mT", "data", "grad"):
        tensor.attribute(attribute, ctx)
    assert tensor.describe()
