"""Models of PyTorch's reductions and normalisations: ``sum``, ``mean``, ``prod``, ``std``,
``var``, ``max``/``min`` (a ``(values, indices)`` pair when ``dim`` is given, an elementwise
maximum with a tensor), ``argmax``/``argmin``, ``all``/``any``, ``logsumexp``, ``cumsum`` and
``softmax``/``log_softmax``. Argument 0 is the input tensor."""

from __future__ import annotations

from ...arrays.dims import Dim
from ...domains.base import AbstractValue
from ...domains.none import NONE
from ...domains.numbers import IntValue
from ..calls import FAILED
from . import dtypes, rules
from .convert import TorchOperand, operand
from .support import Impl, TorchCall, dtype_of, shape_of
from .values import TorchNamedTuple, TorchTensor


def _dims(call: TorchCall, index: int) -> tuple[Dim, ...] | bool | None:
    """The ``dim`` argument: ``None`` when absent, a tuple of dims, or ``False`` when unknown."""
    value = call.arg(index, "dim")
    if value is None or value is NONE:
        return None
    dims = call.dims_of(value)
    return False if dims is None else dims


def _keepdim(call: TorchCall, index: int | None) -> bool | None:
    return call.boolean(call.arg(index, "keepdim"), False)


def _accumulated(dtype: str | None) -> str | None:
    """The dtype of ``sum``/``prod``/``cumsum``: integers and bools accumulate in ``int64``."""
    if dtype is None:
        return None
    return "int64" if dtypes.category(dtype) < 2 else dtype


def _floating(source: TorchOperand | None) -> bool:
    """Whether the input's dtype is certainly floating or complex (``mean``, ``std``, ... check
    the dtype before the dims)."""
    dtype = dtype_of(source)
    return dtypes.is_floating(dtype) or dtype in dtypes.COMPLEX


def reduction(kind: str, dim_position: int = 1) -> Impl:
    """``x.sum(dim=None, keepdim=False, dtype=None)`` ("accumulate"), ``mean`` ("float": only
    floating inputs have a known dtype), ``logsumexp`` ("float"), ``all``/``any`` ("bool");
    ``dim`` is argument ``dim_position`` and ``keepdim`` the next (``x.norm(p, dim, keepdim)``:
    2)."""

    def impl(call: TorchCall) -> AbstractValue:
        source = call.tensor(0)
        dim = _dims(call, dim_position)
        if dim is False or (kind == "float" and not _floating(source)):
            return call.finish(None, None)
        keepdim = _keepdim(call, dim_position + 1)
        shape = call.run(lambda: rules.reduce(shape_of(source), dim, keepdim), [source])  # type: ignore[arg-type]
        dtype = dtype_of(source)
        if kind == "accumulate":
            dtype = _accumulated(dtype)

        elif kind == "bool":
            dtype = "uint8" if dtype == "uint8" else "bool"
        return call.finish(shape, call.wanted_dtype(None, dtype))

    return impl


def statistic(call: TorchCall) -> AbstractValue:
    """``x.std(dim=None, unbiased=True, keepdim=False)`` / ``var``: floating inputs only."""
    source = call.tensor(0)
    dim = _dims(call, 1)
    if dim is False or len(call.args) > 3 or not _floating(source):
        return call.finish(None, None)
    keepdim = _keepdim(call, None) if len(call.args) < 4 else None
    shape = call.run(lambda: rules.reduce(shape_of(source), dim, keepdim), [source])  # type: ignore[arg-type]
    dtype = dtype_of(source)
    return call.finish(shape, dtype if dtypes.is_floating(dtype) else None)


def extreme(call: TorchCall) -> AbstractValue:
    """``x.max()`` (a 0-D tensor), ``x.max(dim, keepdim=False)`` (``(values, indices)``) or
    ``x.max(other)`` (elementwise ``maximum``); ``min`` alike."""
    source = call.tensor(0)
    value = call.arg(1, "dim")
    if isinstance(value, TorchTensor):
        other = operand(value)
        assert other is not None
        shape = call.run(lambda: rules.broadcast(shape_of(source), other.shape), [source, other])
        merged = dtypes.result_type(
            source.participant if source is not None else dtypes.Participant(None, None),
            other.participant,
        )
        return call.finish(shape, merged)
    if value is None or value is NONE:
        return call.finish(None if shape_of(source) is None else (), dtype_of(source))
    if not isinstance(value, IntValue) and call.dims_of(value) is None:
        return call.ctx.TOP
    dim = (call.dim(value),)
    keepdim = _keepdim(call, 2)
    shape = call.run(lambda: rules.reduce(shape_of(source), dim, keepdim), [source])
    values = call.finish(shape, dtype_of(source))
    indices = call.finish(shape, "int64")
    kind = call.name.rsplit(".", 1)[-1]
    return TorchNamedTuple(kind, ("values", "indices"), (values, indices))


def arg_extreme(call: TorchCall) -> AbstractValue:
    """``x.argmax(dim=None, keepdim=False)`` / ``argmin``: ``int64`` indices."""
    source = call.tensor(0)
    value = call.arg(1, "dim")
    if value is None or value is NONE:
        return call.finish(() if shape_of(source) is not None else None, "int64")
    dim = (call.dim(value),)
    keepdim = _keepdim(call, 2)
    shape = call.run(lambda: rules.reduce(shape_of(source), dim, keepdim), [source])
    return call.finish(shape, "int64")


def _checked_dim(call: TorchCall, index: int) -> object:
    """The input's shape after checking the ``dim`` argument (``FAILED`` after a report)."""
    source = call.tensor(0)
    shape = shape_of(source)
    value = call.arg(index, "dim")
    if value is None or value is NONE:
        return shape
    position = call.dim(value)
    rank = None if shape is None else len(shape)
    checked = call.run(lambda: rules.wrap_dim(position, rank), [source])
    return FAILED if checked is FAILED else shape


def cumulative(call: TorchCall) -> AbstractValue:
    """``x.cumsum(dim)`` / ``cumprod``: the input's shape; integers accumulate in ``int64``."""
    dtype = _accumulated(dtype_of(call.tensor(0)))
    return call.finish(_checked_dim(call, 1), call.wanted_dtype(None, dtype))


def softmax(call: TorchCall) -> AbstractValue:
    """``torch.softmax(input, dim, dtype=None)``, ``x.softmax(dim)``, ``F.softmax(input,
    dim=None)``, ``log_softmax`` alike: the input's shape; floating inputs only."""
    dtype = dtype_of(call.tensor(0))
    dtype = dtype if dtypes.is_floating(dtype) else None
    position = None if call.name.startswith("torch.nn.functional") else 2
    return call.finish(_checked_dim(call, 1), call.wanted_dtype(position, dtype))
