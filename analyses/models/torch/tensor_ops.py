"""How tensors behave under the interpreter's hooks: attributes and bound methods, arithmetic and
comparison operators (broadcasting, PyTorch's type promotion), ``@``, in-place operators and
indexing.

An operand the model cannot describe (⊤) gives a tensor of unknown shape; a user object or another
library's value makes the hook decline (Python's reflected dispatch decides). ``ndarray op tensor``
fails in PyTorch with a ``TypeError`` the model does not word: its result is ⊤, silently.
"""

from __future__ import annotations

from ...arrays import broadcasting, dims, indexing, manipulation, products, shapes
from ...arrays import dtypes as array_dtypes
from ...arrays.errors import INDEX, TRUTH, CertainShapeError
from ...arrays.indexing import ELLIPSIS, NEW_AXIS, IndexItem, IntegerIndex, SliceIndex
from ...domains.base import TOP, AbstractValue
from ...domains.numbers import NON_NEGATIVE_INT, IntValue
from ...domains.sequences import TupleValue
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from ..calls import FAILED, Operand
from ..numpy import array_ops
from ..numpy.array_ops import index_items
from ..values import ArrayValue, DimValue, dim_value
from ..world_size import strided_index
from . import dtypes, messages, rules, shaping_rules
from .convert import TorchOperand, operand
from .support import Impl, TorchCall
from .values import TorchDTypeValue, TorchSizeValue, TorchTensor

METHODS: dict[str, Impl] = {}
"""Tensor methods by name; filled by :mod:`.module`."""

ARITHMETIC = {"Add", "Sub", "Mult", "Div", "FloorDiv", "Mod", "Pow"}
BITWISE = {"BitAnd", "BitOr", "BitXor", "LShift", "RShift"}


def _call(ctx: CallContext, name: str, args: list[AbstractValue]) -> TorchCall:
    return TorchCall(ctx, name, args, dict(ctx.kwargs))


def attribute(tensor: TorchTensor, name: str, ctx: CallContext) -> AbstractValue:
    """``.shape``, ``.dtype``, ``.ndim``, ``.T``, ``.mT``, ``.data`` and bound methods."""
    if name == "shape":
        return size_value(tensor.shape)
    if name == "dtype":
        return TorchDTypeValue(tensor.dtype) if tensor.dtype is not None else TOP
    if name == "ndim":
        return NON_NEGATIVE_INT if tensor.shape is None else IntValue.constant_of(len(tensor.shape))
    if name == "data":
        return tensor
    if name == "T":
        return TorchTensor(manipulation.transpose(tensor.shape, None), tensor.dtype, ctx.span())
    if name == "mT":
        shape = tensor.shape
        if shape is not None and len(shape) >= 2:
            shape = (*shape[:-2], shape[-1], shape[-2])
        elif shape is not None:
            shape = None
        return TorchTensor(shape, tensor.dtype, ctx.span())
    method = METHODS.get(name)
    if method is None:
        return TOP

    def bound(inner: CallContext) -> AbstractValue:
        return method(_call(inner, f"Tensor.{name}", [tensor, *inner.args]))

    return NativeFunction(f"Tensor.{name}", bound)


def size_value(shape: tuple[dims.Dim, ...] | None) -> AbstractValue:
    """``x.shape`` / ``x.size()``: a ``torch.Size`` of the sizes."""
    if shape is None:
        return TorchSizeValue.summary(NON_NEGATIVE_INT)
    return TorchSizeValue.of(tuple(dim_value(dim) for dim in shape))


def _other(other: AbstractValue) -> TorchOperand | object | None:
    """The other operand of an operator: an operand, ``None`` (unknown data) or
    ``NotImplemented`` (an object PyTorch defers to or the model does not know)."""
    if other is TOP:
        return None
    if isinstance(other, NativeValue) and not isinstance(
        other, (TorchTensor, ArrayValue, DimValue)
    ):
        return NotImplemented
    converted = operand(other)
    return NotImplemented if converted is None else converted


def binary_dtype(op: str, left: TorchOperand, right: TorchOperand) -> str | None:
    """The dtype of ``left op right`` for an arithmetic operator (``None`` if unknown)."""
    merged = dtypes.result_type(left.participant, right.participant)
    if op == "Div":
        return dtypes.true_divide(merged)
    if op == "Sub" and merged == "bool":
        return None
    return merged


def binary(
    tensor: TorchTensor, op: str, other: AbstractValue, reflected: bool, ctx: CallContext
) -> object:
    """``tensor op other`` (``other op tensor`` when ``reflected``)."""
    if isinstance(other, ArrayValue):
        return TOP if reflected else with_array(tensor, op, other, ctx)
    converted = _other(other)
    if converted is NotImplemented:
        return NotImplemented
    call = _call(ctx, op, [])
    if converted is None:
        return call.finish(None, None)
    assert isinstance(converted, TorchOperand)
    mine = TorchOperand(tensor.shape, tensor.dtype, False, tensor.origin)
    left, right = (converted, mine) if reflected else (mine, converted)
    if op == "MatMult":
        same = left.dtype is not None and left.dtype == right.dtype
        shape = call.run(lambda: rules.matmul(left.shape, right.shape, same), [left, right])
        return call.finish(shape, left.dtype if left.dtype == right.dtype else None)
    if op == "Sub" and left.dtype == "bool" and right.dtype == "bool":
        return call.finish(None, None)
    shape = call.run(lambda: rules.broadcast(left.shape, right.shape), [left, right])
    if op in ARITHMETIC:
        return call.finish(shape, binary_dtype(op, left, right))
    if op in BITWISE:
        merged = dtypes.result_type(left.participant, right.participant)
        return call.finish(
            shape, merged if merged is not None and dtypes.category(merged) < 2 else None
        )
    return call.finish(shape, None)


def with_array(tensor: TorchTensor, op: str, array: ArrayValue, ctx: CallContext) -> AbstractValue:
    """``tensor op ndarray``: the tensor defers to the array, so NumPy computes it (its
    broadcasting, ``matmul`` and type promotion, its messages) and the result is a tensor."""
    name = array_ops.ARITHMETIC_UFUNCS.get(op) or ("matmul" if op == "MatMult" else None)
    call = _call(ctx, op, [])
    if name is None:
        return call.finish(None, None)
    mine = Operand(tensor.shape, tensor.dtype, False, tensor.origin)
    theirs = Operand(array.shape, array.dtype, False, array.origin)
    if name == "matmul":
        shape = call.run(lambda: products.matmul(mine.shape, theirs.shape), [mine, theirs])
    else:
        shape = call.run(
            lambda: broadcasting.broadcast_shapes(mine.shape, theirs.shape), [mine, theirs]
        )
    numpy_dtype = tensor.dtype if tensor.dtype in dtypes.NUMPY_NAMES else None
    dtype = array_dtypes.ufunc_result(name, ((numpy_dtype, False), (array.dtype, False)))
    return call.finish(shape, dtype if dtype in dtypes.DTYPES else None)


def compare(
    tensor: TorchTensor, op: str, other: AbstractValue, reflected: bool, ctx: CallContext
) -> object:
    """``<``, ``<=``, ``>``, ``>=``, ``==``, ``!=``: elementwise, broadcast, ``bool`` (with an
    ndarray: a ``TypeError`` or NumPy's semantics, unknown)."""
    if isinstance(other, ArrayValue):
        return TorchTensor(None, None, ctx.span())
    converted = _other(other)
    if converted is NotImplemented:
        return NotImplemented
    call = _call(ctx, op, [])
    if converted is None:
        return call.finish(None, "bool")
    assert isinstance(converted, TorchOperand)
    mine = TorchOperand(tensor.shape, tensor.dtype, False, tensor.origin)
    left, right = (converted, mine) if reflected else (mine, converted)
    shape = call.run(lambda: rules.broadcast(left.shape, right.shape), [left, right])
    return call.finish(shape, "bool")


def inplace(tensor: TorchTensor, op: str, other: AbstractValue, ctx: CallContext) -> object:
    """``tensor op= other``: the broadcast must keep ``tensor``'s own shape. The tensor itself is
    the result, also after a reported failure."""
    if op not in ARITHMETIC and op not in BITWISE:
        return NotImplemented
    if isinstance(other, ArrayValue):
        return tensor
    converted = _other(other)
    if converted is NotImplemented:
        return NotImplemented
    if isinstance(converted, TorchOperand):
        mine = TorchOperand(tensor.shape, tensor.dtype, False, tensor.origin)
        call = _call(ctx, op, [])
        call.run(lambda: rules.into(mine.shape, converted.shape), [mine, converted])
    return tensor


def unary(tensor: TorchTensor, op: str, ctx: CallContext) -> AbstractValue:
    """``-tensor``, ``+tensor``, ``~tensor`` (shape-preserving)."""
    if op == "USub" and tensor.dtype == "bool":
        return TorchTensor(tensor.shape, None, ctx.span())
    return TorchTensor(tensor.shape, tensor.dtype, ctx.span())


def truth(tensor: TorchTensor, ctx: CallContext) -> bool | None:
    """``bool(tensor)`` (``if``, ``while``, ``not``, ``and``/``or``): certainly ambiguous for a
    known number of elements other than 1; the truth itself is never known."""
    count = shapes.size(tensor.shape)
    if isinstance(count, int) and count != 1:
        related = []
        if tensor.origin is not None:
            related.append(
                (tensor.origin, f"shape {shapes.format_python(tensor.shape)} established here")
            )
        ctx.report(TRUTH, messages.ambiguous_truth(count), related=related)
    return None


def _index_value(value: AbstractValue) -> AbstractValue:
    """A tensor used as an index, seen as the array the shared indexing rules read."""
    if isinstance(value, TorchTensor):
        return ArrayValue(value.shape, value.dtype)
    if isinstance(value, TupleValue) and value.items is not None:
        return TupleValue.of(tuple(_index_value(item) for item in value.items))
    return value


def _check_basic(shape: tuple[dims.Dim, ...], items: tuple[IndexItem, ...]) -> bool:
    """PyTorch's checks of a basic index (ints, slices, ``None``, ``...``), in its order: too
    many indices, then each integer's bounds (its message names the item's position in the
    index, ``None`` and ``...`` counting one each). False when the index is not basic or a slice has a
    step PyTorch rejects (the result is then left to the shared rules, silently)."""
    if not all(_basic(item) for item in items):
        return False
    for item in items:
        if (
            isinstance(item, SliceIndex)
            and item.step is not None
            and (not isinstance(item.step, int) or item.step < 1)
        ):
            return False
    consumed = sum(1 for item in items if isinstance(item, (IntegerIndex, SliceIndex)))
    if consumed > len(shape):
        raise CertainShapeError(INDEX, messages.too_many_indices(len(shape)), (0,))
    position = 0
    for number, item in enumerate(items):
        if item is ELLIPSIS:
            position += len(shape) - consumed
            continue
        if isinstance(item, IntegerIndex):
            size = shape[position]
            known = isinstance(item.value, int) and isinstance(size, int)
            if known and not -size <= item.value < size:  # type: ignore[operator]
                raise CertainShapeError(
                    INDEX,
                    messages.index_bounds(item.value, number, size),
                    (0,),  # type: ignore[arg-type]
                )
        if isinstance(item, (IntegerIndex, SliceIndex)):
            position += 1
    return True


def index_shape(shape: tuple[dims.Dim, ...] | None, items: tuple[IndexItem, ...]) -> object:
    """The shape of ``tensor[items]`` (raises PyTorch's failure of a basic index)."""
    if shape is None:
        return None
    if not _check_basic(shape, items) and any(
        isinstance(item, SliceIndex) and item.step is not None for item in items
    ):
        return None
    try:
        return indexing.index(shape, items, check_bounds=False)
    except CertainShapeError:
        return None


def subscript(tensor: TorchTensor, index: AbstractValue, ctx: CallContext) -> AbstractValue:
    """``tensor[index]``."""
    call = _call(ctx, "__getitem__", [])
    split = strided_index(tensor.shape, index)
    items = index_items(call, _index_value(index if split is None else split[1]))
    mine = TorchOperand(tensor.shape, tensor.dtype, False, tensor.origin)
    shape = call.run(lambda: index_shape(tensor.shape, items), [mine])
    if split is not None and isinstance(shape, tuple) and shape:
        shape = (split[0], *shape[1:])
    return call.finish(shape, tensor.dtype)


def store_subscript(
    tensor: TorchTensor, index: AbstractValue, value: AbstractValue, ctx: CallContext
) -> None:
    """``tensor[index] = value``: the index is checked as for reading; through a basic index, a
    tensor value (leading size-1 dims dropped) must expand to the selected region."""
    call = _call(ctx, "__setitem__", [])
    items = index_items(call, _index_value(index))
    mine = TorchOperand(tensor.shape, tensor.dtype, False, tensor.origin)
    region = call.run(lambda: index_shape(tensor.shape, items), [mine])
    if region is FAILED or region is None or not isinstance(value, TorchTensor):
        return
    if not all(_basic(item) for item in items) or value.shape is None:
        return
    stored = TorchOperand(value.shape, value.dtype, False, value.origin)
    trimmed = value.shape
    while trimmed and trimmed[0] == 1:
        trimmed = trimmed[1:]
    target = region
    assert isinstance(target, tuple)
    call.run(lambda: shaping_rules.expand(trimmed, target, value.dtype), [stored, mine])


def _basic(item: IndexItem) -> bool:
    return isinstance(item, (IntegerIndex, SliceIndex)) or item in (NEW_AXIS, ELLIPSIS)
