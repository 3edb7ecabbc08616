"""``tf.function``: transparent for shapes.

``tf.function(f)``, ``@tf.function`` and ``@tf.function(input_signature=[...])`` give a value
that, when called, runs ``f`` through the interpreter on graph tensors (``kind`` "graph") of the
arguments' shapes: shapes flow through as in eager code, while failures inside are not reported
(TensorFlow raises them at tracing with graph-mode wording, which this model does not word). Its
tensor results are eager tensors again. A decorated method (first parameter ``self``) stays the
plain function (the interpreter binds it to instances), so it runs as eager code. Retracing,
``input_signature`` checks and Python side effects running once per trace are not modelled.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...domains.base import TOP, AbstractValue
from ...domains.functions import FunctionValue
from ...domains.sequences import TupleValue
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from .values import TensorValue


def _as_kind(value: AbstractValue, kind: str) -> AbstractValue:
    """``value`` with its (top-level or tuple) tensors turned into ``kind`` (ops on graph
    tensors give tensors marked symbolic like Keras's: those too)."""
    if isinstance(value, TensorValue) and value.kind in ("tensor", "graph", "keras"):
        return TensorValue(value.shape, value.dtype, value.established, kind, value.optional)
    if isinstance(value, TupleValue) and value.items is not None:
        return TupleValue.of(tuple(_as_kind(item, kind) for item in value.items))
    return value


def _is_method(function: AbstractValue) -> bool:
    if not isinstance(function, FunctionValue):
        return False
    arguments = function.node.args
    names = [item.arg for item in (*arguments.posonlyargs, *arguments.args)]
    return bool(names) and names[0] == "self"


@dataclass(frozen=True, slots=True, eq=False)
class GraphFunctionValue(NativeValue):
    """A ``tf.function``-wrapped Python function."""

    function: AbstractValue

    def describe(self) -> str:
        return f"tf.function of {self.function.describe()}"

    def contains(self, concrete: object) -> bool:
        return callable(concrete)

    def call(self, ctx: CallContext) -> AbstractValue:
        args = [_as_kind(item, "graph") for item in ctx.args]
        kwargs = {key: _as_kind(item, "graph") for key, item in ctx.kwargs.items()}
        return _as_kind(ctx.invoke(self.function, args, kwargs), "tensor")

    def held_values(self) -> tuple[AbstractValue, ...]:
        return (self.function,)


def wrap(function: AbstractValue) -> AbstractValue:
    """``tf.function`` applied to ``function``."""
    if _is_method(function):
        return function
    if not isinstance(function, FunctionValue):
        return TOP
    return GraphFunctionValue(function)


class TFFunction(NativeFunction):
    """``tf.function`` itself, and the decorator ``tf.function(...)`` returns without a
    function."""

    __slots__ = ()

    def decorate(self, function: AbstractValue, ctx: CallContext) -> AbstractValue | None:
        return wrap(function)


def tf_function(ctx: CallContext) -> AbstractValue:
    """``tf.function(func=None, input_signature=None, ...)``."""
    function = ctx.arg(0, "func")
    if function is None or ctx.is_none(function):
        return TFFunction("tensorflow.function", tf_function)
    return wrap(function)
