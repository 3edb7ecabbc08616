"""The PyTorch module models (``torch``, ``torch.nn.functional``'s tensor ops), the tensor
methods, and their registration.

``FUNCTIONS`` are bound both as ``torch.<name>`` and as ``Tensor.<name>`` (argument 0 is the
tensor); ``TORCH_ONLY`` only at the top level, ``METHOD_ONLY`` only on tensors. ``FUNCTIONAL``
holds the ``torch.nn.functional`` functions modelled here; other modules add theirs to it before
registration. ``modelled_names()`` lists every modelled API, qualified.
"""

from __future__ import annotations

from ...domains.base import AbstractValue
from ...domains.bools import BoolValue
from ...domains.numbers import NON_NEGATIVE_INT
from ...interpreter.natives import (
    CallContext,
    NativeFunction,
    NativeModule,
    register_module_model,
)
from . import (
    creation,
    dtypes,
    legacy,
    nn_module,
    ops,
    reduction_ops,
    selection_ops,
    shaping_ops,
    tensor_ops,
)
from .support import Impl, TorchCall
from .values import TorchDeviceValue, TorchDTypeValue

FLOATING_UNARY = (
    "exp",
    "log",
    "log2",
    "log10",
    "log1p",
    "expm1",
    "sqrt",
    "rsqrt",
    "sigmoid",
    "tanh",
    "sin",
    "cos",
    "tan",
    "erf",
    "reciprocal",
)
KEEPING_UNARY = (
    "abs",
    "neg",
    "negative",
    "relu",
    "sign",
    "square",
    "floor",
    "tril",
    "triu",
    "ceil",
    "round",
    "trunc",
    "clone",
    "detach",
)
ACTIVATIONS = (
    "relu",
    "relu6",
    "elu",
    "selu",
    "celu",
    "gelu",
    "silu",
    "mish",
    "leaky_relu",
    "hardtanh",
    "softplus",
    "softsign",
    "tanhshrink",
    "hardswish",
    "hardsigmoid",
)
ARITHMETIC = (
    "add",
    "sub",
    "subtract",
    "mul",
    "multiply",
    "maximum",
    "minimum",
    "pow",
    "remainder",
    "fmod",
    "floor_divide",
)
COMPARISONS = ("eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor")

FUNCTIONS: dict[str, Impl] = {
    **{name: ops.same("float") for name in FLOATING_UNARY},
    **{name: ops.same() for name in KEEPING_UNARY},
    **{name: ops.elementwise("arithmetic") for name in ARITHMETIC},
    **{name: ops.elementwise("bool") for name in COMPARISONS},
    "div": ops.elementwise("divide"),
    "divide": ops.elementwise("divide"),
    "true_divide": ops.elementwise("divide"),
    "atan2": ops.elementwise("float"),
    "isnan": ops.same("bool"),
    "isinf": ops.same("bool"),
    "logical_not": ops.same("bool"),
    "matmul": ops.matmul,
    "mm": ops.mm,
    "bmm": ops.bmm,
    "reshape": ops.view,
    "t": ops.t,
    "transpose": ops.transpose,
    "swapaxes": ops.transpose,
    "permute": ops.permute,
    "numel": ops.numel,
    "squeeze": shaping_ops.squeeze,
    "unsqueeze": shaping_ops.unsqueeze,
    "flatten": shaping_ops.flatten,
    "split": shaping_ops.split,
    "chunk": shaping_ops.chunk,
    "gather": shaping_ops.gather,
    "masked_fill": shaping_ops.masked_fill,
    "where": shaping_ops.where,
    "clamp": shaping_ops.clamp,
    "clip": shaping_ops.clamp,
    "sum": reduction_ops.reduction("accumulate"),
    "mean": reduction_ops.reduction("float"),
    "logsumexp": reduction_ops.reduction("float"),
    "all": reduction_ops.reduction("bool"),
    "any": reduction_ops.reduction("bool"),
    "prod": reduction_ops.reduction("accumulate"),
    "amax": reduction_ops.reduction("keep"),
    "amin": reduction_ops.reduction("keep"),
    "std": reduction_ops.statistic,
    "var": reduction_ops.statistic,
    "max": reduction_ops.extreme,
    "min": reduction_ops.extreme,
    "argmax": reduction_ops.arg_extreme,
    "argmin": reduction_ops.arg_extreme,
    "cumsum": reduction_ops.cumulative,
    "cumprod": reduction_ops.cumulative,
    "softmax": reduction_ops.softmax,
    "log_softmax": reduction_ops.softmax,
    "norm": reduction_ops.reduction("float", dim_position=2),
    "topk": selection_ops.topk,
    "sort": selection_ops.sort,
    "argsort": selection_ops.argsort,
    "unbind": selection_ops.unbind,
    "index_select": selection_ops.index_select,
    "flip": selection_ops.reordered(1),
    "roll": selection_ops.reordered(2),
    "scatter": selection_ops.scatter,
    "scatter_add": selection_ops.scatter,
    "outer": selection_ops.outer,
    "mv": selection_ops.mv,
    "dot": selection_ops.dot,
    "unflatten": selection_ops.unflatten,
    "movedim": selection_ops.movedim,
    "moveaxis": selection_ops.movedim,
    "narrow": selection_ops.narrow,
    "broadcast_to": selection_ops.broadcast_to,
}
"""Functions that are also tensor methods."""

IN_PLACE = tuple(name for name in (*ARITHMETIC, "div") if name not in ("maximum", "minimum"))
SAME_IN_PLACE = (
    *FLOATING_UNARY,
    *(name for name in KEEPING_UNARY if name != "clone"),
    "zero",
    "fill",
    "normal",
    "uniform",
    "random",
    "bernoulli",
    "clamp",
    "clip",
    "scatter",
    "scatter_add",
)
"""In-place methods (``name_``) that keep the shape and dtype."""

RESHAPING_IN_PLACE = ("t", "transpose", "swapaxes", "swapdims", "squeeze", "unsqueeze")
"""In-place methods (``name_``) that change the shape as ``name`` does: the tensor's name then
holds the result (see ``TorchTensor.rebinds_receiver``)."""

METHOD_ONLY: dict[str, Impl] = {
    **{f"{name}_": ops.elementwise_inplace for name in IN_PLACE},
    **{f"{name}_": ops.itself for name in SAME_IN_PLACE},
    "masked_fill_": shaping_ops.masked_fill_inplace,
    "expand": shaping_ops.expand,
    "expand_as": shaping_ops.expand_as,
    "repeat": shaping_ops.repeat,
    "view": ops.view,
    "view_as": ops.view_as,
    "reshape_as": ops.view_as,
    "size": ops.size,
    "dim": ops.dim,
    "ndimension": ops.dim,
    "item": ops.item,
    "numpy": ops.numpy,
    "to": ops.to,
    "type_as": ops.type_as,
    "type": selection_ops.type_,
    "new_zeros": selection_ops.new(fill=False),
    "new_ones": selection_ops.new(fill=False),
    "new_empty": selection_ops.new(fill=False),
    "new_full": selection_ops.new(fill=True),
    **legacy.METHODS,
    "float": ops.converted("float32"),
    "double": ops.converted("float64"),
    "half": ops.converted("float16"),
    "bfloat16": ops.converted("bfloat16"),
    "long": ops.converted("int64"),
    "int": ops.converted("int32"),
    "short": ops.converted("int16"),
    "char": ops.converted("int8"),
    "byte": ops.converted("uint8"),
    "bool": ops.converted("bool"),
    "contiguous": ops.same(),
    "cpu": ops.same(),
    "cuda": ops.same(),
    "requires_grad_": ops.same(),
    "pin_memory": ops.same(),
}

TORCH_ONLY: dict[str, Impl] = {
    "tensor": creation.tensor,
    "as_tensor": creation.tensor,
    "from_numpy": creation.from_numpy,
    "zeros": creation.sized("float32"),
    "ones": creation.sized("float32"),
    "empty": creation.sized("float32"),
    "rand": creation.sized("float32"),
    "randn": creation.sized("float32"),
    "full": creation.full,
    "randint": creation.randint,
    "arange": creation.arange,
    "linspace": creation.linspace,
    "eye": creation.eye,
    **{f"{name}_like": creation.like() for name in ("zeros", "ones", "empty", "rand", "randn")},
    "full_like": creation.like(),
    "cat": shaping_ops.cat,
    "concat": shaping_ops.cat,
    "concatenate": shaping_ops.cat,
    "stack": shaping_ops.stack,
    "einsum": shaping_ops.einsum,
    "dropout": ops.same(),
    "randint_like": creation.like(),
}

FUNCTIONAL: dict[str, Impl] = {
    **{name: ops.same() for name in ACTIVATIONS},
    "sigmoid": ops.same("float"),
    "tanh": ops.same("float"),
    "softmax": reduction_ops.softmax,
    "log_softmax": reduction_ops.softmax,
    "dropout": ops.same(),
    "one_hot": selection_ops.one_hot,
    "normalize": ops.same(),
}
"""``torch.nn.functional`` functions."""


def device(call: TorchCall) -> AbstractValue:
    """``torch.device("cuda" if ... else "cpu")``."""
    return TorchDeviceValue()


def is_available(call: TorchCall) -> AbstractValue:
    """``torch.cuda.is_available()``: either."""
    return BoolValue()


CUDA: dict[str, Impl] = {
    "is_available": is_available,
    "device_count": lambda call: NON_NEGATIVE_INT,
}


def _function(qualified: str, impl: Impl) -> NativeFunction:
    def call(ctx: CallContext) -> AbstractValue:
        return impl(TorchCall(ctx, qualified, list(ctx.args), dict(ctx.kwargs)))

    return NativeFunction(qualified, call)


def _dtype_objects() -> dict[str, AbstractValue]:
    objects: dict[str, AbstractValue] = {name: TorchDTypeValue(name) for name in dtypes.NAMED}
    objects.update({alias: TorchDTypeValue(name) for alias, name in dtypes.ALIASES.items()})
    return objects


def torch_module() -> NativeModule:
    attributes: dict[str, AbstractValue] = {
        name: _function(f"torch.{name}", impl) for name, impl in {**FUNCTIONS, **TORCH_ONLY}.items()
    }
    attributes.update(_dtype_objects())
    attributes.update(legacy.legacy_types())
    attributes["device"] = _function("torch.device", device)
    return NativeModule("torch", attributes)


def cuda_module() -> NativeModule:
    return NativeModule(
        "torch.cuda", {name: _function(f"torch.cuda.{name}", impl) for name, impl in CUDA.items()}
    )


def functional_module() -> NativeModule:
    return NativeModule(
        "torch.nn.functional",
        {name: _function(f"torch.nn.functional.{name}", impl) for name, impl in FUNCTIONAL.items()},
    )


def modelled_names() -> list[str]:
    """Every modelled PyTorch API, qualified (``torch.matmul``, ``torch.Tensor.view``, ...)."""
    names = [f"torch.{name}" for name in {**FUNCTIONS, **TORCH_ONLY}]
    names += [f"torch.Tensor.{name}" for name in {**FUNCTIONS, **METHOD_ONLY}]
    names += [f"torch.nn.functional.{name}" for name in FUNCTIONAL]
    names += [f"torch.{name}" for name in legacy.legacy_types()]
    names.append("torch.autograd.Variable")
    names += nn_module.modelled_names()
    return sorted(names)


def register() -> None:
    tensor_ops.METHODS.update(FUNCTIONS)
    tensor_ops.METHODS.update(METHOD_ONLY)
    tensor_ops.METHODS.update(
        {
            f"{name}_": tensor_ops.METHODS[name]
            for name in RESHAPING_IN_PLACE
            if name in tensor_ops.METHODS
        }
    )
    nn_module.register(FUNCTIONAL)
    register_module_model("torch", torch_module)
    register_module_model("torch.nn.functional", functional_module)
    register_module_model("torch.cuda", cuda_module)
    register_module_model("torch.autograd", legacy.autograd_module)
    register_module_model("torch.autograd.variable", legacy.variable_module)
