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
from collections.abc import Callable
from dataclasses import dataclass, replace

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.functions import BuiltinMethodValue
from ...domains.none import NONE
from ...domains.numbers import NON_NEGATIVE_INT, IntValue
from ...domains.sequences import TupleValue
from ...interpreter.natives import CallContext, LibraryClass, NativeFunction, NativeValue
from . import keras_call, messages
from .convert import TensorOperand
from .keras_layers import (
    FAILED_LAYER,
    LAYER_DTYPE,
    LayerValue,
    apply_layer,
    keras_operand,
    keras_operand_of,
    output_through,
)
from .keras_summary import (
    Row,
    functional_rows,
    sequential_rows,
    summary,
    total_params,
    weight_shapes,
)
from .values import TensorValue, is_batch, printed, python_dim

LAYER_CLASSES = ("keras.layers.Layer",)
MODEL_CLASSES = ("keras.Model", *LAYER_CLASSES)
SEQUENTIAL_CLASSES = ("keras.Sequential", *MODEL_CLASSES)
CLASS_ANCESTORS = {"Layer": LAYER_CLASSES, "Model": MODEL_CLASSES, "Sequential": SEQUENTIAL_CLASSES}
"""Keras's modelled classes by name, each with the modelled classes it derives from, reached
from ``keras``, ``tf.keras`` and their ``layers``/``models`` modules alike."""


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
    snapshot: tuple[AbstractValue, ...] | None = None
    """The layers when recorded for hover (see ``recorded``)."""

    def held_values(self) -> tuple[AbstractValue, ...]:
        return (self.layers, self.compiled)

    def recorded(self, ctx: CallContext) -> AbstractValue:
        parts = self.parts(ctx)
        return replace(self, snapshot=None if parts is None else tuple(parts))

    def describe(self) -> str:
        title = "keras Sequential model" + (f" {self.name!r}" if self.name else "")
        if self.snapshot is None:
            return title
        return summary(title, _rows(list(self.snapshot)))

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == "Sequential"

    def instance_classes(self) -> tuple[str, ...]:
        return SEQUENTIAL_CLASSES

    def parts(self, ctx: CallContext) -> list[AbstractValue] | None:
        return ctx.sequence_items(self.layers)

    def input_shape(self, ctx: CallContext) -> Shape:
        """The declared input shape (with its ``None`` batch symbol), or ``None``."""
        return _declared(self.parts(ctx))

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "add":
            return NativeFunction("Sequential.add", self._add)
        if name == "pop":
            return BuiltinMethodValue("list", "pop", self.layers)
        if name == "output_shape":
            return _tuple(self.output(ctx, self.input_shape(ctx)))
        if name == "input_shape":
            return _tuple(self.input_shape(ctx))
        if name == "count_params":
            return _count_params(_rows(self.parts(ctx)))
        if name in WEIGHT_LISTS:
            return _weights(ctx, _rows(self.parts(ctx)), name)
        return model_method(self, name)

    def _add(self, ctx: CallContext) -> AbstractValue:
        """``model.add(layer)`` as Keras 2.12 builds at it: the first layer declaring an input
        shape is called on that input, and a layer added to a model built so is called on the
        model's output; a certain failure of that call is reported here (Keras raises: the model's
        layers are unknown from then on). A model not built yet (no input declared) builds nothing."""
        layer = ctx.arg(0, "layer")
        if layer is None:
            return TOP
        parts = self.parts(ctx)
        if isinstance(layer, LayerValue) and parts is not None:
            current: Shape | object = None
            if not parts and layer.input_shape is not None:
                current = layer.input_shape
            elif parts and _declared(parts) is not None:
                current = self.output(ctx, _declared(parts))
            if current is not None:
                start = TensorOperand(current, LAYER_DTYPE, False, None, True)  # type: ignore[arg-type]
                if apply_layer(ctx, layer, start) is FAILED_LAYER:
                    layer = TOP
        ctx.invoke(BuiltinMethodValue("list", "append", self.layers), [layer])
        return NONE

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
        shape = self.checked_output(ctx, source)
        if shape is FAILED_LAYER:
            return TOP
        return TensorValue(shape, LAYER_DTYPE, ctx.span(), kind)  # type: ignore[arg-type]

    def checked_output(
        self, ctx: CallContext, source: TensorOperand, in_graph: bool = False
    ) -> Shape | object:
        """The output of calling the model on ``source``, as Keras 2.12 runs it: a model built
        on a declared input checks the model's input spec (``accepts``), conforms the input
        (``conformed``) and calls its layers on it; a model not built yet calls its layers on
        the input. Each certain failure is reported at the call (``in_graph``: see
        ``apply_layer``); ``FAILED_LAYER`` after one."""
        declared = self.input_shape(ctx)
        shape = source.shape
        if declared is not None:
            if not accepts(ctx, self.name, declared, source):
                return FAILED_LAYER
            if shape is None:
                return None
            shape = conformed(declared, shape)
            if shape is None:
                return None
        start = TensorOperand(shape, source.dtype, False, source.origin, source.symbolic)
        return run_layers(ctx, _layers(self.parts(ctx)), start, in_graph)


def _declared(parts: list[AbstractValue] | None) -> Shape:
    """The input shape a Sequential model of ``parts`` declares (an ``Input`` first, or its
    first layer's ``input_shape``), or ``None``."""
    if not parts:
        return None
    first = parts[0]
    if isinstance(first, TensorValue) and first.symbolic:
        return first.shape
    if isinstance(first, LayerValue):
        return first.input_shape
    return None


def _rows(parts: list[AbstractValue] | None) -> list[Row] | None:
    layers = _layers(parts)
    return None if layers is None else sequential_rows(layers, _declared(parts))


WEIGHT_LISTS = ("trainable_variables", "trainable_weights", "variables", "weights")


def _weights(ctx: CallContext, rows: list[Row] | None, name: str) -> AbstractValue:
    """``model.trainable_variables`` (and the like): a new list of variables of the weights'
    shapes, in Keras's order; ⊤ when unknown."""
    found = weight_shapes(rows, trainable_only=name.startswith("trainable"))
    if found is None:
        return TOP
    return ctx.make_list(
        [TensorValue(shape, LAYER_DTYPE, ctx.span(), "variable") for shape in found]
    )


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
    ctx: CallContext,
    layers: list[LayerValue] | None,
    source: TensorOperand,
    in_graph: bool = False,
) -> Shape | object:
    """Apply ``layers`` in turn, reporting a certain failure at the call: the output shape, or
    ``FAILED_LAYER`` (``in_graph``: see ``apply_layer``)."""
    if layers is None:
        return None
    current: Shape | object = source.shape
    for layer in layers:
        step = TensorOperand(current, LAYER_DTYPE, False, source.origin, source.symbolic)  # type: ignore[arg-type]
        current = apply_layer(ctx, layer, step, in_graph)
        if current is FAILED_LAYER:
            return FAILED_LAYER
        if current is None:
            return None
    return current


def conformed(declared: tuple[Dim, ...], shape: tuple[Dim, ...]) -> Shape:
    """The input of a model built on ``declared`` as Keras 2.12's
    ``Functional._conform_to_reference_input`` passes it to the first layer: a trailing size 1
    of an input one rank above the declared one is squeezed, a declared trailing size 1 is added
    to an input one rank below; ``None`` when whether to squeeze is not known."""
    if len(shape) == len(declared) + 1:
        if shape[-1] == 1:
            return shape[:-1]
        return shape if isinstance(shape[-1], int) else None
    if len(shape) == len(declared) - 1 and declared[-1] == 1:
        return (*shape, 1)
    return shape


def accepts(
    ctx: CallContext,
    name: str | None,
    declared: tuple[Dim, ...],
    source: TensorOperand,
    index: int = 0,
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
        messages.layer_input(name, messages.expected_shape(expected_text, received), index),
        related=related,
    )
    return False


@dataclass(frozen=True, slots=True)
class Structure:
    """The inputs or outputs of a functional model: one tensor, a list (or tuple), or a dict of
    string keys (``keys``)."""

    tensors: tuple[TensorValue, ...]
    keys: tuple[str, ...] | None = None
    single: bool = True

    @staticmethod
    def of(ctx: CallContext, value: AbstractValue | None) -> Structure | None:
        """The structure of ``value`` when it is tensors (a value of another kind: ``None``)."""
        if isinstance(value, TensorValue):
            return Structure((value,))
        items = ctx.sequence_items(value)
        if items is not None:
            if not items or not all(isinstance(item, TensorValue) for item in items):
                return None
            return Structure(tuple(items), None, False)  # type: ignore[arg-type]
        entries = ctx.dict_entries(value)
        if not entries or not all(
            isinstance(key, str) and isinstance(item, TensorValue) for key, item in entries
        ):
            return None
        ordered = sorted(entries, key=lambda entry: entry[0])  # type: ignore[arg-type,return-value]
        return Structure(
            tuple(item for _, item in ordered),  # type: ignore[misc]
            tuple(key for key, _ in ordered),  # type: ignore[misc]
            False,
        )

    def matched(self, ctx: CallContext, value: AbstractValue | None) -> list[AbstractValue] | None:
        """The argument's tensors in this structure's order (a dict by key, a list by
        position); ``None`` when they cannot be matched."""
        if self.single:
            return [value] if value is not None else None
        entries = ctx.dict_entries(value) if self.keys is not None else None
        if entries is not None:
            given = dict(entries)
            if set(given) != set(self.keys or ()):
                return None
            return [given[key] for key in self.keys or ()]
        items = ctx.sequence_items(value)
        if items is None or len(items) != len(self.tensors):
            return None
        return items

    def build(self, ctx: CallContext, values: list[AbstractValue]) -> AbstractValue:
        """``values`` in this structure (a list for a list, a dict for a dict)."""
        if self.single:
            return values[0]
        if self.keys is not None:
            return ctx.make_dict(list(zip(self.keys, values, strict=True)))
        return ctx.make_list(values)

    def describe(self) -> str:
        parts = [tensor.describe().splitlines()[0] for tensor in self.tensors]
        if self.single:
            return parts[0]
        if self.keys is not None:
            return (
                "{"
                + ", ".join(f"{key!r}: {part}" for key, part in zip(self.keys, parts, strict=True))
                + "}"
            )
        return "[" + ", ".join(parts) + "]"


@dataclass(frozen=True, slots=True)
class FunctionalValue(NativeValue):
    """A functional ``keras.Model(inputs, outputs)``: one tensor, a list or a dict of them on
    each side."""

    inputs: Structure
    outputs: Structure
    name: str | None = None
    compiled: AbstractValue = TOP

    def held_values(self) -> tuple[AbstractValue, ...]:
        return (self.compiled,)

    def input_shape(self, ctx: CallContext) -> Shape:
        """The single input's declared shape (``None`` for several inputs)."""
        return self.inputs.tensors[0].shape if self.inputs.single else None

    def output(self, ctx: CallContext, shape: Shape, symbolic: bool = True) -> Shape:
        """The single output for a single input of ``shape`` (unknown unless it certainly
        matches)."""
        if not self.inputs.single or not self.outputs.single:
            return None
        return substitute([(self.inputs.tensors[0].shape, shape)], self.outputs.tensors[0].shape)

    def rows(self) -> list[Row] | None:
        return functional_rows(self.inputs.tensors, self.outputs.tensors)

    def describe(self) -> str:
        title = f"keras Model {self.inputs.describe()} -> {self.outputs.describe()}"
        return summary(title, self.rows())

    def instance_classes(self) -> tuple[str, ...]:
        return MODEL_CLASSES

    def contains(self, concrete: object) -> bool:
        return hasattr(concrete, "layers")

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        single_in, single_out = self.inputs.single, self.outputs.single
        if name == "output_shape" and single_out:
            return _tuple(self.outputs.tensors[0].shape)
        if name == "input_shape" and single_in:
            return _tuple(self.inputs.tensors[0].shape)
        if name in ("input", "inputs"):
            return self.inputs.build(ctx, list(self.inputs.tensors))
        if name in ("output", "outputs"):
            return self.outputs.build(ctx, list(self.outputs.tensors))
        if name == "count_params":
            return _count_params(self.rows())
        return model_method(self, name)

    def call(self, ctx: CallContext) -> AbstractValue:
        given = self.inputs.matched(ctx, ctx.arg(0, "inputs"))
        if given is None:
            return TOP
        pairs: list[tuple[Shape, Shape]] = []
        symbolic = False
        for index, (declared, value) in enumerate(zip(self.inputs.tensors, given, strict=True)):
            source = keras_operand_of(ctx, value)
            if source is None:
                return self.outputs.build(
                    ctx, [TensorValue(None, LAYER_DTYPE, ctx.span()) for _ in self.outputs.tensors]
                )
            symbolic = symbolic or source.symbolic
            if declared.shape is not None and not accepts(
                ctx, self.name, declared.shape, source, index
            ):
                return TOP
            pairs.append((declared.shape, source.shape))
        kind = "keras" if symbolic else "tensor"
        results: list[AbstractValue] = [
            TensorValue(substitute(pairs, output.shape), output.dtype, ctx.span(), kind)
            for output in self.outputs.tensors
        ]
        return self.outputs.build(ctx, results)


def _count_params(rows: list[Row] | None) -> AbstractValue:
    total = total_params(rows)
    return NativeFunction(
        "Model.count_params",
        lambda call: IntValue.constant_of(total) if total is not None else NON_NEGATIVE_INT,
    )


def substitute(pairs: list[tuple[Shape, Shape]], outputs: Shape) -> Shape:
    """The output shape when every argument certainly matches its declared input (each input's
    batch symbol replaced by its argument's size); ``None`` otherwise."""
    if outputs is None:
        return None
    mapping: dict[Dim, Dim] = {}
    for inputs, argument in pairs:
        if inputs is None or argument is None or len(inputs) != len(argument):
            return None
        for want, have in zip(inputs, argument, strict=True):
            if not is_batch(want) and not dims.certainly_equal(want, have):
                return None
        mapping.update(
            (want, have) for want, have in zip(inputs, argument, strict=True) if is_batch(want)
        )
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


class KerasClass(LibraryClass):
    """``keras.Model`` or ``keras.layers.Layer``: calling it builds a functional model (or is
    unknown); as the base of a user class, calling an instance runs the class's ``call`` with
    the arguments Keras's ``__call__`` passes it (see :mod:`.keras_call`; ``build`` is not run,
    so the attributes it would set are unknown). Its ``__init__`` keeps the instance's attributes (they are the
    user's; Keras's own are unknown)."""

    __slots__ = ()

    def __init__(self, name: str, impl: Callable[[CallContext], AbstractValue]) -> None:
        ancestors = CLASS_ANCESTORS[name.rsplit(".", 1)[-1]]
        super().__init__(name, impl, ancestors[0], ancestors)

    def subclass_method(self, special: str) -> str | None:
        return "call" if special == "__call__" else None

    def subclass_call(
        self, special: str, method: AbstractValue, ctx: CallContext
    ) -> AbstractValue | None:
        return keras_call.layer_call(method, ctx) if special == "__call__" else None

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
    """``keras.Model(inputs, outputs, name=None)``: tensors, lists or dicts of them."""
    inputs = Structure.of(ctx, ctx.arg(0, "inputs"))
    outputs = Structure.of(ctx, ctx.arg(1, "outputs"))
    if inputs is None or outputs is None:
        return TOP
    name = ctx.str_constant(ctx.kwargs.get("name"))
    return FunctionalValue(inputs, outputs, name, compile_state(ctx))
