"""Keras layers (Keras 2.12 as bundled with TensorFlow 2.12): ``Dense``, ``Flatten``,
``Dropout``, ``Activation``, ``Reshape``, ``Conv1D``/``Conv2D``/``Conv3D`` (strides, padding,
dilation), the window and global pooling layers (1D, 2D and 3D, max and average), and
``keras.Input``.

A layer is an immutable value of its configuration; whether a layer object has already been
built (by an earlier call) is not tracked, so only failures that do not depend on it are reported:
the rank checks of the input spec (made before anything else) and ``Reshape``'s size check.
Messages name the layer only when its name is certain (``name=`` given); otherwise they carry
Keras's text after the layer name. The unknown sizes of a Keras shape (``None``) are symbols.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from ...arrays import dims, shapes
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import ARGUMENT, RESHAPE, CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...facts import Span
from ...interpreter.natives import CallContext, NativeValue
from ..calls import int_of
from ..values import ArrayValue
from . import messages, rules
from .convert import TensorOperand, operand, shape_argument
from .ops import dtype_argument
from .values import KerasNode, TensorValue, is_batch, printed

LAYER_DTYPE = "float32"
T = TypeVar("T")


def none_symbol(span: Span, position: int) -> Dim:
    """The ``None`` size at ``position`` of the Keras shape declared at ``span``."""
    line = span.start.line + 1
    what = "batch size" if position == 0 else f"size {position}"
    return dims.symbol(
        "None",
        f"{span.start.line}:{span.start.character}:none{position}",
        f"{what} of the input declared at line {line}",
    )


def keras_shape(ctx: CallContext, value: AbstractValue | None) -> tuple[Dim, ...] | None:
    """A Keras ``shape``/``input_shape`` argument (entries may be ``None``), without the batch;
    each ``None`` becomes a symbol of the call site."""
    if value is None or value is NONE:
        return None
    if ctx.int_constant(value) is not None:
        return (int_of(value),)
    items = ctx.sequence_items(value)
    if items is None:
        return None
    return tuple(
        none_symbol(ctx.fixed_span(), position + 1) if item is NONE else int_of(item)
        for position, item in enumerate(items)
    )


def with_batch(ctx: CallContext, shape: tuple[Dim, ...], batch: AbstractValue | None) -> Shape:
    size = ctx.int_constant(batch) if batch is not None and batch is not NONE else None
    return (size if size is not None else none_symbol(ctx.fixed_span(), 0), *shape)


def keras_operand(ctx: CallContext) -> TensorOperand | None:
    """The ``inputs`` argument of a layer or model call when it is one tensor or array (a list
    would be several inputs to Keras); ``None`` otherwise."""
    return keras_operand_of(ctx, ctx.arg(0, "inputs"))


def keras_operand_of(ctx: CallContext, value: AbstractValue | None) -> TensorOperand | None:
    """``value`` as a layer's input when it is one tensor or array; ``None`` otherwise."""
    if not isinstance(value, (TensorValue, ArrayValue)):
        return None
    return operand(ctx, value)


def keras_input(ctx: CallContext) -> AbstractValue:
    """``keras.Input(shape=None, batch_size=None, name=None, dtype=None, ...)``."""
    shape = keras_shape(ctx, ctx.arg(0, "shape"))
    if shape is None:
        return TensorValue(None, None, ctx.span(), "keras")
    dtype_value = ctx.arg(3, "dtype")
    dtype = LAYER_DTYPE if dtype_value in (None, NONE) else dtype_argument(ctx, dtype_value)
    return TensorValue(with_batch(ctx, shape, ctx.arg(1, "batch_size")), dtype, ctx.span(), "keras")


def _sizes(
    ctx: CallContext, value: AbstractValue | None, rank: int, default: tuple[Dim, ...]
) -> tuple[Dim, ...] | None:
    """A Keras size argument of ``rank`` entries (an int stands for all of them)."""
    if value is None or value is NONE:
        return default
    single = ctx.int_constant(value)
    if single is not None:
        return (single,) * rank
    items = shape_argument(ctx, value)
    if items is None or len(items) != rank:
        return None
    return tuple(items)


def _window_length(size: Dim, window: Dim, stride: Dim, padding: str, dilation: Dim = 1) -> Dim:
    """Keras's ``conv_output_length``: ``valid``, ``same`` and ``causal`` padding, the window
    dilated by ``dilation``."""
    if not all(isinstance(item, int) for item in (size, window, stride, dilation)):
        return UNKNOWN
    assert isinstance(size, int) and isinstance(window, int) and isinstance(stride, int)
    assert isinstance(dilation, int)
    if stride <= 0 or window <= 0 or dilation <= 0:
        return UNKNOWN
    dilated = window + (window - 1) * (dilation - 1)
    length = size - dilated + 1 if padding == "valid" else size
    return (length + stride - 1) // stride if length > 0 else UNKNOWN


@dataclass(frozen=True, slots=True)
class LayerValue(NativeValue):
    """A Keras layer: its class name, its configuration, the ``name`` given (if any) and the
    declared ``input_shape`` (with its ``None`` batch symbol; used by ``Sequential``). The result
    of calling it on Keras tensors records the call (``KerasNode``)."""

    kind: str
    config: tuple[tuple[str, object], ...]
    name: str | None = None
    input_shape: Shape = None
    site: Span | None = field(default=None, compare=False)
    """Where the layer was constructed (tells apart two equal layers in a model's summary)."""

    def option(self, key: str) -> object:
        return dict(self.config).get(key)

    def describe(self) -> str:
        label = f" {self.name!r}" if self.name else ""
        return f"keras layer {self.kind}{label}"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == self.kind

    def instance_classes(self) -> tuple[str, ...]:
        return ("keras.layers.Layer",)

    def call(self, ctx: CallContext) -> AbstractValue:
        result = self._call(ctx)
        if isinstance(result, TensorValue) and result.kind == "keras":
            return replace(result, history=KerasNode(self, call_tensors(ctx)))
        return result

    def _call(self, ctx: CallContext) -> AbstractValue:
        special = _special_call(self)
        if special is not None:
            return special(self, ctx)
        source = keras_operand(ctx)
        if source is None:
            return TensorValue(None, LAYER_DTYPE, ctx.span(), "tensor")
        kind = "keras" if source.symbolic else "tensor"
        shape = apply_layer(ctx, self, source)
        if shape is FAILED_LAYER:
            return TOP
        return TensorValue(shape, LAYER_DTYPE, ctx.span(), kind)  # type: ignore[arg-type]

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        from ...domains.strings import StrValue

        if name == "name" and self.name is not None:
            return StrValue(self.name)
        return TOP

    def output_shape(self, shape: Shape, symbolic: bool) -> Shape:
        """The output shape for an input of ``shape`` (a Keras tensor when ``symbolic``); raises
        ``CertainShapeError`` (Keras's message) for a failure that does not depend on the layer's
        build state."""
        if shape is None:
            return None
        if self.kind == "Dense":
            self.require_rank(shape, 2, True)
            units = self.option("units")
            return (*shape[:-1], units if isinstance(units, int) else UNKNOWN)
        if self.kind in ("Dropout", "Activation"):
            return shape
        if self.kind == "Flatten":
            self.require_rank(shape, 1, True)
            if len(shape) == 1:
                return (shape[0], 1)
            rest = shape[1:]
            size = UNKNOWN if any(is_batch(dim) for dim in rest) else shapes.size(rest)
            return (shape[0], size)
        if self.kind == "Reshape":
            return self._reshape(shape, symbolic)
        if self.kind in CONVOLUTION:
            spatial = CONVOLUTION[self.kind]
            self.require_rank(shape, spatial + 2, True)
            filters = self.option("filters")
            return self._windowed(shape, filters if isinstance(filters, int) else UNKNOWN, spatial)
        if self.kind in POOLING:
            spatial = POOLING[self.kind]
            self.require_rank(shape, spatial + 2, False)
            return self._windowed(shape, shape[-1], spatial)
        if self.kind in GLOBAL_POOLING:
            spatial = GLOBAL_POOLING[self.kind]
            self.require_rank(shape, spatial + 2, False)
            if self.option("channels_first") or self.option("keepdims") is not False:
                return None
            return (shape[0], shape[-1])
        from .keras_recurrent import SHAPE_RULES

        rule = SHAPE_RULES.get(self.kind)
        return rule(self, shape) if rule is not None else None

    def require_rank(self, shape: tuple[Dim, ...], rank: int, minimum: bool) -> None:
        """Keras's input-spec rank check (``ndim``, or ``min_ndim`` when ``minimum``)."""
        wrong = len(shape) < rank if minimum else len(shape) != rank
        if not wrong:
            return
        received = printed(shape)
        if received is None:
            raise _Silent
        raise CertainShapeError(
            messages.LAYER_INPUT,
            messages.layer_input(self.name, messages.expected_ndim(rank, received, minimum)),
            (0,),
        )

    def _reshape(self, shape: tuple[Dim, ...], symbolic: bool) -> Shape:
        """Symbolic inputs are checked by Keras (its own message); eager ones by the reshape op
        on ``(batch, *target_shape)``."""
        target = self.option("target_shape")
        if not isinstance(target, tuple) or not shape:
            return None
        if not symbolic:
            return rules.reshape(shape, (shape[0], *target))
        rest = shape[1:]
        total = shapes.size(rest) if not any(is_batch(dim) for dim in rest) else UNKNOWN
        if -1 in target:
            others = dims.product([dim for dim in target if dim != -1])
            quotient = (
                dims.exact_quotient(total, others)
                if not isinstance(total, dims.UnknownDim) and others != 0
                else None
            )
            size = quotient if quotient is not None else UNKNOWN
            return (shape[0], *(size if dim == -1 else dim for dim in target))
        wanted = dims.product(list(target))
        if dims.certainly_different(total, wanted):
            if not shapes.is_fully_known(rest) or not shapes.is_fully_known(target):
                raise _Silent
            raise CertainShapeError(RESHAPE, messages.reshape_layer(rest, target), (0,))
        return (shape[0], *target)

    def _windowed(self, shape: tuple[Dim, ...], channels: Dim, spatial: int) -> Shape:
        window = self.option("window")
        strides = self.option("strides")
        dilation = self.option("dilation") or (1,) * spatial
        padding = self.option("padding")
        if not isinstance(window, tuple) or not isinstance(strides, tuple):
            return None
        if not isinstance(dilation, tuple) or self.option("channels_first"):
            return None
        if padding not in ("valid", "same") and not (padding == "causal" and self.kind == "Conv1D"):
            return None
        sizes = shape[-spatial - 1 : -1]
        lengths = [
            _window_length(size, window[axis], strides[axis], padding, dilation[axis])  # type: ignore[arg-type]
            for axis, size in enumerate(sizes)
        ]
        return (*shape[: -spatial - 1], *lengths, channels)


def _special_call(layer: LayerValue) -> Callable[[LayerValue, CallContext], AbstractValue] | None:
    """How a layer that is not called on one tensor, or returns several, is called: merge and
    attention layers (a list of inputs), recurrent layers returning their states."""
    from .keras_attention import ATTENTION, call_attention
    from .keras_merging import MERGING, call_merge
    from .keras_recurrent import call_with_states, returns_list

    if layer.kind in MERGING:
        return call_merge
    if layer.kind in ATTENTION:
        return call_attention
    if returns_list(layer):
        return call_with_states
    return None


def call_tensors(ctx: CallContext) -> tuple[TensorValue, ...]:
    """The tensors a layer is called on, in order (a list of inputs, or query, value and key)."""
    found: list[TensorValue] = []
    for value in (*ctx.args, *(ctx.kwargs.get(key) for key in ("query", "value", "key"))):
        if isinstance(value, TensorValue):
            found.append(value)
        elif value is not None:
            found += [
                item for item in ctx.sequence_items(value) or () if isinstance(item, TensorValue)
            ]
    return tuple(found)


def first_call(ctx: CallContext) -> bool:
    """Whether the called layer was certainly constructed by the calling expression
    (``layers.Add()([a, b])``), so that Keras builds it in this call."""
    return isinstance(ctx.node, ast.Call) and isinstance(ctx.node.func, ast.Call)


class _Silent(Exception):
    """A certain failure whose message cannot be worded exactly (not reported)."""


class _FailedLayer:
    """A layer call that certainly failed (reported or not)."""


FAILED_LAYER = _FailedLayer()


def apply_layer(
    ctx: CallContext, layer: LayerValue, source: TensorOperand, in_graph: bool = False
) -> Shape | object:
    """Apply ``layer`` to ``source`` at the call: its output shape, or ``FAILED_LAYER`` after a
    certain failure (reported when its message is known). ``in_graph``: the call is traced in a
    ``tf.function`` (``fit``, ``predict``), where only the input-spec checks keep Keras's words
    (other failures are certain but not reported)."""
    return run_rule(
        ctx, source, lambda: layer.output_shape(source.shape, source.symbolic), in_graph
    )


def run_rule(
    ctx: CallContext, source: TensorOperand, rule: Callable[[], T], in_graph: bool = False
) -> T | object:
    """``rule()`` of a layer called on ``source``, or ``FAILED_LAYER`` after a certain failure
    (reported when its message is known; in a traced call only an input-spec failure)."""
    try:
        return rule()
    except _Silent:
        return FAILED_LAYER
    except CertainShapeError as failure:
        if in_graph and failure.code != messages.LAYER_INPUT:
            return FAILED_LAYER
        related = []
        if source.origin is not None:
            related.append(
                (source.origin, f"shape {shapes.format_python(source.shape)} established here")
            )
        ctx.report(failure.code, failure.message, related=related)
        return FAILED_LAYER


def output_through(layer: LayerValue, shape: Shape, symbolic: bool) -> Shape | object:
    """``layer``'s output shape for ``shape`` without reporting: ``FAILED_LAYER`` on failure."""
    try:
        return layer.output_shape(shape, symbolic)
    except (_Silent, CertainShapeError):
        return FAILED_LAYER


RECURRENT_KINDS = ("LSTM", "GRU", "SimpleRNN")
"""The layers deriving from Keras's ``RNN``, which read ``input_dim`` and ``input_length``."""


def declared_input(ctx: CallContext, kind: str) -> Shape:
    """The batch input shape a layer's keywords declare, as Keras 2.12's ``Layer.__init__``
    (and ``RNN.__init__``, ``Embedding.__init__`` before it) derive it: ``batch_input_shape``
    first; else ``input_shape`` with ``batch_size`` (or a ``None`` batch); ``input_shape`` from
    ``input_dim`` (``(input_dim,)``; ``(input_length, input_dim)`` for a recurrent layer, either
    ``None`` when absent); an ``Embedding`` always declares one, ``(input_length,)`` (its own
    ``input_dim`` is the vocabulary size). ``None`` when none is declared or it is unknown."""
    kwargs = ctx.kwargs
    if "batch_input_shape" in kwargs:
        items = ctx.sequence_items(kwargs["batch_input_shape"])
        if not items:
            return None
        sizes = [
            none_symbol(ctx.fixed_span(), position) if item is NONE else int_of(item)
            for position, item in enumerate(items)
        ]
        return tuple(sizes)
    if "input_shape" in kwargs:
        declared = keras_shape(ctx, kwargs["input_shape"])
    elif kind in RECURRENT_KINDS and ("input_dim" in kwargs or "input_length" in kwargs):
        declared = keras_shape(
            ctx, ctx.make_tuple([kwargs.get("input_length", NONE), kwargs.get("input_dim", NONE)])
        )
    elif kind == "Embedding":
        if len(ctx.args) > 7:
            return None
        length = kwargs.get("input_length", NONE)
        if length is not NONE and ctx.int_constant(length) is None:
            return None
        if ctx.int_constant(length) == 0:
            length = NONE
        declared = keras_shape(ctx, ctx.make_tuple([length]))
    elif "input_dim" in kwargs:
        declared = keras_shape(ctx, ctx.make_tuple([kwargs["input_dim"]]))
    else:
        return None
    if declared is None:
        return None
    return with_batch(ctx, declared, kwargs.get("batch_size"))


def make_layer(ctx: CallContext, kind: str, config: dict[str, object]) -> AbstractValue:
    """A layer of ``kind`` and ``config`` with the call's ``name`` and declared input shape
    (``declared_input``)."""
    name = ctx.str_constant(ctx.kwargs.get("name"))
    input_shape = declared_input(ctx, kind)
    config["plain_weights"] = not any(key in ctx.kwargs for key in WEIGHT_OPTIONS) and len(
        ctx.args
    ) <= PLAIN_POSITIONAL.get(kind, 2)
    return LayerValue(kind, tuple(sorted(config.items())), name, input_shape, ctx.span())


WEIGHT_OPTIONS = (
    "use_bias",
    "axis",
    "center",
    "scale",
    "reset_after",
    "use_scale",
    "score_mode",
    "groups",
)
"""Layer options that change which weights a layer makes (their counts are then unknown)."""
PLAIN_POSITIONAL = {
    "Conv1D": 6,
    "Conv2D": 6,
    "Conv3D": 6,
    "LSTM": 3,
    "GRU": 3,
    "SimpleRNN": 2,
    "MultiHeadAttention": 4,
    "BatchNormalization": 0,
    "LayerNormalization": 0,
    "Attention": 0,
    "AdditiveAttention": 0,
}
"""How many positional arguments come before the first option of ``WEIGHT_OPTIONS``."""


def _padding(ctx: CallContext, index: int) -> str | None:
    value = ctx.arg(index, "padding")
    if value is None:
        return "valid"
    text = ctx.str_constant(value)
    return text.lower() if text is not None else None


def _channels_first(ctx: CallContext, index: int) -> bool | None:
    value = ctx.arg(index, "data_format")
    if value is None or value is NONE:
        return False
    text = ctx.str_constant(value)
    return None if text is None else text == "channels_first"


def _activation(ctx: CallContext, index: int) -> str | None:
    """The activation's name when given as a string (``None`` when absent or unknown)."""
    return ctx.str_constant(ctx.arg(index, "activation"))


def invalid_argument(ctx: CallContext, message: str) -> AbstractValue:
    """Report a constructor's certain ``ValueError`` (Keras's ``message``) at the call: ⊤."""
    ctx.report(ARGUMENT, message)
    return TOP


def dense(ctx: CallContext) -> AbstractValue:
    """``Dense(units, activation=None, use_bias=True, ...)``: a negative ``units`` fails here
    (``int(units)`` of a float is checked too; only int constants are here)."""
    units = ctx.int_constant(ctx.arg(0, "units"))
    if units is not None and units < 0:
        return invalid_argument(
            ctx,
            "Received an invalid value for `units`, expected a positive integer."
            f" Received: units={units}",
        )
    return make_layer(ctx, "Dense", {"units": units, "activation": _activation(ctx, 1)})


def flatten(ctx: CallContext) -> AbstractValue:
    """``Flatten(data_format=None)``."""
    return make_layer(ctx, "Flatten", {})


def dropout(ctx: CallContext) -> AbstractValue:
    """``Dropout(rate, noise_shape=None, seed=None)``."""
    return make_layer(ctx, "Dropout", {})


def activation(ctx: CallContext) -> AbstractValue:
    """``Activation(activation)``."""
    return make_layer(ctx, "Activation", {"activation": _activation(ctx, 0)})


def reshape(ctx: CallContext) -> AbstractValue:
    """``Reshape(target_shape)``."""
    target = shape_argument(ctx, ctx.arg(0, "target_shape"))
    known = target if target is not None and all(isinstance(dim, int) for dim in target) else None
    return make_layer(ctx, "Reshape", {"target_shape": known})


def convolution(spatial: int) -> Callable[[CallContext], AbstractValue]:
    """``Conv1D``/``Conv2D``/``Conv3D(filters, kernel_size, strides=1, padding="valid", data_format=None,
    dilation_rate=1, ...)``. Strides and dilation both above 1 (which Keras rejects) give an
    unknown output."""

    def construct(ctx: CallContext) -> AbstractValue:
        ones = (1,) * spatial
        filters = ctx.int_constant(ctx.arg(0, "filters"))
        if filters is not None and filters <= 0:
            return invalid_argument(
                ctx,
                "Invalid value for argument `filters`. Expected a strictly positive value."
                f" Received filters={filters}.",
            )
        window = _sizes(ctx, ctx.arg(1, "kernel_size"), spatial, (0,) * spatial)
        strides = _sizes(ctx, ctx.arg(2, "strides"), spatial, ones)
        dilation = _sizes(ctx, ctx.arg(5, "dilation_rate"), spatial, ones)
        if dilation is None or (strides != ones and dilation != ones):
            window = None
        config: dict[str, object] = {
            "filters": filters,
            "window": window,
            "strides": strides,
            "dilation": dilation,
            "padding": _padding(ctx, 3),
            "channels_first": _channels_first(ctx, 4) is not False,
        }
        return make_layer(ctx, f"Conv{spatial}D", config)

    return construct


def pooling(kind: str, spatial: int) -> Callable[[CallContext], AbstractValue]:
    """``MaxPooling1D/2D/3D``, ``AveragePooling1D/2D/3D(pool_size=2, strides=None, padding="valid",
    data_format=None)``."""

    def construct(ctx: CallContext) -> AbstractValue:
        window = _sizes(ctx, ctx.arg(0, "pool_size"), spatial, (2,) * spatial)
        strides_value = ctx.arg(1, "strides")
        strides = (
            window
            if strides_value in (None, NONE)
            else _sizes(ctx, strides_value, spatial, (2,) * spatial)
        )
        config: dict[str, object] = {
            "window": window,
            "strides": strides,
            "padding": _padding(ctx, 2),
            "channels_first": _channels_first(ctx, 3) is not False,
        }
        return make_layer(ctx, kind, config)

    return construct


def global_pooling(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``GlobalAveragePooling1D/2D/3D``, ``GlobalMaxPooling1D/2D/3D(data_format=None,
    keepdims=False)``."""

    def construct(ctx: CallContext) -> AbstractValue:
        keepdims = ctx.arg(1, "keepdims")
        config: dict[str, object] = {
            "keepdims": False if keepdims is None else ctx.bool_constant(keepdims),
            "channels_first": _channels_first(ctx, 0) is not False,
        }
        return make_layer(ctx, kind, config)

    return construct


CONVOLUTION = {"Conv1D": 1, "Conv2D": 2, "Conv3D": 3}
"""The convolution layers and their numbers of spatial axes."""
POOLING = {
    "MaxPooling1D": 1,
    "MaxPooling2D": 2,
    "MaxPooling3D": 3,
    "AveragePooling1D": 1,
    "AveragePooling2D": 2,
    "AveragePooling3D": 3,
}
"""The window pooling layers and their numbers of spatial axes."""
GLOBAL_POOLING = {
    "GlobalAveragePooling1D": 1,
    "GlobalAveragePooling2D": 2,
    "GlobalMaxPooling1D": 1,
    "GlobalMaxPooling2D": 2,
    "GlobalAveragePooling3D": 3,
    "GlobalMaxPooling3D": 3,
}
"""The global pooling layers and their numbers of spatial axes."""
ALIASES = {
    "MaxPool1D": "MaxPooling1D",
    "MaxPool2D": "MaxPooling2D",
    "AvgPool1D": "AveragePooling1D",
    "AvgPool2D": "AveragePooling2D",
    "GlobalAvgPool1D": "GlobalAveragePooling1D",
    "GlobalAvgPool2D": "GlobalAveragePooling2D",
    "GlobalMaxPool1D": "GlobalMaxPooling1D",
    "GlobalMaxPool2D": "GlobalMaxPooling2D",
    "MaxPool3D": "MaxPooling3D",
    "AvgPool3D": "AveragePooling3D",
    "GlobalAvgPool3D": "GlobalAveragePooling3D",
    "GlobalMaxPool3D": "GlobalMaxPooling3D",
}


LAYERS: dict[str, Callable[[CallContext], AbstractValue]] = {
    "Dense": dense,
    "Flatten": flatten,
    "Dropout": dropout,
    "Activation": activation,
    "Reshape": reshape,
    "Conv1D": convolution(1),
    "Convolution1D": convolution(1),
    "Conv2D": convolution(2),
    "Convolution2D": convolution(2),
    "Conv3D": convolution(3),
    "Convolution3D": convolution(3),
    **{kind: pooling(kind, spatial) for kind, spatial in POOLING.items()},
    **{kind: global_pooling(kind) for kind in GLOBAL_POOLING},
}
LAYERS.update({alias: LAYERS[kind] for alias, kind in ALIASES.items()})
