"""The NumPy module models, the ``ndarray`` method table, and their registration.

``register()`` binds ``numpy``, ``numpy.linalg`` and ``numpy.random`` with
:func:`~tensorls.analyses.interpreter.natives.register_module_model`, fills the ``ndarray``
method table used by :class:`~tensorls.analyses.models.values.ArrayValue`, and registers the
shape-hint annotation refiner. ``modelled_names()`` lists every modelled function and method.
"""

from __future__ import annotations

import math

from ...arrays import dtypes, shapes
from ...arrays.errors import ARGUMENT, CertainShapeError
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.none import NONE
from ...domains.numbers import FloatValue, IntValue
from ...domains.sequences import TupleValue
from ...interpreter.natives import (
    CallContext,
    LibraryClass,
    NativeFunction,
    NativeModule,
    register_module_model,
)
from ..calls import FAILED, ModelCall, Operand
from ..support import Impl, operand
from ..values import ArrayValue, DTypeValue, dim_value
from . import (
    array_ops,
    creation,
    elementwise,
    linalg,
    matrix,
    products,
    random,
    reductions,
    shaping,
    vectorize,
)

DTYPE_NAMES = {
    "float16": "float16",
    "half": "float16",
    "float32": "float32",
    "single": "float32",
    "float64": "float64",
    "double": "float64",
    "int8": "int8",
    "int16": "int16",
    "int32": "int32",
    "int64": "int64",
    "intp": "int64",
    "uint8": "uint8",
    "uint16": "uint16",
    "uint32": "uint32",
    "uint64": "uint64",
    "bool_": "bool",
    "bool": "bool",
    "complex64": "complex64",
    "complex128": "complex128",
}

CONSTANTS: dict[str, AbstractValue] = {
    "pi": FloatValue(math.pi),
    "e": FloatValue(math.e),
    "euler_gamma": FloatValue(0.5772156649015329),
    "inf": FloatValue(math.inf),
    "nan": FloatValue(math.nan),
    "newaxis": NONE,
}


def shape_function(call: ModelCall) -> AbstractValue:
    """``np.shape(a)``."""
    source = operand(call, 0, "a")
    if not isinstance(source, Operand) or source.shape is None:
        return TOP
    return TupleValue.of(tuple(dim_value(dim) for dim in source.shape))


def ndim_function(call: ModelCall) -> AbstractValue:
    """``np.ndim(a)``."""
    source = operand(call, 0, "a")
    if not isinstance(source, Operand) or source.shape is None:
        return IntValue(0, None)
    return IntValue.constant_of(len(source.shape))


def size_function(call: ModelCall) -> AbstractValue:
    """``np.size(a)`` (without an axis)."""
    source = operand(call, 0, "a")
    if not isinstance(source, Operand) or call.arg(1, "axis") is not None:
        return IntValue(0, None)
    return dim_value(shapes.size(source.shape))


def dtype_function(call: ModelCall) -> AbstractValue:
    """``np.dtype(x)``."""
    name = call.dtype(call.arg(0, "dtype"))
    return DTypeValue(name, scalar_type=False) if name is not None else TOP


def astype(call: ModelCall) -> AbstractValue:
    """``a.astype(dtype)``."""
    array = call.args[0]
    assert isinstance(array, ArrayValue)
    return call.array(array.shape, call.dtype(call.arg(1, "dtype")))


def tolist(call: ModelCall) -> AbstractValue:
    """``a.tolist()``: nested lists of Python scalars (for small known shapes)."""
    array = call.args[0]
    assert isinstance(array, ArrayValue)
    scalar = _python_scalar(array.dtype)
    shape = array.shape
    if shape is None or not shapes.is_fully_known(shape) or shapes.size(shape) > 256:
        return TOP
    if len(shape) == 0:
        return scalar

    def build(level: int) -> AbstractValue:
        if level == len(shape):  # type: ignore[arg-type]
            return scalar
        count = shape[level]  # type: ignore[index]
        assert isinstance(count, int)
        return call.ctx.make_list([build(level + 1) for _ in range(count)])

    return build(0)


def item(call: ModelCall) -> AbstractValue:
    """``a.item()``: the single element as a Python scalar."""
    array = call.args[0]
    assert isinstance(array, ArrayValue)
    size = shapes.size(array.shape)
    if not call.args[1:] and isinstance(size, int) and size != 1:
        failure = CertainShapeError(
            ARGUMENT, "can only convert an array of size 1 to a Python scalar", (0,)
        )
        call.report(failure, [Operand(array.shape, array.dtype, False, array.origin)])
        return TOP
    return _python_scalar(array.dtype)


def _python_scalar(dtype: str | None) -> AbstractValue:
    if dtype is None:
        return TOP
    if dtype == dtypes.BOOL:
        return BoolValue()
    if dtype.startswith(("int", "uint")):
        return IntValue()
    if dtype.startswith("float"):
        return FloatValue()
    return TOP


def fill(call: ModelCall) -> AbstractValue:
    """``a.fill(value)``: in place, returns ``None``."""
    return NONE


def _method_from_rule(name: str) -> Impl:
    return shaping._unary_rule(shaping.METHOD_RULES[name])


METHODS: dict[str, Impl] = {
    **{
        name: reductions.reduction(name)
        for name in ("sum", "mean", "std", "var", "max", "min", "prod", "any", "all")
    },
    "argmax": reductions.arg_reduction,
    "argmin": reductions.arg_reduction,
    "cumsum": reductions.scan("cumsum"),
    "cumprod": reductions.scan("cumprod"),
    "sort": reductions.sort_in_place,
    "argsort": reductions.sort(True),
    "nonzero": reductions.nonzero,
    "take": reductions.take,
    "searchsorted": reductions.searchsorted,
    "dot": products.FUNCTIONS["dot"],
    "trace": products.trace,
    "clip": elementwise.clip,
    "round": elementwise.same_shape,
    "conj": elementwise.FUNCTIONS["conj"],
    "conjugate": elementwise.FUNCTIONS["conjugate"],
    **{name: _method_from_rule(name) for name in shaping.METHOD_RULES},
    "astype": astype,
    "tolist": tolist,
    "item": item,
    "fill": fill,
}

FUNCTIONS: dict[str, Impl] = {
    **creation.FUNCTIONS,
    **elementwise.FUNCTIONS,
    **products.FUNCTIONS,
    **shaping.FUNCTIONS,
    **reductions.FUNCTIONS,
    "shape": shape_function,
    "ndim": ndim_function,
    "size": size_function,
    "dtype": dtype_function,
    "vectorize": vectorize.vectorize,
    "matrix": matrix.matrix,
    "asmatrix": matrix.matrix,
    "mat": matrix.matrix,
}


def _native(prefix: str, name: str, impl: Impl) -> NativeFunction:
    def call(ctx: CallContext) -> AbstractValue:
        return impl(ModelCall(ctx, name, list(ctx.args), dict(ctx.kwargs)))

    return NativeFunction(f"{prefix}.{name}", call)


def _module(name: str, functions: dict[str, Impl], extra: dict[str, AbstractValue]) -> NativeModule:
    attributes: dict[str, AbstractValue] = {
        key: _native(name, key, impl) for key, impl in functions.items()
    }
    attributes.update(extra)
    return NativeModule(name, attributes)


def numpy_module() -> NativeModule:
    """The ``numpy`` module model."""
    dtype_objects = {key: DTypeValue(value) for key, value in DTYPE_NAMES.items()}
    classes = {
        name: LibraryClass(f"numpy.{name}", lambda ctx: TOP, f"numpy.{name}")
        for name in ("ndarray", "generic")
    }
    return _module("numpy", FUNCTIONS, {**CONSTANTS, **dtype_objects, **classes})


def linalg_module() -> NativeModule:
    """The ``numpy.linalg`` module model."""
    return _module("numpy.linalg", linalg.FUNCTIONS, {})


def random_module() -> NativeModule:
    """The ``numpy.random`` module model."""
    return _module("numpy.random", random.LEGACY, {})


def modelled_names() -> list[str]:
    """Every modelled function and method, qualified (``numpy.zeros``, ``ndarray.sum``, ...)."""
    names = [f"numpy.{name}" for name in FUNCTIONS]
    names += [f"numpy.linalg.{name}" for name in linalg.FUNCTIONS]
    names += [f"numpy.random.{name}" for name in random.LEGACY]
    names += [f"numpy.random.Generator.{name}" for name in random.GENERATOR]
    names += [f"numpy.ndarray.{name}" for name in METHODS]
    return sorted(names)


def register() -> None:
    """Register the module models and the ``ndarray`` methods."""
    array_ops.METHODS.update(METHODS)
    register_module_model("numpy", numpy_module)
    register_module_model("numpy.linalg", linalg_module)
    register_module_model("numpy.random", random_module)


__all__ = ["FAILED", "modelled_names", "register"]
