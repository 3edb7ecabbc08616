"""Models of PyTorch's tensor creation: ``torch.tensor``, ``zeros``/``ones``/``empty``/``rand``/
``randn``, ``full``, ``randint``, ``arange``, ``linspace``, ``eye``, the ``*_like`` functions and
``torch.from_numpy``. Arguments follow torch 2.13's signatures; the default floating dtype is
``float32``."""

from __future__ import annotations

from ...arrays import creation, size_limits
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import CertainShapeError
from ...domains.base import AbstractValue
from ...domains.numbers import FloatValue
from ..calls import FAILED
from ..values import ArrayValue
from . import convert
from .support import Impl, TorchCall, dtype_of, shape_of


def tensor(call: TorchCall) -> AbstractValue:
    """``torch.tensor(data, dtype=None, ...)`` and ``torch.as_tensor(data, dtype=None)``."""
    source = call.run(lambda: convert.data(call.ctx, call.arg(0, "data")))
    if source is FAILED:
        return call.finish(FAILED, None)
    assert source is None or isinstance(source, convert.TorchOperand)
    return call.finish(shape_of(source), call.wanted_dtype(1, dtype_of(source)))


def from_numpy(call: TorchCall) -> AbstractValue:
    """``torch.from_numpy(ndarray)``: the array's shape and dtype."""
    array = call.arg(0, "ndarray")
    if not isinstance(array, ArrayValue):
        return call.finish(None, None)
    return call.finish(array.shape, array.dtype)


def sized(default_dtype: str) -> Impl:
    """``torch.zeros(*size, dtype=None, ...)``, ``ones``, ``empty``, ``rand``, ``randn``."""

    def impl(call: TorchCall) -> AbstractValue:
        dtype = call.wanted_dtype(None, default_dtype)
        return call.finish(_created(call, call.sizes(0), dtype), dtype)

    return impl


def _created(call: TorchCall, sizes: tuple[Dim, ...] | None, dtype: str | None) -> object:
    """The shape of a new tensor of ``sizes``, or ``FAILED`` after reporting the sizes PyTorch
    refuses (``size_limits.check_torch_sizes``)."""
    if sizes is None:
        return None

    def checked() -> tuple[Dim, ...]:
        size_limits.check_torch_sizes(sizes, call.name.rpartition(".")[2], "size", dtype)
        return sizes

    return call.run(checked)


def full(call: TorchCall) -> AbstractValue:
    """``torch.full(size, fill_value, dtype=None)``: the fill value's dtype by default."""
    fill = convert.operand(call.arg(1, "fill_value"))
    default = fill.dtype if fill is not None and fill.number else None
    dtype = call.wanted_dtype(None, default)
    return call.finish(_created(call, call.dims_of(call.arg(0, "size")), dtype), dtype)


def randint(call: TorchCall) -> AbstractValue:
    """``torch.randint(high, size)`` or ``torch.randint(low, high, size)``: ``int64``."""
    size = call.kwargs.get("size")
    if size is None and len(call.args) in (2, 3):
        size = call.args[-1]
    dtype = call.wanted_dtype(None, "int64")
    return call.finish(_created(call, call.dims_of(size), dtype), dtype)


def _number(call: TorchCall, value: AbstractValue | None) -> Dim | float | None:
    if isinstance(value, FloatValue):
        return value.value if value.value is not None else UNKNOWN
    return None if value is None else call.dim(value)


def arange(call: TorchCall) -> AbstractValue:
    """``torch.arange(end)`` / ``(start, end, step=1)``: ``int64`` for ints, else ``float32``."""
    values = [call.arg(index, keyword) for index, keyword in enumerate(("start", "end", "step"))]
    present = [value for value in values if value is not None]
    default = "float32" if any(isinstance(value, FloatValue) for value in present) else "int64"
    start, end, step = (_number(call, value) for value in values)
    try:
        if end is None:
            length = creation.arange_length(start if start is not None else UNKNOWN, None, step)
        else:
            length = creation.arange_length(start if start is not None else 0, end, step)
    except CertainShapeError:
        length = UNKNOWN
    return call.finish((length,), call.wanted_dtype(None, default))


def linspace(call: TorchCall) -> AbstractValue:
    """``torch.linspace(start, end, steps)``: ``steps`` elements, ``float32``."""
    steps = call.arg(2, "steps")
    length = UNKNOWN if steps is None else call.dim(steps)
    if isinstance(length, int) and length < 0:
        length = UNKNOWN
    return call.finish((length,), call.wanted_dtype(None, "float32"))


def eye(call: TorchCall) -> AbstractValue:
    """``torch.eye(n, m=None)``."""
    rows = call.dim(call.arg(0, "n"))
    columns_value = call.arg(1, "m")
    columns = rows if columns_value is None else call.dim(columns_value)
    return call.finish((rows, columns), call.wanted_dtype(None, "float32"))


def like(dtype_override: str | None = None) -> Impl:
    """``torch.zeros_like(input, dtype=None)``, ``ones_like``, ``empty_like``, ``rand_like``,
    ``randn_like``, ``full_like(input, fill_value)``, ``randint_like(input, high)``."""

    def impl(call: TorchCall) -> AbstractValue:
        source = call.tensor(0)
        default = dtype_override or dtype_of(source)
        return call.finish(shape_of(source), call.wanted_dtype(None, default))

    return impl
