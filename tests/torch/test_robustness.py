"""Every modelled PyTorch function and tensor method, and the tensor hooks, survive arbitrary
abstract arguments: no exception escapes the model (the interpreter would have to forget the whole
statement), whatever mixture of tensors, arrays, unknown values, odd scalars, strings and sequences
they receive. Runs without PyTorch."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import dims
from tensorls.analyses.domains.base import AbstractValue
from tensorls.analyses.domains.numbers import IntValue
from tensorls.analyses.domains.sequences import ListValue
from tensorls.analyses.domains.strings import StrValue
from tensorls.analyses.interpreter.natives import NativeFunction
from tensorls.analyses.models.torch.module import FUNCTIONS, METHOD_ONLY
from tensorls.analyses.models.torch.values import TorchDTypeValue, TorchTensor

from tests.native_robustness import (
    COMPARISONS,
    TENSOR_PEERS,
    RecordingHost,
    context,
    exercise_hooks,
    functions_never_raise,
    n,
)
from tests.numpy.oracle import ORACLE

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
    *TENSOR_PEERS,
    IntValue.constant_of(-7),
    StrValue("...i,i"),
    StrValue("cpu"),
    TorchDTypeValue("int64"),
    ListValue.of((TorchTensor((3, 4), "float32"), TorchTensor((3, 5), "float32"))),
    ListValue.of((TorchTensor((), "float32"), TorchTensor((0,), "float32"))),
]
KEYWORDS = ["dim", "keepdim", "dtype", "size", "input", "other", "min", "max", "out"]
ARGUMENTS = st.lists(st.sampled_from(VALUES), max_size=4)
KWARGS = st.dictionaries(st.sampled_from(KEYWORDS), st.sampled_from(VALUES), max_size=2)
MODULES = ["torch", "torch.nn.functional", "torch.cuda"]


test_functions_never_raise = functions_never_raise(MODULES, ARGUMENTS, KWARGS)


@ORACLE
@given(
    st.sampled_from(TENSORS),
    st.sampled_from(sorted({*FUNCTIONS, *METHOD_ONLY})),
    ARGUMENTS,
    KWARGS,
)
def test_methods_never_raise(tensor: TorchTensor, name: str, args, kwargs) -> None:
    host = RecordingHost()
    method = tensor.attribute(name, context(host, [], {}))
    assert isinstance(method, NativeFunction)
    result = method.call(context(host, args, kwargs))
    assert isinstance(result, AbstractValue)
    assert isinstance(result.describe(), str)


OPERATORS = ["Add", "Sub", "Mult", "Div", "FloorDiv", "Mod", "Pow", "MatMult", "BitAnd", "LShift"]


@ORACLE
@given(
    st.sampled_from(TENSORS),
    st.sampled_from(VALUES),
    st.sampled_from(OPERATORS + COMPARISONS),
    st.booleans(),
)
def test_tensor_hooks_never_raise(tensor: TorchTensor, other, op: str, reflected: bool) -> None:
    ctx = context(RecordingHost(), [], {})
    exercise_hooks(tensor, other, op, reflected, ctx, mutating=True)
    for attribute in ("shape", "dtype", "ndim", "T", "mT", "data", "grad"):
        tensor.attribute(attribute, ctx)
    assert tensor.describe()
