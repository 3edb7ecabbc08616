"""How tensors behave under the interpreter's hooks: attributes and methods, arithmetic and
comparison operators (broadcasting), ``@`` and basic indexing.

Operator dtypes: two tensors of one dtype keep it; a Python scalar takes the tensor's dtype; ``/``
on integers gives ``float64`` (TensorFlow's ``truediv``). Two tensors of different dtypes fail
(:mod:`.dtypes`); other mixed dtypes give an unknown dtype. An operand the model cannot describe gives a tensor
of unknown shape; a user object makes the hook decline.
"""

from __future__ import annotations

from ...arrays import indexing, shapes
from ...arrays.errors import CertainShapeError
from ...arrays.indexing import ArrayIndex
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.numbers import NON_NEGATIVE_INT, IntValue
from ...domains.strings import StrValue
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from ..calls import FAILED, ModelCall
from ..numpy.array_ops import index_items
from ..values import ArrayValue, DimValue
from . import dtypes, messages, rules
from .convert import TensorOperand, operand
from .numpy_behavior import promotion
from .support import run, tensor
from .values import TensorShapeValue, TensorValue, TFDTypeValue

ARITHMETIC = {"Add", "Sub", "Mult", "Div", "FloorDiv", "Mod", "Pow", "BitAnd", "BitOr", "BitXor"}
ORDERING = {"Lt", "LtE", "Gt", "GtE"}


def attribute(value: TensorValue, name: str, ctx: CallContext) -> AbstractValue:
    """``.shape``, ``.dtype``, ``.ndim``, ``.numpy()``, ``.get_shape()``; a variable's
    ``assign``/``assign_add``/``assign_sub`` and ``read_value()``."""
    if name == "shape":
        return TensorShapeValue(value.shape)
    if name == "dtype":
        return TFDTypeValue(value.dtype) if value.dtype is not None else TOP
    if name == "ndim":
        return NON_NEGATIVE_INT if value.shape is None else IntValue.constant_of(len(value.shape))
    if name == "get_shape":
        return NativeFunction("Tensor.get_shape", lambda call: TensorShapeValue(value.shape))
    if name == "numpy" and not value.symbolic:
        return NativeFunction(
            "Tensor.numpy", lambda call: ArrayValue(value.shape, value.dtype, call.span())
        )
    if name == "name" and value.symbolic:
        return StrValue(None)
    if value.kind == "variable" and name in VARIABLE_UPDATES:
        return NativeFunction(f"Variable.{name}", lambda call: _update(value, name, call))
    if value.kind == "variable" and name in ("read_value", "value"):
        return NativeFunction(
            f"Variable.{name}", lambda call: TensorValue(value.shape, value.dtype, call.span())
        )
    return TOP


VARIABLE_UPDATES = ("assign", "assign_add", "assign_sub")


def _update(variable: TensorValue, method: str, ctx: CallContext) -> AbstractValue:
    """``assign(value)`` needs a shape compatible with the variable's (Python-side check);
    ``assign_add``/``assign_sub(delta)`` an equal one (the kernel's check). Reported only when
    both shapes are fully known; the result is the variable."""
    new = run(ctx, lambda: operand(ctx, ctx.arg(0, "value" if method == "assign" else "delta")))
    if new is FAILED:
        return TOP
    if not isinstance(new, TensorOperand) or new.symbolic:
        return variable
    mine = TensorOperand(variable.shape, variable.dtype, False, variable.origin, False, True)
    checked = run(ctx, lambda: _check_update(method, variable.shape, new.shape), [mine, new])
    return TOP if checked is FAILED else variable


def _check_update(method: str, variable: Shape, value: Shape) -> None:
    if not shapes.is_fully_known(variable) or not shapes.is_fully_known(value):
        return
    if variable != value:
        assert variable is not None and value is not None
        wording = messages.assign_shape if method == "assign" else messages.update_shape
        raise CertainShapeError(messages.VARIABLE, wording(variable, value), (0,))


def _other(ctx: CallContext, other: AbstractValue) -> TensorOperand | object | None:
    if isinstance(other, NativeValue) and not isinstance(
        other, (TensorValue, ArrayValue, DimValue)
    ):
        return None if isinstance(other, TensorShapeValue) else NotImplemented
    return run(ctx, lambda: operand(ctx, other))


def _paired(
    value: TensorValue,
    other: AbstractValue,
    reflected: bool,
    ctx: CallContext,
    unknown_dtype: str | None,
) -> list[TensorOperand] | object:
    """The operands ``[left, right]`` of an operator between ``value`` and ``other``, or the
    hook's answer when ``other`` decides it: ``NotImplemented`` for a user object, ⊤ when
    converting it failed, a tensor of unknown shape (of ``unknown_dtype``) for an operand the
    model cannot describe."""
    converted = _other(ctx, other)
    if converted is NotImplemented:
        return NotImplemented
    if converted is FAILED:
        return TOP
    if converted is None:
        return TensorValue(None, unknown_dtype, ctx.span(), value.result_kind)
    assert isinstance(converted, TensorOperand)
    mine = TensorOperand(value.shape, value.dtype, False, value.origin, value.symbolic, True)
    return [converted, mine] if reflected else [mine, converted]


def binary(
    value: TensorValue, op: str, other: AbstractValue, reflected: bool, ctx: CallContext
) -> object:
    """``tensor op other`` (``other op tensor`` when ``reflected``)."""
    pair = _paired(value, other, reflected, ctx, None)
    if not isinstance(pair, list):
        return pair
    left, right = pair
    mode = promotion(ctx)
    if op == "MatMult":
        shape = run(ctx, lambda: rules.matmul(left.shape, right.shape, False, False), pair)
        return tensor(ctx, shape, dtypes.result(op, left, right, mode), pair)
    if op not in ARITHMETIC:
        return TensorValue(None, None, ctx.span(), value.result_kind)
    kernel = dtypes.OPERATOR_OPS.get(op, op)
    if run(ctx, lambda: dtypes.check(kernel, left, right, mode), pair) is FAILED:
        return TOP
    shape = run(ctx, lambda: rules.broadcast(left.shape, right.shape), pair)
    return tensor(ctx, shape, dtypes.result(op, left, right, mode), pair)


def compare(
    value: TensorValue, op: str, other: AbstractValue, reflected: bool, ctx: CallContext
) -> object:
    """``<``, ``<=``, ``>``, ``>=`` broadcast; ``==``/``!=`` never raise."""
    pair = _paired(value, other, reflected, ctx, "bool")
    if not isinstance(pair, list):
        return pair
    left, right = pair
    mode = promotion(ctx)
    if run(ctx, lambda: dtypes.check(dtypes.OPERATOR_OPS[op], left, right, mode), pair) is FAILED:
        return TOP
    if op in ORDERING:
        shape = run(ctx, lambda: rules.broadcast(left.shape, right.shape), pair)
    else:
        shape = rules.equality(left.shape, right.shape)
    return tensor(ctx, shape, "bool", pair)


def subscript(value: TensorValue, index: AbstractValue, ctx: CallContext) -> AbstractValue:
    """Basic indexing (integers, slices, ``None``, ``...``); out-of-range integers and other
    indices give an unknown shape (never a report)."""
    call = ModelCall(ctx, "__getitem__", [], {})
    items = index_items(call, index)
    if any(isinstance(item, ArrayIndex) for item in items):
        return TensorValue(None, value.dtype, ctx.span(), value.result_kind)
    try:
        shape = indexing.index(value.shape, items)
    except CertainShapeError:
        shape = None
    return TensorValue(shape, value.dtype, ctx.span(), value.result_kind)
