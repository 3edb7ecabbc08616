"""Models of PyTorch's shaping functions and methods: ``squeeze``/``unsqueeze``, ``flatten``,
``expand``/``expand_as``, ``repeat``, ``cat``/``concat``, ``stack``, ``split``, ``chunk``,
``gather``, ``masked_fill``, ``where``, ``clamp`` and ``einsum``. Argument 0 is the input tensor
(the list of tensors for ``cat``/``stack``)."""

from __future__ import annotations

from ...arrays.dims import Dim
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ..calls import FAILED
from . import dtypes, einsum_rules, rules, shaping_rules
from .convert import TorchOperand, operand
from .support import TorchCall, dtype_of, shape_of
from .values import TorchTensor


def _dim(call: TorchCall, index: int, keyword: str, default: Dim) -> Dim:
    value = call.arg(index, keyword)
    return default if value is None or value is NONE else call.dim(value)


def squeeze(call: TorchCall) -> AbstractValue:
    """``x.squeeze(dim=None)``; ``dim`` an int or a tuple of ints."""
    source = call.tensor(0)
    value = call.arg(1, "dim")
    wanted = None if value is None or value is NONE else call.dims_of(value)
    if wanted is None and value is not None and value is not NONE:
        return call.finish(None, dtype_of(source))
    shape = call.run(lambda: shaping_rules.squeeze(shape_of(source), wanted), [source])
    return call.finish(shape, dtype_of(source))


def unsqueeze(call: TorchCall) -> AbstractValue:
    """``x.unsqueeze(dim)``."""
    source = call.tensor(0)
    position = call.dim(call.arg(1, "dim"))
    shape = call.run(lambda: shaping_rules.unsqueeze(shape_of(source), position), [source])
    return call.finish(shape, dtype_of(source))


def flatten(call: TorchCall) -> AbstractValue:
    """``x.flatten(start_dim=0, end_dim=-1)``."""
    source = call.tensor(0)
    start, end = _dim(call, 1, "start_dim", 0), _dim(call, 2, "end_dim", -1)
    shape = call.run(lambda: shaping_rules.flatten(shape_of(source), start, end), [source])
    return call.finish(shape, dtype_of(source))


def expand(call: TorchCall) -> AbstractValue:
    """``x.expand(*sizes)``."""
    source = call.tensor(0)
    target = call.sizes(1)
    if target is None:
        return call.finish(None, dtype_of(source))
    shape = call.run(
        lambda: shaping_rules.expand(shape_of(source), target, dtype_of(source)), [source]
    )
    return call.finish(shape, dtype_of(source))


def expand_as(call: TorchCall) -> AbstractValue:
    """``x.expand_as(other)``."""
    source = call.tensor(0)
    other = operand(call.arg(1, "other"))
    target = shape_of(other)
    if target is None:
        return call.finish(None, dtype_of(source))
    shape = call.run(
        lambda: shaping_rules.expand(shape_of(source), target, dtype_of(source)), [source]
    )
    return call.finish(shape, dtype_of(source))


def repeat(call: TorchCall) -> AbstractValue:
    """``x.repeat(*sizes)``."""
    source = call.tensor(0)
    times = call.sizes(1, "repeats")
    if times is None:
        return call.finish(None, dtype_of(source))
    shape = call.run(lambda: shaping_rules.repeat(shape_of(source), times), [source])
    return call.finish(shape, dtype_of(source))


def _tensors(call: TorchCall) -> list[TorchOperand | None] | None:
    items = call.items(call.arg(0, "tensors"))
    if items is None:
        return None
    return [operand(item) if isinstance(item, TorchTensor) else None for item in items]


def _joined_dtype(items: list[TorchOperand | None]) -> str | None:
    merged: str | None = None
    for item in items:
        if item is None or item.dtype is None:
            return None
        merged = item.dtype if merged is None else dtypes.promote_types(merged, item.dtype)
    return merged


def cat(call: TorchCall) -> AbstractValue:
    """``torch.cat(tensors, dim=0)`` (``concat``, ``concatenate``)."""
    items = _tensors(call)
    if items is None or not items:
        return call.finish(None, None)
    position = _dim(call, 1, "dim", 0)
    shape = call.run(lambda: shaping_rules.cat([shape_of(item) for item in items], position), items)  # type: ignore[arg-type]
    return call.finish(shape, _joined_dtype(items))


def stack(call: TorchCall) -> AbstractValue:
    """``torch.stack(tensors, dim=0)``."""
    items = _tensors(call)
    if items is None or not items:
        return call.finish(None, None)
    position = _dim(call, 1, "dim", 0)
    shape = call.run(
        lambda: shaping_rules.stack([shape_of(item) for item in items], position), items
    )  # type: ignore[arg-type]
    return call.finish(shape, _joined_dtype(items))


def _pieces(call: TorchCall, pieces: object, dtype: str | None) -> AbstractValue:
    if pieces is FAILED:
        return TOP
    if not isinstance(pieces, list):
        return call.ctx.TOP
    span = call.ctx.span()
    return call.ctx.make_tuple([TorchTensor(piece, dtype, span) for piece in pieces])


def split(call: TorchCall) -> AbstractValue:
    """``x.split(split_size_or_sections, dim=0)``: a tuple of tensors."""
    source = call.tensor(0)
    value = call.arg(1, "split_size_or_sections") or call.arg(None, "split_size")
    sections: Dim | tuple[Dim, ...] | None
    items = None if value is None else call.items(value)
    sections = tuple(call.dim(item) for item in items) if items is not None else call.dim(value)
    position = _dim(call, 2, "dim", 0)
    pieces = call.run(lambda: shaping_rules.split(shape_of(source), sections, position), [source])
    return _pieces(call, pieces, dtype_of(source))


def chunk(call: TorchCall) -> AbstractValue:
    """``x.chunk(chunks, dim=0)``: a tuple of tensors."""
    source = call.tensor(0)
    chunks = call.dim(call.arg(1, "chunks"))
    position = _dim(call, 2, "dim", 0)
    pieces = call.run(lambda: shaping_rules.chunk(shape_of(source), chunks, position), [source])
    return _pieces(call, pieces, dtype_of(source))


def gather(call: TorchCall) -> AbstractValue:
    """``torch.gather(input, dim, index)``: the index's shape, the input's dtype."""
    source = call.tensor(0)
    position = call.dim(call.arg(1, "dim"))
    index = operand(call.arg(2, "index"))
    if source is None or index is None:
        return call.finish(shape_of(index), dtype_of(source))
    if index.dtype is None:
        return call.finish(None, source.dtype)
    shape = call.run(
        lambda: shaping_rules.gather(source.shape, position, index.shape, index.dtype),
        [source, None, index],
    )
    return call.finish(shape, source.dtype)


def masked_fill(call: TorchCall) -> AbstractValue:
    """``x.masked_fill(mask, value)``: the broadcast of the mask and ``x`` (mask first)."""
    source = call.tensor(0)
    mask = operand(call.arg(1, "mask"))
    if source is None or mask is None:
        return call.finish(None, dtype_of(source))
    shape = call.run(lambda: rules.broadcast(mask.shape, source.shape), [mask, source])
    return call.finish(shape if mask.dtype == "bool" or shape is FAILED else None, source.dtype)


def masked_fill_inplace(call: TorchCall) -> AbstractValue:
    """``x.masked_fill_(mask, value)``: the mask broadcasts into ``x``; returns ``x``."""
    tensor = call.arg(0)
    source = call.tensor(0)
    mask = operand(call.arg(1, "mask"))
    if source is not None and mask is not None:
        call.run(lambda: rules.into(source.shape, mask.shape), [source, mask])
    return tensor if isinstance(tensor, TorchTensor) else call.finish(None, None)


def where(call: TorchCall) -> AbstractValue:
    """``torch.where(condition, input, other)`` / ``x.where(condition, other)``: the broadcast of
    the three (condition first); ``torch.where(condition)`` gives index tensors (unknown)."""
    method = call.name.startswith("Tensor.")
    condition = operand(call.arg(1 if method else 0, "condition"))
    first = operand(call.arg(0 if method else 1, "input" if not method else None))
    other = operand(call.arg(2, "other"))
    if condition is None or first is None or other is None:
        return call.finish(None, None) if len(call.args) >= 2 else call.ctx.TOP
    if condition.dtype != "bool":
        return call.finish(None, None)
    trio = [condition, first, other]
    shape = call.run(lambda: rules.broadcast(condition.shape, first.shape, other.shape), trio)
    return call.finish(shape, dtypes.result_type(first.participant, other.participant))


def clamp(call: TorchCall) -> AbstractValue:
    """``x.clamp(min=None, max=None)``: bounds that are tensors broadcast with ``x`` (a tensor
    and a number together are rejected by PyTorch: unknown, silently)."""
    source = call.tensor(0)
    values = [call.arg(index, keyword) for index, keyword in ((1, "min"), (2, "max"))]
    given = [value for value in values if value is not None and value is not NONE]
    bounds = [operand(value) for value in given]
    tensors = [item for item in bounds if item is not None and not item.number]
    if source is None or len(tensors) not in (0, len(given)):
        return call.finish(None, dtype_of(source))
    operands = [source, *tensors]
    shape = call.run(lambda: rules.broadcast(*[item.shape for item in operands]), operands)  # type: ignore[arg-type]
    return call.finish(shape, source.dtype)


def einsum(call: TorchCall) -> AbstractValue:
    """``torch.einsum(equation, *operands)`` (operands also as one list)."""
    equation = call.string(call.arg(0, "equation"))
    rest = call.args[1:]
    if len(rest) == 1 and not isinstance(rest[0], TorchTensor):
        listed = call.items(rest[0])
        rest = listed if listed is not None else []
    items = [operand(item) for item in rest]
    if equation is None or not items or any(item is None for item in items):
        return call.finish(None, None)
    known = [item for item in items if item is not None]
    shapes_in = [item.shape for item in known]

    shape = call.run(lambda: einsum_rules.einsum(equation, shapes_in), known)  # type: ignore[arg-type]
    dtype = known[0].dtype if all(item.dtype == known[0].dtype for item in known) else None
    return call.finish(shape, dtype)
