"""Models of PyTorch's selection, ordering and construction-from-a-tensor functions and methods:
``topk``/``sort`` (named ``(values, indices)`` pairs), ``argsort``, ``unbind``, ``index_select``,
``flip``/``roll``, ``scatter``/``scatter_add``, ``one_hot``, ``outer``/``mv``/``dot``,
``x.type(dtype)`` (also with a legacy type), ``x.new_zeros``/``new_ones``/``new_full``/``new_empty``, ``unflatten``,
``movedim``, ``narrow`` and ``broadcast_to``. Argument 0 is the
input tensor. Failures other than a dim out of range are not reported: a case the rule cannot
vouch for gives an unknown shape."""

from __future__ import annotations

from collections.abc import Callable

from ...arrays import dims, manipulation
from ...arrays.dims import UNKNOWN
from ...arrays.errors import CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import AbstractValue
from ...domains.none import NONE
from ..calls import FAILED
from . import legacy, rules, shaping_rules
from .convert import operand
from .support import Impl, TorchCall, dtype_of, shape_of
from .values import TorchNamedTuple, TorchTensor


def _position(call: TorchCall, index: int, default: int) -> object:
    """The ``dim`` argument wrapped for the input's rank (``FAILED`` after a report)."""
    shape = shape_of(call.tensor(0))
    value = call.arg(index, "dim")
    dim = default if value is None or value is NONE else call.dim(value)
    rank = None if shape is None else len(shape)
    return call.run(lambda: rules.wrap_dim(dim, rank), [call.tensor(0)])


def _pair(call: TorchCall, kind: str, shape: object) -> AbstractValue:
    values = call.finish(shape, dtype_of(call.tensor(0)))
    indices = call.finish(shape, "int64")
    return TorchNamedTuple(kind, ("values", "indices"), (values, indices))


def topk(call: TorchCall) -> AbstractValue:
    """``x.topk(k, dim=-1, largest=True, sorted=True)``: ``k`` along ``dim``."""
    shape = shape_of(call.tensor(0))
    count = call.dim(call.arg(1, "k"))
    position = _position(call, 2, -1)
    result: object = FAILED if position is FAILED else None
    if isinstance(position, int) and shape:
        size = shape[position]
        fits = (
            isinstance(count, int) and count >= 0 and not (isinstance(size, int) and count > size)
        )
        result = (*shape[:position], count, *shape[position + 1 :]) if fits else None
    elif shape == () and position == 0:
        result = () if count in (0, 1) else None
    return _pair(call, "topk", result)


def sort(call: TorchCall) -> AbstractValue:
    """``x.sort(dim=-1, descending=False)``: the input's shape."""
    position = _position(call, 1, -1)
    return _pair(call, "sort", FAILED if position is FAILED else shape_of(call.tensor(0)))


def argsort(call: TorchCall) -> AbstractValue:
    """``x.argsort(dim=-1)``: ``int64`` indices of the input's shape."""
    position = _position(call, 1, -1)
    return call.finish(FAILED if position is FAILED else shape_of(call.tensor(0)), "int64")


def unbind(call: TorchCall) -> AbstractValue:
    """``x.unbind(dim=0)``: a tuple of the slices along ``dim`` (when its size is known)."""
    shape = shape_of(call.tensor(0))
    position = _position(call, 1, 0)
    if position is FAILED:
        return call.finish(FAILED, None)
    if not isinstance(position, int) or not shape or not isinstance(shape[position], int):
        return call.ctx.TOP
    count = shape[position]
    assert isinstance(count, int)
    if count > 64:
        return call.ctx.TOP
    rest = (*shape[:position], *shape[position + 1 :])
    span = call.ctx.span()
    return call.ctx.make_tuple([TorchTensor(rest, dtype_of(call.tensor(0)), span)] * count)


def index_select(call: TorchCall) -> AbstractValue:
    """``x.index_select(dim, index)``: ``dim`` takes the index's length."""
    shape = shape_of(call.tensor(0))
    position = _position(call, 1, 0)
    index = operand(call.arg(2, "index"))
    if position is FAILED:
        return call.finish(FAILED, None)
    dtype = dtype_of(call.tensor(0))
    if not isinstance(position, int) or shape is None or index is None or index.shape is None:
        return call.finish(None if shape is None else (UNKNOWN,) * len(shape), dtype)
    if len(index.shape) > 1 or not shape:
        return call.finish(None, dtype)
    length = index.shape[0] if index.shape else 1
    return call.finish((*shape[:position], length, *shape[position + 1 :]), dtype)


def reordered(index: int) -> Impl:
    """``x.flip(dims)`` (``index`` 1) and ``x.roll(shifts, dims=None)`` (``index`` 2): the
    input's shape and dtype; every dim of ``dims`` must be in range."""

    def impl(call: TorchCall) -> AbstractValue:
        source = call.tensor(0)
        shape = shape_of(source)
        value = call.arg(index, "dims")
        wanted = () if value is None or value is NONE else call.dims_of(value)
        rank = None if shape is None else len(shape)

        def rule() -> object:
            for dim in wanted or ():
                rules.wrap_dim(dim, rank)
            return shape

        return call.finish(call.run(rule, [source]), dtype_of(source))

    return impl


def scatter(call: TorchCall) -> AbstractValue:
    """``x.scatter(dim, index, src)`` / ``scatter_add``: the input's shape and dtype."""
    position = _position(call, 1, 0)
    return call.finish(
        FAILED if position is FAILED else shape_of(call.tensor(0)), dtype_of(call.tensor(0))
    )


def one_hot(call: TorchCall) -> AbstractValue:
    """``F.one_hot(tensor, num_classes=-1)``: one more dim of ``num_classes`` (unknown for
    ``-1``: the largest value plus one), ``int64``."""
    shape = shape_of(call.tensor(0))
    value = call.arg(1, "num_classes")
    classes = -1 if value is None else call.dim(value)
    if shape is None:
        return call.finish(None, "int64")
    size = UNKNOWN if classes == -1 or (isinstance(classes, int) and classes < 0) else classes
    return call.finish((*shape, size), "int64")


def outer(call: TorchCall) -> AbstractValue:
    """``torch.outer(input, vec2)`` (``ger``): two vectors give a matrix."""
    first, second = shape_of(call.tensor(0)), shape_of(operand(call.arg(1, "vec2")))
    dtype = dtype_of(call.tensor(0))
    if first is None or second is None or len(first) != 1 or len(second) != 1:
        return call.finish(None, dtype)
    return call.finish((first[0], second[0]), dtype)


def mv(call: TorchCall) -> AbstractValue:
    """``torch.mv(input, vec)``: a matrix times a vector."""
    matrix, vector = shape_of(call.tensor(0)), shape_of(operand(call.arg(1, "vec")))
    dtype = dtype_of(call.tensor(0))
    if matrix is None or vector is None or len(matrix) != 2 or len(vector) != 1:
        return call.finish(None, dtype)
    if dims.certainly_different(matrix[1], vector[0]):
        return call.finish(None, dtype)
    return call.finish((matrix[0],), dtype)


def dot(call: TorchCall) -> AbstractValue:
    """``torch.dot(input, tensor)``: two vectors of one length give a 0-D tensor."""
    first, second = shape_of(call.tensor(0)), shape_of(operand(call.arg(1, "tensor")))
    dtype = dtype_of(call.tensor(0))
    if first is None or second is None or len(first) != 1 or len(second) != 1:
        return call.finish(None, dtype)
    if dims.certainly_different(first[0], second[0]):
        return call.finish(None, dtype)
    return call.finish((), dtype)


def type_(call: TorchCall) -> AbstractValue:
    """``x.type(dtype)``: the same shape in ``dtype``, a ``torch.dtype``, a legacy type
    (``torch.FloatTensor``) or its name (``'torch.LongTensor'``); without one, the legacy type's
    name (``'torch.FloatTensor'``; unknown for an unknown dtype)."""
    value = call.arg(1, "dtype")
    if value is None:
        return legacy.type_name(dtype_of(call.tensor(0)))
    wanted = call.torch_dtype(value) or legacy.wanted_type(value)
    return call.finish(shape_of(call.tensor(0)), wanted)


def new(fill: bool) -> Impl:
    """``x.new_zeros(size)``, ``new_ones``, ``new_empty`` and ``x.new_full(size, fill_value)``:
    the size given, the dtype of ``x`` unless ``dtype=`` says otherwise."""

    def impl(call: TorchCall) -> AbstractValue:
        value = call.arg(1, "size")
        size = call.dims_of(value) if fill else call.sizes(1)
        return call.finish(size, call.wanted_dtype(None, dtype_of(call.tensor(0))))

    return impl


def _silently(rule: Callable[[], Shape]) -> Shape:
    """A shared rule's result; ``None`` where it fails (PyTorch words that failure its own way,
    which the model does not)."""
    try:
        return rule()
    except CertainShapeError:
        return None


def unflatten(call: TorchCall) -> AbstractValue:
    """``x.unflatten(dim, sizes)``: ``dim`` split into ``sizes`` (one may be ``-1``)."""
    shape = shape_of(call.tensor(0))
    position = _position(call, 1, 0)
    sizes = call.dims_of(call.arg(2, "sizes"))
    if position is FAILED:
        return call.finish(FAILED, None)
    dtype = dtype_of(call.tensor(0))
    if not isinstance(position, int) or shape is None or not shape or sizes is None:
        return call.finish(None, dtype)
    split = _silently(lambda: manipulation.reshape((shape[position],), sizes))
    if split is None:
        return call.finish(None, dtype)
    return call.finish((*shape[:position], *split, *shape[position + 1 :]), dtype)


def movedim(call: TorchCall) -> AbstractValue:
    """``x.movedim(source, destination)`` / ``moveaxis``: ints or sequences of ints."""
    shape = shape_of(call.tensor(0))
    source = call.dims_of(call.arg(1, "source"))
    destination = call.dims_of(call.arg(2, "destination"))
    dtype = dtype_of(call.tensor(0))
    if source is None or destination is None:
        return call.finish(None, dtype)
    return call.finish(_silently(lambda: manipulation.moveaxis(shape, source, destination)), dtype)


def narrow(call: TorchCall) -> AbstractValue:
    """``x.narrow(dim, start, length)``: ``length`` along ``dim``."""
    shape = shape_of(call.tensor(0))
    position = _position(call, 1, 0)
    length = call.dim(call.arg(3, "length"))
    if position is FAILED:
        return call.finish(FAILED, None)
    dtype = dtype_of(call.tensor(0))
    if not isinstance(position, int) or not shape or not isinstance(length, int) or length < 0:
        return call.finish(None, dtype)
    size = shape[position]
    if isinstance(size, int) and length > size:
        return call.finish(None, dtype)
    return call.finish((*shape[:position], length, *shape[position + 1 :]), dtype)


def broadcast_to(call: TorchCall) -> AbstractValue:
    """``torch.broadcast_to(input, size)``: ``expand``'s shape (its failures left unknown)."""
    shape = shape_of(call.tensor(0))
    target = call.dims_of(call.arg(1, "size"))
    dtype = dtype_of(call.tensor(0))
    if target is None:
        return call.finish(None, dtype)
    return call.finish(_silently(lambda: shaping_rules.expand(shape, target, None)), dtype)
