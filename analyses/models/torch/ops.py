"""Models of PyTorch functions that are also tensor methods (``torch.matmul(a, b)`` and
``a.matmul(b)``): elementwise ops, products, views and conversions. Argument 0 is the input
tensor; keywords follow torch 2.13's signatures."""

from __future__ import annotations

from ...arrays import shapes, size_limits
from ...domains.base import AbstractValue
from ...domains.bools import BoolValue
from ...domains.none import NONE
from ...domains.numbers import FloatValue, IntValue
from ..calls import FAILED
from ..values import ArrayValue, dim_value
from . import dtypes, rules, tensor_ops
from .convert import TorchOperand, operand
from .support import Impl, TorchCall, dtype_of, shape_of
from .values import TorchDeviceValue, TorchTensor


def _pair(call: TorchCall, keyword: str = "other") -> tuple[TorchOperand, TorchOperand] | None:
    left = call.tensor(0)
    right = operand(call.arg(1, keyword))
    if left is None or right is None:
        return None
    return left, right


def elementwise(kind: str) -> Impl:
    """``torch.add(input, other, alpha=1)``, ``sub``, ``mul``, ``div``, ``maximum``, ``eq``, ...:
    broadcast; ``kind`` is "arithmetic" (promoted dtype), "divide" (true division), "bool"
    (comparisons, logical ops) or "float" (``atan2``: a floating result)."""

    def impl(call: TorchCall) -> AbstractValue:
        pair = _pair(call)
        if pair is None:
            return call.finish(None, "bool" if kind == "bool" else None)
        left, right = pair
        shape = call.run(lambda: rules.broadcast(left.shape, right.shape), [left, right])
        merged = dtypes.result_type(left.participant, right.participant)
        if kind == "bool":
            dtype: str | None = "bool"
        elif kind == "divide" and call.arg(None, "rounding_mode") in (None, NONE):
            dtype = dtypes.true_divide(merged)
        elif kind == "float":
            dtype = dtypes.floating_result(merged)
        else:
            dtype = merged
        return call.finish(shape, dtype)

    return impl


def elementwise_inplace(call: TorchCall) -> AbstractValue:
    """``x.add_(other)``, ``x.mul_``, ...: ``other`` broadcasts into ``x``; returns ``x``."""
    tensor = call.arg(0)
    pair = _pair(call)
    if pair is not None:
        left, right = pair
        call.run(lambda: rules.into(left.shape, right.shape), [left, right])
    return tensor if isinstance(tensor, TorchTensor) else call.finish(None, None)


def itself(call: TorchCall) -> AbstractValue:
    """Shape- and dtype-preserving in-place methods (``x.relu_()``, ``x.zero_()``,
    ``x.normal_()``, ...): ``x`` itself."""
    tensor = call.arg(0)
    return tensor if isinstance(tensor, TorchTensor) else call.finish(None, None)


def same(kind: str = "keep") -> Impl:
    """Shape-preserving functions of the input: ``kind`` "keep" keeps the dtype (``abs``,
    ``relu``, ``clone``, ``detach``, ``.cpu()``, ...), "float" computes in floating point
    (``exp``, ``sqrt``, ``sigmoid``: integers give ``float32``), "bool" gives ``bool``
    (``isnan``)."""

    def impl(call: TorchCall) -> AbstractValue:
        source = call.tensor(0)
        dtype = dtype_of(source)
        if kind == "float":
            dtype = dtypes.floating_result(dtype)
        elif kind == "bool":
            dtype = "bool"
        return call.finish(shape_of(source), dtype)

    return impl


def converted(dtype: str) -> Impl:
    """``x.float()``, ``x.long()``, ``x.double()``, ...: the same shape in ``dtype``."""

    def impl(call: TorchCall) -> AbstractValue:
        return call.finish(shape_of(call.tensor(0)), dtype)

    return impl


def to(call: TorchCall) -> AbstractValue:
    """``x.to(dtype)``, ``x.to(device)``, ``x.to(device, dtype)``, ``x.to(other)``,
    ``x.to(dtype=...)``: the same shape; the dtype given, else unchanged; a device or dtype
    the model cannot read gives an unknown dtype."""
    source = call.tensor(0)
    dtype = dtype_of(source)
    for value in [*call.args[1:], call.kwargs.get("dtype")]:
        if value is None or value is NONE:
            continue
        if isinstance(value, TorchTensor):
            dtype = value.dtype
            continue
        if isinstance(value, TorchDeviceValue):
            continue
        wanted = call.torch_dtype(value)
        if wanted is not None:
            dtype = wanted
        elif call.string(value) is None and not isinstance(value, BoolValue):
            dtype = None
    return call.finish(shape_of(source), dtype)


def type_as(call: TorchCall) -> AbstractValue:
    """``x.type_as(other)``."""
    return call.finish(shape_of(call.tensor(0)), dtype_of(operand(call.arg(1, "other"))))


def numpy(call: TorchCall) -> AbstractValue:
    """``x.numpy()``: an ndarray of the same shape and dtype."""
    source = call.tensor(0)
    dtype = dtype_of(source)
    return ArrayValue(shape_of(source), dtypes.NUMPY_NAMES.get(dtype or ""), call.ctx.span())


def size(call: TorchCall) -> AbstractValue:
    """``x.size()`` (a tuple of sizes) or ``x.size(dim)`` (one size)."""
    source = call.tensor(0)
    shape = shape_of(source)
    dim = call.arg(1, "dim")
    if dim is None or dim is NONE:
        return tensor_ops.size_value(shape)
    position = call.run(lambda: rules.size_dim(shape, call.dim(dim)), [source])
    if not isinstance(position, int) or shape is None:
        return IntValue()
    return dim_value(shape[position])


def dim(call: TorchCall) -> AbstractValue:
    """``x.dim()`` / ``x.ndimension()``."""
    shape = shape_of(call.tensor(0))
    return IntValue() if shape is None else IntValue.constant_of(len(shape))


def numel(call: TorchCall) -> AbstractValue:
    """``x.numel()`` / ``torch.numel(x)``."""
    return dim_value(shapes.size(shape_of(call.tensor(0))))


def item(call: TorchCall) -> AbstractValue:
    """``x.item()``: a Python number of the tensor's kind."""
    dtype = dtype_of(call.tensor(0))
    if dtype is None:
        return call.ctx.TOP
    category = dtypes.category(dtype)
    if category == 0:
        return BoolValue()
    if category == 1:
        return IntValue()
    if category == 2:
        return FloatValue()
    return call.ctx.TOP


# products -----------------------------------------------------------------------------------


def _product(rule: str) -> Impl:
    def impl(call: TorchCall) -> AbstractValue:
        pair = _pair(call, "mat2" if rule in ("mm", "bmm") else "other")
        if pair is None:
            return call.finish(None, None)
        left, right = pair
        same = left.dtype is not None and left.dtype == right.dtype
        if rule == "matmul":
            shape = call.run(lambda: rules.matmul(left.shape, right.shape, same), [left, right])
        else:
            function = rules.mm if rule == "mm" else rules.bmm
            shape = call.run(lambda: function(left.shape, right.shape), [left, right])
        return call.finish(shape, left.dtype if left.dtype == right.dtype else None)

    return impl


matmul = _product("matmul")
mm = _product("mm")
bmm = _product("bmm")


# views --------------------------------------------------------------------------------------


def view(call: TorchCall) -> AbstractValue:
    """``x.view(*shape)``, ``x.reshape(*shape)``, ``torch.reshape(x, shape)``."""
    source = call.tensor(0)
    target = call.sizes(1, "shape")
    if target is not None and not all(size_limits.fits_int64(size) for size in target):
        function = call.name.rpartition(".")[2]
        argument = "size" if function == "view" else "shape"
        checked = call.run(
            lambda: size_limits.check_torch_size_conversion(target, function, argument)
        )
        return call.finish(FAILED if checked is FAILED else None, dtype_of(source))
    if source is None or target is None:
        return call.finish(None, dtype_of(source))
    shape = call.run(lambda: rules.view(source.shape, target), [source])
    return call.finish(shape, source.dtype)


def view_as(call: TorchCall) -> AbstractValue:
    """``x.view_as(other)`` / ``x.reshape_as(other)``."""
    source = call.tensor(0)
    other = operand(call.arg(1, "other"))
    if source is None or other is None or other.shape is None:
        return call.finish(None, dtype_of(source))
    target = other.shape
    shape = call.run(lambda: rules.view(source.shape, target), [source])
    return call.finish(shape, source.dtype)


def t(call: TorchCall) -> AbstractValue:
    """``x.t()`` / ``torch.t(x)``."""
    source = call.tensor(0)
    return call.finish(call.run(lambda: rules.t(shape_of(source)), [source]), dtype_of(source))


def transpose(call: TorchCall) -> AbstractValue:
    """``x.transpose(dim0, dim1)`` / ``torch.transpose(x, dim0, dim1)`` / ``swapaxes``."""
    source = call.tensor(0)
    first, second = call.dim(call.arg(1, "dim0")), call.dim(call.arg(2, "dim1"))
    shape = call.run(lambda: rules.transpose(shape_of(source), first, second), [source])
    return call.finish(shape, dtype_of(source))


def permute(call: TorchCall) -> AbstractValue:
    """``x.permute(*dims)`` / ``torch.permute(x, dims)``."""
    source = call.tensor(0)
    order = call.sizes(1, "dims")
    if order is None:
        return call.finish(None, dtype_of(source))
    shape = call.run(lambda: rules.permute(shape_of(source), order), [source])
    return call.finish(shape, dtype_of(source))
