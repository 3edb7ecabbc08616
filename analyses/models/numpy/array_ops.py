"""How arrays behave under the interpreter's hooks: attributes, operators, subscripts, subscript
assignment, truth testing, iteration and ``len()``.

Operators broadcast with the shape algebra and promote dtypes with NumPy's own rules. An operand
the model cannot describe (⊤) is assumed to be NumPy-compatible data of unknown shape, so the
result is an array of unknown shape; an operand that is some other object (a user instance) makes
the hook decline so that Python's reflected dispatch decides.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays import broadcasting, dims, dtypes, indexing, manipulation, products, shapes
from ...arrays.errors import BROADCAST, TRUTH, CertainShapeError
from ...arrays.indexing import (
    ELLIPSIS,
    NEW_AXIS,
    UNKNOWN_INDEX,
    ArrayIndex,
    IndexItem,
    IntegerIndex,
    SliceIndex,
)
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.none import NONE
from ...domains.numbers import NON_NEGATIVE_INT, FloatValue, IntValue
from ...domains.sequences import TupleValue
from ...domains.slices import EllipsisValue, SliceValue
from ...domains.strings import StrValue
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from ..calls import FAILED, ModelCall, Operand, int_of
from ..values import ArrayValue, DimValue, DTypeValue, dim_value
from ..world_size import strided_index
from . import element_values

ARITHMETIC_UFUNCS = {
    "Add": "add",
    "Sub": "subtract",
    "Mult": "multiply",
    "Div": "divide",
    "FloorDiv": "floor_divide",
    "Mod": "remainder",
    "Pow": "power",
    "BitAnd": "bitwise_and",
    "BitOr": "bitwise_or",
    "BitXor": "bitwise_xor",
    "LShift": "left_shift",
    "RShift": "right_shift",
}
COMPARISON_UFUNCS = {
    "Eq": "equal",
    "NotEq": "not_equal",
    "Lt": "less",
    "LtE": "less_equal",
    "Gt": "greater",
    "GtE": "greater_equal",
}
UNARY_UFUNCS = {"USub": "negative", "UAdd": "positive", "Invert": "invert"}

Method = Callable[[ModelCall], AbstractValue]
METHODS: dict[str, Method] = {}
"""ndarray methods by name; filled by :mod:`tensorls.analyses.models.module`."""

TRUTH_MANY = (
    "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()"
)
TRUTH_EMPTY = (
    "The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array "
    "is not empty."
)


def _call(ctx: CallContext, name: str) -> ModelCall:
    return ModelCall(ctx, name, list(ctx.args), dict(ctx.kwargs))


def attribute(array: ArrayValue, name: str, ctx: CallContext) -> AbstractValue:
    """``array.name``: shape properties, ``.T``, and bound methods."""
    if name == "shape":
        if array.shape is None:
            return TupleValue.summary(NON_NEGATIVE_INT)
        return TupleValue.of(tuple(dim_value(dim) for dim in array.shape))
    if name == "ndim":
        return NON_NEGATIVE_INT if array.ndim is None else IntValue.constant_of(array.ndim)
    if name == "size":
        return dim_value(shapes.size(array.shape))
    if name == "dtype":
        return DTypeValue(array.dtype, scalar_type=False) if array.dtype is not None else TOP
    if name in ("T", "mT"):
        shape = manipulation.transpose(array.shape, None)
        if name == "mT" and array.shape is not None and len(array.shape) >= 2:
            shape = (*array.shape[:-2], array.shape[-1], array.shape[-2])
        return ArrayValue(shape, array.dtype, array.origin)
    if name in ("real", "imag"):
        dtype = dtypes.ufunc_result("real", ((array.dtype, False),))
        return ArrayValue(array.shape, dtype, array.origin)
    method = METHODS.get(name)
    if method is None:
        return TOP

    def bound(ctx: CallContext) -> AbstractValue:
        call = ModelCall(ctx, name, [array, *ctx.args], dict(ctx.kwargs))
        return method(call)

    return NativeFunction(f"ndarray.{name}", bound)


def _other_operand(call: ModelCall, other: AbstractValue) -> Operand | object | None:
    """The other operand of an operator: an ``Operand``, ``None`` (unknown data), ``FAILED``
    (ragged data, reported), or ``NotImplemented`` (an object NumPy defers to)."""
    if other is TOP:
        return None
    if isinstance(other, (ArrayValue, IntValue, FloatValue, BoolValue, DimValue)):
        return call.run(lambda: call.operand(other))
    if not isinstance(other, (NativeValue, StrValue)) and call.items(other) is not None:
        return call.run(lambda: call.operand(other))
    return NotImplemented


def binary(
    array: ArrayValue, op: str, other: AbstractValue, reflected: bool, ctx: CallContext
) -> object:
    """``array op other`` (or ``other op array``)."""
    name = ARITHMETIC_UFUNCS.get(op) or ("matmul" if op == "MatMult" else None)
    if name is None:
        return NotImplemented
    result = elementwise(_call(ctx, name), name, array, other, reflected)
    if not isinstance(result, AbstractValue):
        return result
    return element_values.binary(op, result, array, other, reflected)


def compare(
    array: ArrayValue, op: str, other: AbstractValue, reflected: bool, ctx: CallContext
) -> object:
    """``array < other`` and the like: elementwise, boolean. A reflected comparison arrives with
    its operator already mirrored (``1 < a`` as ``a > 1``)."""
    name = COMPARISON_UFUNCS.get(op)
    if name is None:
        return NotImplemented
    result = elementwise(_call(ctx, name), name, array, other, reflected)
    if not isinstance(result, AbstractValue):
        return result
    return element_values.binary(op, result, array, other, False)


def elementwise(
    call: ModelCall, name: str, array: ArrayValue, other: AbstractValue, reflected: bool
) -> object:
    """A binary ufunc (or ``matmul``) between an array and another value."""
    converted = _other_operand(call, other)
    if converted is NotImplemented:
        return NotImplemented
    if converted is FAILED:
        return TOP
    mine = Operand(array.shape, array.dtype, False, array.origin)
    if converted is None:
        return call.array(None, None)
    assert isinstance(converted, Operand)
    left, right = (converted, mine) if reflected else (mine, converted)
    return apply_binary(call, name, left, right)


def apply_binary(call: ModelCall, name: str, left: Operand, right: Operand) -> AbstractValue:
    """The result of ufunc ``name`` (or ``matmul``) on two operands, reporting certain failures."""
    if name == "matmul":
        shape = call.run(lambda: products.matmul(left.shape, right.shape), [left, right])
    else:
        shape = call.run(
            lambda: broadcasting.broadcast_shapes(left.shape, right.shape), [left, right]
        )
    if shape is FAILED:
        return TOP
    dtype = dtypes.ufunc_result(name, ((left.dtype, left.weak), (right.dtype, right.weak)))
    return call.array(shape, dtype)  # type: ignore[arg-type]


def inplace(array: ArrayValue, op: str, other: AbstractValue, ctx: CallContext) -> object:
    """``array op= other``: the result must broadcast into ``array``'s own shape.

    The array itself is the result, also after a reported failure (that path never continues,
    and keeping the value keeps loop joins precise)."""
    name = ARITHMETIC_UFUNCS.get(op)
    if name is None:
        return NotImplemented
    call = _call(ctx, name)
    converted = _other_operand(call, other)
    if converted is NotImplemented:
        return NotImplemented
    if isinstance(converted, Operand):
        mine = Operand(array.shape, array.dtype, False, array.origin)

        def rule() -> None:
            try:
                result = broadcasting.broadcast_shapes(array.shape, converted.shape)
            except CertainShapeError:
                listed = "".join(
                    shapes.format_numpy(shape) + " "
                    for shape in (array.shape, converted.shape, array.shape)
                )
                raise CertainShapeError(
                    BROADCAST,
                    f"operands could not be broadcast together with shapes {listed}",
                    (0, 1),
                ) from None
            if (
                result is not None
                and array.shape is not None
                and (
                    len(result) > len(array.shape)
                    or any(
                        dims.certainly_different(x, y)
                        for x, y in zip(
                            result[-len(array.shape) :] if array.shape else (),
                            array.shape,
                            strict=False,
                        )
                    )
                )
            ):
                raise CertainShapeError(
                    BROADCAST,
                    f"non-broadcastable output operand with shape "
                    f"{shapes.format_numpy(array.shape)} doesn't match the broadcast shape "
                    f"{shapes.format_numpy(result)}",
                    (0, 1),
                )

        call.run(rule, [mine, converted])
    return array


def unary(array: ArrayValue, op: str, ctx: CallContext) -> AbstractValue:
    """``-array``, ``+array``, ``~array``."""
    name = UNARY_UFUNCS.get(op)
    if name is None:
        return TOP
    dtype = dtypes.ufunc_result(name, ((array.dtype, False),))
    return element_values.unary(op, ArrayValue(array.shape, dtype, ctx.span()), array)


def index_items(call: ModelCall, index: AbstractValue) -> tuple[IndexItem, ...]:
    """A subscript as index items (a tuple subscript gives several)."""
    if isinstance(index, TupleValue):
        if index.items is None:
            return (UNKNOWN_INDEX,)
        return tuple(index_item(call, item) for item in index.items)
    return (index_item(call, index),)


def _slice_part(value: AbstractValue) -> dims.Dim | None:
    return None if value is NONE else int_of(value)


def index_item(call: ModelCall, value: AbstractValue) -> IndexItem:
    """One subscript item."""
    if isinstance(value, (IntValue, DimValue)):
        return IntegerIndex(int_of(value))
    if isinstance(value, SliceValue):
        return SliceIndex(
            _slice_part(value.lower), _slice_part(value.upper), _slice_part(value.step)
        )
    if value is NONE:
        return NEW_AXIS
    if isinstance(value, EllipsisValue):
        return ELLIPSIS
    if isinstance(value, ArrayValue):
        if value.dtype == dtypes.BOOL:
            known = element_values.true_count(value)
            count = (
                known
                if known is not None
                else call.fresh("k", "the number of True elements of the mask")
            )
            return ArrayIndex(value.shape, True, None, count)
        if value.dtype is not None and value.dtype.startswith(("int", "uint")):
            return ArrayIndex(value.shape, False, value.values)  # type: ignore[arg-type]
        return UNKNOWN_INDEX
    items = call.items(value) if not isinstance(value, (FloatValue, BoolValue, StrValue)) else None
    if items is None:
        return UNKNOWN_INDEX
    if all(isinstance(item, IntValue) and item.constant is not None for item in items):
        values = tuple(item.constant for item in items if isinstance(item, IntValue))
        return ArrayIndex((len(items),), False, tuple(v for v in values if v is not None))
    if items and all(isinstance(item, BoolValue) and item.value is not None for item in items):
        count = sum(1 for item in items if isinstance(item, BoolValue) and item.value)
        return ArrayIndex((len(items),), True, None, count)
    return UNKNOWN_INDEX


def subscript(array: ArrayValue, index: AbstractValue, ctx: CallContext) -> AbstractValue:
    """``array[index]``."""
    call = _call(ctx, "__getitem__")
    split = strided_index(array.shape, index)
    items = index_items(call, index if split is None else split[1])
    mine = Operand(array.shape, array.dtype, False, array.origin)
    shape = call.run(lambda: indexing.index(array.shape, items), [mine])
    if shape is FAILED:
        return TOP
    if split is not None and isinstance(shape, tuple) and shape:
        shape = (split[0], *shape[1:])
    positions = [item.value for item in items if isinstance(item, IntegerIndex)]
    if shape == () and len(positions) == len(items) and all(isinstance(p, int) for p in positions):
        value = element_values.element(array, positions)  # type: ignore[arg-type]
        if value is not None:
            return ArrayValue((), array.dtype, call.ctx.span(), (value,))  # type: ignore[arg-type]
    return call.array(shape, array.dtype)  # type: ignore[arg-type]


def store_subscript(
    array: ArrayValue, index: AbstractValue, value: AbstractValue, ctx: CallContext
) -> None:
    """``array[index] = value``: the selected region must accept ``value``."""
    call = _call(ctx, "__setitem__")
    items = index_items(call, index)
    mine = Operand(array.shape, array.dtype, False, array.origin)
    converted = _other_operand(call, value)
    if converted is FAILED:
        return
    if isinstance(converted, Operand):
        call.run(lambda: indexing.assign(array.shape, items, converted.shape), [mine, converted])
    else:
        call.run(lambda: indexing.index(array.shape, items), [mine])


def truth(array: ArrayValue, ctx: CallContext) -> bool | None:
    """``bool(array)``: certainly ambiguous for a known size other than 1."""
    size = shapes.size(array.shape)
    if isinstance(size, int) and size != 1:
        message = TRUTH_EMPTY if size == 0 else TRUTH_MANY
        related = []
        if array.origin is not None:
            related.append(
                (array.origin, f"shape {shapes.format_python(array.shape)} established here")
            )
        ctx.report(TRUTH, message, related=related)
    return None


def iterate(array: ArrayValue, ctx: CallContext) -> AbstractValue:
    """The rows produced by iterating over ``array``."""
    if array.shape is None:
        return ArrayValue(None, array.dtype, array.origin)
    if len(array.shape) == 0:
        return TOP
    return ArrayValue(array.shape[1:], array.dtype, array.origin)


def length(array: ArrayValue, ctx: CallContext) -> AbstractValue:
    """``len(array)``: the first dimension."""
    if array.shape is None or len(array.shape) == 0:
        return NON_NEGATIVE_INT if array.shape is None else TOP
    return dim_value(array.shape[0])
