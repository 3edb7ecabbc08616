"""Keras sequence and normalisation layers (Keras 2.12): ``SimpleRNN``, ``LSTM``, ``GRU``
(``return_sequences``, ``return_state``), ``Bidirectional`` around one of them, ``Embedding``,
``BatchNormalization`` and ``LayerNormalization``.

A recurrent layer needs an input of rank 3 (Keras's input spec, reported in its words); its
output is ``(batch, units)``, or ``(batch, steps, units)`` with ``return_sequences``. With
``return_state`` it returns a list: the output, then its states (``LSTM``: ``h`` and ``c``;
``GRU``/``SimpleRNN``: ``h``), each ``(batch, units)``. ``time_major`` and unknown options give
an unknown output. ``Bidirectional`` concatenates (``merge_mode="concat"``: twice the units) or
combines (``sum``/``mul``/``ave``) the two directions; ``merge_mode=None`` returns both outputs
in a list; the states of both directions follow (forward first). ``Embedding`` appends its
output size to the input's shape; the normalisation layers keep the shape.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays.dims import UNKNOWN, Dim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...interpreter.natives import CallContext
from .keras_layers import LayerValue, invalid_argument, make_layer
from .values import TensorValue

RECURRENT = ("SimpleRNN", "LSTM", "GRU")


def _recurrent_shape(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    layer.require_rank(shape, 3, False)
    units = layer.option("units")
    size = units if isinstance(units, int) else UNKNOWN
    sequences = layer.option("return_sequences")
    if sequences is None or layer.option("time_major") is not False:
        return None
    return (shape[0], shape[1], size) if sequences else (shape[0], size)


def _states(layer: LayerValue, shape: tuple[Dim, ...]) -> list[Shape]:
    """The state shapes a recurrent layer returns after its output."""
    units = layer.option("units")
    count = 2 if layer.kind == "LSTM" else 1
    return [(shape[0], units if isinstance(units, int) else UNKNOWN)] * count


def returns_list(layer: LayerValue) -> bool:
    """Whether calling ``layer`` gives a list (states returned, or both directions unmerged);
    unknown flags count as a list (the result is then unknown)."""
    if layer.kind in RECURRENT:
        return layer.option("return_state") is not False
    if layer.kind == "Bidirectional":
        inner = layer.option("layer")
        return layer.option("merge_mode") is None or (
            isinstance(inner, LayerValue) and returns_list(inner)
        )
    return False


def _outputs(layer: LayerValue, shape: tuple[Dim, ...]) -> list[Shape] | None:
    """The shapes of the list ``layer`` returns for an input of ``shape`` (raises Keras's input
    failure); ``None`` when unknown."""
    inner = layer.option("layer") if layer.kind == "Bidirectional" else layer
    if not isinstance(inner, LayerValue) or inner.kind not in RECURRENT:
        return None
    single = _recurrent_shape(inner, shape)
    if single is None or inner.option("return_state") is None:
        return None
    states = _states(inner, shape) if inner.option("return_state") else []
    if layer.kind != "Bidirectional":
        return [single, *states]
    mode = layer.option("merge_mode")
    heads: list[Shape] = [single, single] if mode is None else [_merged_output(layer, shape)]
    if mode is not None and heads[0] is None:
        return None
    return [*heads, *states, *states]


def call_with_states(layer: LayerValue, ctx: CallContext) -> AbstractValue:
    """Calling a recurrent layer that returns a list (see the module docstring)."""
    from .keras_layers import FAILED_LAYER, LAYER_DTYPE, keras_operand, run_rule

    source = keras_operand(ctx)
    if source is None or source.shape is None:
        return TOP
    outputs = run_rule(ctx, source, lambda: _outputs(layer, source.shape))  # type: ignore[arg-type]
    if outputs is FAILED_LAYER:
        return TOP
    if outputs is None:
        return TOP
    kind = "keras" if source.symbolic else "tensor"
    return ctx.make_list(
        [TensorValue(shape, LAYER_DTYPE, ctx.span(), kind) for shape in outputs]  # type: ignore[union-attr]
    )


def _merged_output(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    """A ``Bidirectional`` layer's merged output."""
    inner = layer.option("layer")
    mode = layer.option("merge_mode")
    if not isinstance(inner, LayerValue) or inner.kind not in RECURRENT:
        return None
    output = _recurrent_shape(inner, shape)
    if output is None or mode not in ("concat", "sum", "mul", "ave"):
        return None
    last = output[-1]
    if mode == "concat":
        last = 2 * last if isinstance(last, int) else UNKNOWN
    return (*output[:-1], last)


def _bidirectional_shape(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    if returns_list(layer):
        inner = layer.option("layer")
        if isinstance(inner, LayerValue) and inner.kind in RECURRENT:
            inner.require_rank(shape, 3, False)
        return None
    return _merged_output(layer, shape)


def _embedding_shape(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    size = layer.option("output_dim")
    return (*shape, size if isinstance(size, int) else UNKNOWN)


def _same_shape(layer: LayerValue, shape: tuple[Dim, ...]) -> Shape:
    return shape


SHAPE_RULES: dict[str, Callable[[LayerValue, tuple[Dim, ...]], Shape]] = {
    **dict.fromkeys(RECURRENT, _recurrent_shape),
    "Bidirectional": _bidirectional_shape,
    "Embedding": _embedding_shape,
    "BatchNormalization": _same_shape,
    "LayerNormalization": _same_shape,
}
"""The output shape of each layer kind of this module for an input of a known rank (raising
Keras's ``CertainShapeError`` for a certain input-spec failure)."""


def recurrent(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``SimpleRNN``/``LSTM``/``GRU(units, ..., return_sequences=False, return_state=False,
    go_backwards=False, stateful=False, time_major=False, ...)``."""

    def construct(ctx: CallContext) -> AbstractValue:
        flags = {}
        for flag in ("return_sequences", "return_state", "time_major"):
            value = ctx.kwargs.get(flag)
            flags[flag] = False if value is None else ctx.bool_constant(value)
        units = ctx.int_constant(ctx.arg(0, "units"))
        if units is not None and units <= 0:
            return invalid_argument(
                ctx,
                "Received an invalid value for argument `units`, expected a positive integer,"
                f" got {units}.",
            )
        config: dict[str, object] = {"units": units, **flags}
        return make_layer(ctx, kind, config)

    return construct


def bidirectional(ctx: CallContext) -> AbstractValue:
    """``Bidirectional(layer, merge_mode="concat", ...)``."""
    mode = ctx.arg(1, "merge_mode")
    inner = ctx.arg(0, "layer")
    config: dict[str, object] = {
        "layer": inner if isinstance(inner, LayerValue) else None,
        "merge_mode": "concat" if mode is None else _merge_mode(ctx, mode),
    }
    return make_layer(ctx, "Bidirectional", config)


def _merge_mode(ctx: CallContext, mode: AbstractValue) -> str | None:
    """``None`` for an explicit ``merge_mode=None``; "unknown" when not a known string."""
    if ctx.is_none(mode):
        return None
    return ctx.str_constant(mode) or "unknown"


def embedding(ctx: CallContext) -> AbstractValue:
    """``Embedding(input_dim, output_dim, ...)``."""
    input_dim = ctx.int_constant(ctx.arg(0, "input_dim"))
    output_dim = ctx.int_constant(ctx.arg(1, "output_dim"))
    if input_dim is not None and output_dim is not None and min(input_dim, output_dim) <= 0:
        return invalid_argument(
            ctx,
            "Both `input_dim` and `output_dim` should be positive, Received"
            f" input_dim = {input_dim} and output_dim = {output_dim}",
        )
    config: dict[str, object] = {"input_dim": input_dim, "output_dim": output_dim}
    return make_layer(ctx, "Embedding", config)


def normalisation(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``BatchNormalization``/``LayerNormalization(axis=-1, ...)``: shape-preserving."""
    return lambda ctx: make_layer(ctx, kind, {})


LAYERS: dict[str, Callable[[CallContext], AbstractValue]] = {
    **{kind: recurrent(kind) for kind in RECURRENT},
    "Bidirectional": bidirectional,
    "Embedding": embedding,
    "BatchNormalization": normalisation("BatchNormalization"),
    "LayerNormalization": normalisation("LayerNormalization"),
}
