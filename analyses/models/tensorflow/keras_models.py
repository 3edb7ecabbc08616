"""Keras models: ``Sequential`` (from a list and with ``.add``) and the functional ``Model``.

A ``Sequential`` model keeps its layers in a heap list that the interpreter owns, so ``add``
(bound to the list's ``append``), ``pop`` and joins of control flow are tracked by the interpreter; a list
whose items are no longer known makes the model's output unknown. A model with a declared input
shape (an ``Input`` first, or ``input_shape=`` on its first layer) is built at construction: its
layers' certain failures are reported there, as Keras raises them there. Calling such a model
checks the input against the declared shape when the ranks are equal (Keras lets a rank differing
by a trailing size 1 through); so does calling a functional model, which then substitutes the
argument's batch size into the output shape when the argument certainly matches the input
(otherwise its output is unknown).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.functions import BuiltinMethodValue
from ...domains.none import NONE
from ...domains.sequences import TupleValue
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from . import messages
from .convert import TensorOperand
from .keras_layers import (
    FAILED_LAYER,
    LAYER_DTYPE,
    LayerValue,
    apply_layer,
    keras_operand,
    output_through,
)
from .values import TensorValue, is_batch, printed, python_dim


def _tuple(shape: Shape) -> AbstractValue:
    if shape is None:
        return TOP
    return TupleValue.of(tuple(python_dim(dim) for dim in shape))


@dataclass(frozen=True, slots=True)
class SequentialValue(NativeValue):
    """A ``keras.Sequential`` model whose layers are the heap list ``layers`` (a reference);
    ``compiled`` is the heap list of the losses given to ``compile`` (see
    :mod:`.keras_training`)."""

    layers: AbstractValue
    name: str | None = None
    compiled: AbstractValue = TOP

    def held_values(self) -> tuple[AbstractValue, ...]:
        return (self.layers, self.compiled)

    def describe(self) -> str:
        return "keras Sequential model" + (f" {self.name!r}" if self.name else "")

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == "Sequential"

    def parts(self, ctx: CallContext) -> list[AbstractValue] | None:
        return ctx.sequence_items(self.layers)

    def input_shape(self, ctx: CallContext) -> Shape:
        """The declared input shape (with its ``None`` batch symbol), or ``None``."""
        parts = self.parts(ctx)
        if not parts:
            return None
        first = parts[0]
        if isinstance(first, TensorValue) and first.symbolic:
            return first.shape
        if isinstance(first, LayerValue):
            return first.input_shape
        return None

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "add":
            return BuiltinMethodValue("list", "append", self.layers)
        if name == "pop":
            return BuiltinMethodValue("list", "pop", self.layers)
        if name == "output_shape":
            return _tuple(self.output(ctx, self.input_shape(ctx)))
        if name == "input_shape":
            return _tuple(self.input_shape(ctx))
        return model_method(self, name)

    def last_layer(self, ctx: CallContext) -> LayerValue | None:
        """The model's last layer when every layer is known."""
        layers = _layers(self.parts(ctx))
        return layers[-1] if layers else None

    def output(self, ctx: CallContext, shape: Shape, symbolic: bool = True) -> Shape:
        """The output for an input of ``shape`` (unknown when a layer is unknown or fails)."""
        layers = _layers(self.parts(ctx))
        if layers is None:
            return None
        current: Shape | object = shape
        for layer in layers:
            current = output_through(layer, current, symbolic)  # type: ignore[arg-type]
            if current is FAILED_LAYER:
                return None
        return current  # type: ignore[return-value]

    def call(self, ctx: CallContext) -> AbstractValue:
        source = keras_operand(ctx)
        if source is None:
            return TensorValue(None, LAYER_DTYPE, ctx.span())
        kind = "keras" if source.symbolic else "tensor"
        declared = self.input_shape(ctx)
        if declared is not None:
            if not accepts(ctx, self.name, declared, source):
                return TOP
            if source.shape is None or len(source.shape) != len(declared):
                return TensorValue(None, LAYER_DTYPE, ctx.span(), kind)
            shape = self.output(ctx, source.shape, source.symbolic)
            return TensorValue(shape, LAYER_DTYPE, ctx.span(), kind)
        shape = run_layers(ctx, _layers(self.parts(ctx)), source)
        if shape is FAILED_LAYER:
            return TOP
        return TensorValue(shape, LAYER_DTYPE, ctx.span(), kind)  # type: ignore[arg-type]


def _layers(parts: list[AbstractValue] | None) -> list[LayerValue] | None:
    """The layers of a Sequential model's list (a leading ``Input`` dropped); ``None`` when one
    is not a modelled layer."""
    if parts is None:
        return None
    if parts and isinstance(parts[0], TensorValue) and parts[0].symbolic:
        parts = parts[1:]
    if not all(isinstance(part, LayerValue) for part in parts):
        return None
    return parts  # type: ignore[return-value]


def run_layers(
    ctx: CallContext, layers: list[LayerValue] | None, source: TensorOperand
) -> Shape | object:
    """Apply ``layers`` in turn, reporting a certain failure at the call: the output shape, or
    ``FAILED_LAYER``."""
    if layers is None:
        return None
    current: Shape | object = source.shape
    for layer in layers:
        step = TensorOperand(current, LAYER_DTYPE, False, source.origin, source.symbolic)  # type: ignore[arg-type]
        current = apply_layer(ctx, layer, step)
        if current is FAILED_LAYER:
            return FAILED_LAYER
        if current is None:
            return None
    return current


def accepts(
    ctx: CallContext, name: str | None, declared: tuple[Dim, ...], source: TensorOperand
) -> bool:
    """Keras's input check of a model with a declared input shape (``allow_last_axis_squeeze``):
    a trailing size 1 is dropped from either shape, then the sizes are compared pairwise (as far
    as the shorter shape goes). Reports a certain mismatch; False when the call certainly fails."""
    shape = source.shape
    if shape is None or not shape or not declared:
        return True
    if not isinstance(shape[-1], int) or not isinstance(declared[-1], int):
        return True
    have = shape[:-1] if shape[-1] == 1 else shape
    want = declared[:-1] if declared[-1] == 1 else declared
    mismatch = any(
        not is_batch(expected) and dims.certainly_different(expected, actual)
        for expected, actual in zip(want, have, strict=False)
    )
    if not mismatch:
        return True
    expected_text, received = printed(declared), printed(shape)
    if expected_text is None or received is None:
        return False
    related = []
    if source.origin is not None:
        related.append((source.origin, f"shape {messages.shape_tuple(received)} established here"))
    ctx.report(
        messages.LAYER_INPUT,
        messages.layer_input(name, messages.expected_shape(expected_text, received)),
        related=related,
    )
    return False


@dataclass(frozen=True, slots=True)
class FunctionalValue(NativeValue):
    """A functional ``keras.Model(inputs, outputs)`` with one input and one output tensor."""

    inputs: TensorValue
    outputs: TensorValue
    name: str | None = None
    compiled: AbstractValue = TOP

    def held_values(self) -> tuple[AbstractValue, ...]:
        return (self.compiled,)

    def input_shape(self, ctx: CallContext) -> Shape:
        return self.inputs.shape

    def output(self, ctx: CallContext, shape: Shape, symbolic: bool = True) -> Shape:
        """The output for an input of ``shape`` (unknown unless it certainly matches)."""
        return substitute(self.inputs.shape, self.outputs.shape, shape)

    def describe(self) -> str:
        return (
            f"keras Model {self.inputs.describe().splitlines()[0]} -> "
            f"{self.outputs.describe().splitlines()[0]}"
        )

    def contains(self, concrete: object) -> bool:
        return hasattr(concrete, "layers")

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "output_shape":
            return _tuple(self.outputs.shape)
        if name == "input_shape":
            return _tuple(self.inputs.shape)
        if name == "input":
            return self.inputs
        if name == "output":
            return self.outputs
        return model_method(self, name)

    def call(self, ctx: CallContext) -> AbstractValue:
        source = keras_operand(ctx)
        if source is None:
            return TensorValue(None, LAYER_DTYPE, ctx.span())
        kind = "keras" if source.symbolic else "tensor"
        declared = self.inputs.shape
        if declared is not None and not accepts(ctx, self.name, declared, source):
            return TOP
        shape = substitute(declared, self.outputs.shape, source.shape)
        return TensorValue(shape, self.outputs.dtype, ctx.span(), kind)


def substitute(inputs: Shape, outputs: Shape, argument: Shape) -> Shape:
    """The output shape for ``argument`` when it certainly matches ``inputs`` (the inputs' batch
    symbol replaced by the argument's size); ``None`` otherwise."""
    if inputs is None or outputs is None or argument is None or len(inputs) != len(argument):
        return None
    for want, have in zip(inputs, argument, strict=True):
        if not is_batch(want) and not dims.certainly_equal(want, have):
            return None
    mapping = {want: have for want, have in zip(inputs, argument, strict=True) if is_batch(want)}
    result: list[Dim] = []
    for dim in outputs:
        if dim in mapping:
            result.append(mapping[dim])
        elif is_batch(dim):
            result.append(UNKNOWN)
        else:
            result.append(dim)
    return tuple(result)


def model_method(model: SequentialValue | FunctionalValue, name: str) -> AbstractValue:
    """``compile``, ``fit``, ``evaluate``, ``predict`` and the ``*_on_batch`` methods (see
    :mod:`.keras_training`); ``summary`` returns ``None``; other attributes are unknown."""
    from . import keras_training

    if name == "summary":
        return NativeFunction(f"Model.{name}", lambda ctx: NONE)
    return keras_training.method(model, name)


def compile_state(ctx: CallContext) -> AbstractValue:
    """A new heap list for the losses given to a model's ``compile``, allocated at the callee
    expression of the constructing call (the call itself holds the layer list)."""
    node = ctx.node.func if isinstance(ctx.node, ast.Call) else ctx.node
    return ctx.at(node).make_list([])


class KerasClass(NativeFunction):
    """``keras.Model`` or ``keras.layers.Layer``: calling it builds a functional model (or is
    unknown); as the base of a user class, calling an instance runs the class's ``call`` (what
    Keras's ``__call__`` does after its bookkeeping; ``build`` is not run, so the attributes it
    would set are unknown). Its ``__init__`` keeps the instance's attributes (they are the
    user's; Keras's own are unknown)."""

    __slots__ = ()

    def subclass_method(self, special: str) -> str | None:
        return "call" if special == "__call__" else None

    def subclass_attribute(self, name: str) -> AbstractValue | None:
        if name == "__init__":
            return NativeFunction(f"{self.name}.__init__", lambda ctx: NONE)
        return None


def base_layer(ctx: CallContext) -> AbstractValue:
    """``keras.layers.Layer(...)`` itself: an unknown value."""
    return TOP


def sequential(ctx: CallContext) -> AbstractValue:
    """``keras.Sequential(layers=None, name=None)``: builds (and reports) when the input shape
    is declared."""
    given = ctx.arg(0, "layers")
    items: list[AbstractValue] | None = []
    if given is not None and given is not NONE:
        items = ctx.sequence_items(given)
    name = ctx.str_constant(ctx.arg(1, "name"))
    if items is None:
        return TOP
    model = SequentialValue(ctx.make_list(items), name, compile_state(ctx))
    declared = model.input_shape(ctx)
    if declared is not None:
        layers = _layers(items)
        start = TensorOperand(declared, LAYER_DTYPE, False, None, True)
        if run_layers(ctx, layers, start) is FAILED_LAYER:
            return TOP
    return model


def functional(ctx: CallContext) -> AbstractValue:
    """``keras.Model(inputs, outputs, name=None)`` with single tensors."""
    inputs = ctx.arg(0, "inputs")
    outputs = ctx.arg(1, "outputs")
    if not isinstance(inputs, TensorValue) or not isinstance(outputs, TensorValue):
        return TOP
    name = ctx.str_constant(ctx.kwargs.get("name"))
    return FunctionalValue(inputs, outputs, name, compile_state(ctx))
