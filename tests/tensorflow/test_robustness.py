"""Every modelled TensorFlow function, Keras layer and model, ``tf.data`` dataset, and the tensor
hooks survive arbitrary
abstract arguments: no exception escapes the model (the interpreter would have to forget the
whole statement), whatever mixture of tensors, arrays, unknown values, odd scalars, strings and
sequences they receive. Runs without TensorFlow."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.arrays import dims
from tensorls.analyses.domains.base import AbstractValue
from tensorls.analyses.domains.containers import DictValue
from tensorls.analyses.domains.sequences import ListValue
from tensorls.analyses.domains.strings import StrValue
from tensorls.analyses.interpreter.natives import NativeFunction, NativeValue
from tensorls.analyses.models.tensorflow.datasets import (
    DATASET_CONSTRUCTORS,
    DATASET_METHODS,
    DatasetValue,
)
from tensorls.analyses.models.tensorflow.keras_merging import FUNCTIONAL
from tensorls.analyses.models.tensorflow.keras_training import MODELLED
from tensorls.analyses.models.tensorflow.module import OPTIMIZER_MODULES, SUBMODULES
from tensorls.analyses.models.tensorflow.values import TensorShapeValue, TensorValue, TFDTypeValue

from tests.native_robustness import (
    COMPARISONS,
    TENSOR_PEERS,
    RecordingHost,
    context,
    exercise_hooks,
    functions_never_raise,
    n,
    native_functions,
)
from tests.numpy.oracle import ORACLE

batch = dims.symbol("None", "robustness:batch")
TENSORS: list[AbstractValue] = [
    TensorValue((3, 4), "float32"),
    TensorValue((n, 4), "int32"),
    TensorValue((), "float64"),
    TensorValue(None, None),
    TensorValue((batch, 28, 28, 1), "float32", None, "keras"),
    TensorValue((2, 3), "float32", None, "variable"),
    TensorValue((dims.UNKNOWN, 0), "bool"),
]
VALUES: list[AbstractValue] = [
    *TENSORS,
    *TENSOR_PEERS,
    StrValue("same"),
    TensorShapeValue((batch, 4)),
    TFDTypeValue("int64"),
    ListValue.of((TensorValue((3, 4), "float32"), TensorValue((3, 5), "float32"))),
    ListValue.of(
        (TensorValue((batch, 4), "float32", None, "keras"), TensorValue((2, 4), "float32"))
    ),
    DictValue((("a", TensorValue((3, 4), "float32")), ("b", TensorValue((batch,), "int32")))),
    TensorValue((3, 4), "float32", None, "variable"),
    TensorValue((3, 4), "float32", None, "tensor", optional=True),
]
DATASET = DatasetValue((TensorValue((batch, 4), "float32", None, "spec"), TensorValue((), "int64")))
KEYWORDS = ["axis", "keepdims", "dtype", "shape", "input_shape", "name", "padding", "strides"]
ARGUMENTS = st.lists(st.sampled_from(VALUES), max_size=4)
KWARGS = st.dictionaries(st.sampled_from(KEYWORDS), st.sampled_from(VALUES), max_size=2)
MODULES = sorted(
    [
        "tensorflow",
        *(name for name, (_, functions) in SUBMODULES.items() if functions),
        *OPTIMIZER_MODULES,
    ]
)
"""Modules with functions to draw (a package module such as ``keras.preprocessing`` has none)."""


test_functions_never_raise = functions_never_raise(MODULES, ARGUMENTS, KWARGS)


@ORACLE
@given(
    st.sampled_from(
        sorted(set(native_functions("tensorflow.keras.layers")) - {"Layer", *FUNCTIONAL})
    ),
    ARGUMENTS,
    KWARGS,
    st.sampled_from(VALUES),
)
def test_layers_and_models_never_raise(name: str, args, kwargs, argument) -> None:
    host = RecordingHost()
    layer = native_functions("tensorflow.keras.layers")[name].call(context(host, args, kwargs))
    assert isinstance(layer, NativeValue)
    assert isinstance(layer.call(context(host, [argument], {})), AbstractValue)
    for factory in ("Sequential", "Model"):
        model = native_functions("tensorflow.keras")[factory].call(
            context(host, [ListValue.of((layer,)), argument], {})
        )
        if isinstance(model, NativeValue):
            assert isinstance(model.call(context(host, [argument], {})), AbstractValue)
            model.attribute("output_shape", context(host, [], {}))
            for method in MODELLED:
                bound = model.attribute(method, context(host, [], {}))
                assert isinstance(bound, NativeFunction)
                for arguments in ([argument], [argument, *args], [DATASET, argument]):
                    result = bound.call(context(host, arguments, kwargs))
                    assert isinstance(result, AbstractValue)
        assert isinstance(model.describe(), str)


OPERATORS = ["Add", "Sub", "Mult", "Div", "FloorDiv", "Mod", "Pow", "MatMult", "BitAnd"]


@ORACLE
@given(
    st.sampled_from(TENSORS),
    st.sampled_from(VALUES),
    st.sampled_from(OPERATORS + COMPARISONS),
    st.booleans(),
)
def test_tensor_hooks_never_raise(tensor: TensorValue, other, op: str, reflected: bool) -> None:
    ctx = context(RecordingHost(), [], {})
    exercise_hooks(tensor, other, op, reflected, ctx, mutating=False)
    for attribute in ("shape", "dtype", "ndim", "numpy", "get_shape"):
        tensor.attribute(attribute, ctx)
    shape = tensor.attribute("shape", ctx)
    assert isinstance(shape, TensorShapeValue)
    shape.subscript(other, ctx)
    shape.items(ctx)
    shape.iterate(ctx)
    assert tensor.describe() and shape.describe()


@ORACLE
@given(
    st.sampled_from(sorted(DATASET_CONSTRUCTORS)),
    ARGUMENTS,
    st.sampled_from(sorted(DATASET_METHODS)),
    ARGUMENTS,
    KWARGS,
)
def test_datasets_never_raise(constructor: str, args, method: str, method_args, kwargs) -> None:
    host = RecordingHost()
    dataset = DATASET_CONSTRUCTORS[constructor](context(host, args, {}))
    assert isinstance(dataset, AbstractValue)
    if not isinstance(dataset, DatasetValue):
        return
    assert dataset.describe()
    dataset.iterate(context(host, [], {}))
    found = dataset.attribute(method, context(host, [], {}))
    if isinstance(found, NativeFunction):
        assert isinstance(found.call(context(host, method_args, kwargs)), AbstractValue)
    elif isinstance(found, NativeValue):
        assert found.describe()
        for index in method_args:
            found.subscript(index, context(host, [], {}))
