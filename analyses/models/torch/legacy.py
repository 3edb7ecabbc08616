"""PyTorch's legacy constructors, as old tutorials and issues write them: ``torch.Tensor(...)``
and the typed ``torch.FloatTensor``/``DoubleTensor``/``LongTensor``/``IntTensor``/``ByteTensor``/
``BoolTensor``/... (each a dtype), ``x.new(...)`` (the dtype of ``x``), ``x.new_tensor(data)``,
``torch.autograd.Variable(x)`` (the tensor itself) and ``x.type(T)`` with a legacy type or its
name.

A legacy constructor reads its arguments as sizes (ints, or one ``torch.Size``: ``torch.Tensor(32,
50, 50)``, ``x.new(x.size())``) or as data (one list, tuple or NumPy array: ``torch.Tensor([[1,
2]])``); no argument gives ``(0,)``; one tensor gives a tensor of its shape (``torch.Tensor(t)``
keeps the dtype of ``t``; the typed constructors and ``x.new`` refuse a tensor of another dtype,
so the result's shape is the argument's whenever the call succeeds). Its
failures (floats as sizes, ragged data, a tensor of another dtype) are never reported: their
result is a tensor of unknown shape.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...arrays.errors import CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.numbers import IntValue
from ...domains.strings import StrValue
from ...interpreter.natives import CallContext, LibraryClass, NativeFunction, NativeModule
from ..values import ArrayValue, DimValue
from . import convert
from .support import Impl, TorchCall, dtype_of
from .values import TorchSizeValue, TorchTensor

LEGACY_TYPES = {
    "FloatTensor": "float32",
    "DoubleTensor": "float64",
    "HalfTensor": "float16",
    "BFloat16Tensor": "bfloat16",
    "LongTensor": "int64",
    "IntTensor": "int32",
    "ShortTensor": "int16",
    "CharTensor": "int8",
    "ByteTensor": "uint8",
    "BoolTensor": "bool",
}
"""The typed legacy constructors (``torch.<name>``) and their dtypes."""
LEGACY_NAMES = {dtype: f"torch.{name}" for name, dtype in LEGACY_TYPES.items()}
"""``x.type()``'s answer for a tensor of each dtype."""


DEFAULT_DTYPE = "float32"
"""The dtype ``torch.Tensor(...)`` makes (torch's default dtype)."""


class LegacyTensorType(NativeFunction):
    """A typed legacy constructor (``torch.FloatTensor``): calling it makes a tensor of
    ``dtype``; ``x.type(T)`` converts to it. ``isinstance`` against it is unknown."""

    __slots__ = ("dtype",)

    def __init__(self, name: str, dtype: str) -> None:
        super().__init__(name, _constructor(name, dtype))
        self.dtype = dtype


def _constructor(name: str, dtype: str) -> Callable[[CallContext], AbstractValue]:
    """The call of the legacy constructor ``name`` making tensors of ``dtype``."""

    def construct(ctx: CallContext) -> AbstractValue:
        call = TorchCall(ctx, name, list(ctx.args), dict(ctx.kwargs))
        made = dtype
        if name == "torch.Tensor" and len(call.args) == 1:
            made = _alias_dtype(call.args[0], dtype)
        return legacy_tensor(call, call.args, made)

    return construct


def _alias_dtype(arg: AbstractValue, default: str) -> str | None:
    """``torch.Tensor(t)`` aliases a tensor ``t``, keeping its dtype (the typed constructors and
    ``x.new`` refuse a tensor of another dtype instead)."""
    if isinstance(arg, TorchTensor):
        return arg.dtype
    return default


def _is_int(value: AbstractValue) -> bool:
    return isinstance(value, (IntValue, DimValue)) and not isinstance(value, BoolValue)


def legacy_shape(call: TorchCall, args: Sequence[AbstractValue]) -> Shape:
    """The shape a legacy constructor makes from positional ``args`` (``None`` when unknown)."""
    if not args:
        return (0,)
    if all(_is_int(arg) for arg in args):
        return call.dims_of(call.ctx.make_tuple(list(args)))
    if len(args) != 1:
        return None
    (arg,) = args
    if isinstance(arg, TorchSizeValue):
        return call.dims_of(arg)
    if isinstance(arg, (TorchTensor, ArrayValue)):
        return arg.shape
    if call.ctx.sequence_items(arg) is None:
        return None
    try:
        data = convert.data(call.ctx, arg)
    except CertainShapeError:
        return None
    return None if data is None else data.shape


def legacy_tensor(
    call: TorchCall, args: Sequence[AbstractValue], dtype: str | None
) -> AbstractValue:
    """A legacy constructor's tensor of ``dtype`` from ``args`` (see the module docstring)."""
    if call.kwargs:
        return call.finish(None, dtype)
    return call.finish(legacy_shape(call, args), dtype)


def new(call: TorchCall) -> AbstractValue:
    """``x.new(*sizes)`` / ``x.new(data)``: a legacy constructor of ``x``'s dtype."""
    return legacy_tensor(call, call.args[1:], dtype_of(call.tensor(0)))


def new_tensor(call: TorchCall) -> AbstractValue:
    """``x.new_tensor(data, dtype=None)``: the data's shape, ``x``'s dtype by default."""
    data = call.arg(1, "data")
    if isinstance(data, TorchTensor):
        shape = data.shape
    else:
        try:
            read = convert.data(call.ctx, data)
        except CertainShapeError:
            read = None
        shape = None if read is None else read.shape
    return call.finish(shape, call.wanted_dtype(2, dtype_of(call.tensor(0))))


def wanted_type(value: AbstractValue | None) -> str | None:
    """The dtype ``x.type(value)`` converts to: a legacy type or its qualified name
    (``'torch.LongTensor'``); ``None`` for anything else."""
    if isinstance(value, LegacyTensorType):
        return value.dtype
    if isinstance(value, LibraryClass) and value.path == "torch.Tensor":
        return DEFAULT_DTYPE
    if isinstance(value, StrValue) and isinstance(value.value, str):
        name = value.value.removeprefix("torch.")
        return LEGACY_TYPES.get(name)
    return None


def type_name(dtype: str | None) -> AbstractValue:
    """``x.type()``: ``'torch.FloatTensor'`` for a ``float32`` tensor, ..."""
    name = LEGACY_NAMES.get(dtype) if dtype is not None else None
    return StrValue(name)


def legacy_types() -> dict[str, AbstractValue]:
    """``torch.Tensor`` (the class ``isinstance`` knows, whose call is the legacy constructor of
    the default dtype) and the typed constructors, as attributes of ``torch``."""
    types: dict[str, AbstractValue] = {
        "Tensor": LibraryClass(
            "torch.Tensor", _constructor("torch.Tensor", DEFAULT_DTYPE), "torch.Tensor"
        )
    }
    for name, dtype in LEGACY_TYPES.items():
        types[name] = LegacyTensorType(f"torch.{name}", dtype)
    return types


def variable(ctx: CallContext) -> AbstractValue:
    """``Variable(tensor, requires_grad=False, volatile=False)``: the tensor itself (anything
    else fails: an unknown argument gives a tensor of unknown shape and dtype)."""
    data = ctx.arg(0, "data")
    if isinstance(data, TorchTensor):
        return data
    if data is None:
        return TOP
    return TorchTensor(None, None, ctx.span())


def autograd_module() -> NativeModule:
    """``torch.autograd``: ``Variable``; its other names are unknown."""
    return NativeModule(
        "torch.autograd", {"Variable": NativeFunction("torch.autograd.Variable", variable)}
    )


def variable_module() -> NativeModule:
    """``torch.autograd.variable`` (``from torch.autograd.variable import Variable``)."""
    return NativeModule(
        "torch.autograd.variable",
        {"Variable": NativeFunction("torch.autograd.Variable", variable)},
    )


METHODS: dict[str, Impl] = {"new": new, "new_tensor": new_tensor}
"""The legacy tensor methods."""
