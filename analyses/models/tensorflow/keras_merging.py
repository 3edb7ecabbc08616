"""Keras merge layers (Keras 2.12): ``Add``, ``Subtract``, ``Multiply``, ``Average``,
``Maximum``, ``Minimum``, ``Concatenate(axis)`` and ``Dot(axes)``, and their functional forms
(``layers.add(inputs)``, ``layers.concatenate(inputs, axis)``, ...).

A merge layer is called on a list (or tuple) of tensors. Its checks live in Keras's ``build``,
which runs on the layer's first call only; since whether a layer object was built is not tracked,
they are reported only when the call is certainly the first: the layer constructed in the
calling expression (``layers.Add()([a, b])``) or a functional form. Elsewhere a certain failure
gives an unknown result silently. Checks, in Keras's order and words: ``Subtract`` and ``Dot``
need exactly two inputs; the element-wise layers need equal known batch sizes and the other sizes
aligned from the right equal or 1 (Keras's ``None`` sizes pass); ``Concatenate`` needs the shapes
equal apart from the axis (``None`` sizes pass); ``Dot`` needs the two sizes along ``axes`` equal
(a ``None`` size only equals ``None``). A message printing a size unknown to tensorls is not
reported.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays import dims
from ...arrays.dims import UNKNOWN, Dim
from ...arrays.errors import CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import CallContext
from ..calls import established_here
from . import messages
from .convert import TensorOperand, operand
from .keras_layers import LayerValue, first_call, make_layer
from .support import run
from .values import TensorValue, is_batch, printed

ELEMENTWISE = ("Add", "Subtract", "Multiply", "Average", "Maximum", "Minimum")
MERGING = (*ELEMENTWISE, "Concatenate", "Dot")
FUNCTIONAL = {kind.lower(): kind for kind in MERGING}
"""The functional forms (``layers.add``, ...) and their layer classes."""


class _Unworded(Exception):
    """A certain failure whose message prints a size unknown to tensorls."""


def _printed(shape: tuple[Dim, ...]) -> tuple[Dim | None, ...]:
    shown = printed(shape)
    if shown is None:
        raise _Unworded
    return shown


def _fail(message: str) -> CertainShapeError:
    return CertainShapeError(messages.MERGE, message, (0,))


def _elementwise_pair(first: tuple[Dim, ...], second: tuple[Dim, ...]) -> tuple[Dim, ...]:
    """Keras's ``_compute_elemwise_op_output_shape`` (sizes without the batch)."""
    if len(first) < len(second):
        first, second = second, first
    if not second:
        return first
    output = list(first[: len(first) - len(second)])
    for i, j in zip(first[len(first) - len(second) :], second, strict=True):
        if is_batch(i) or is_batch(j):
            output.append(UNKNOWN if i != j else i)
        elif i == 1:
            output.append(j)
        elif j == 1:
            output.append(i)
        elif isinstance(i, int) and isinstance(j, int) and i != j:
            raise _fail(messages.merge_incompatible(_printed(first), _printed(second)))
        elif dims.certainly_equal(i, j):
            output.append(i)
        else:
            output.append(UNKNOWN)
    return tuple(output)


def elementwise_shape(kind: str, shapes_: list[tuple[Dim, ...]]) -> Shape:
    """The output of an element-wise merge of ``shapes_`` (raises Keras's failure)."""
    if kind == "Subtract" and len(shapes_) != 2:
        raise _fail(messages.merge_count("Subtract", "exactly 2", [_printed(s) for s in shapes_]))
    batches = {shape[0] for shape in shapes_ if shape and not is_batch(shape[0])}
    known = {size for size in batches if isinstance(size, int)}
    if len(known) > 1:
        raise _fail(messages.merge_batch_sizes([_printed(s) for s in shapes_]))
    if any(not shape for shape in shapes_):
        return None
    output = shapes_[0][1:]
    for shape in shapes_[1:]:
        output = _elementwise_pair(output, shape[1:])
    firsts = {shape[0] for shape in shapes_}
    batch = firsts.pop() if len(firsts) == 1 else UNKNOWN
    return (batch, *output)


def concatenate_shape(axis: int, shapes_: list[tuple[Dim, ...]]) -> Shape:
    """``Concatenate(axis)``'s build check and output (the first input's other sizes, as
    Keras's ``compute_output_shape``)."""
    if len(shapes_) == 1:
        return shapes_[0]
    reduced = []
    for shape in shapes_:
        if not -len(shape) <= axis < len(shape):
            return None
        rest = list(shape)
        del rest[axis]
        reduced.append(tuple(rest))
    if len({len(shape) for shape in reduced}) != 1:
        raise _fail(messages.concatenate_shapes([_printed(s) for s in shapes_]))
    for position in range(len(reduced[0])):
        column = [shape[position] for shape in reduced if not is_batch(shape[position])]
        if len({size for size in column if isinstance(size, int)}) > 1:
            raise _fail(messages.concatenate_shapes([_printed(s) for s in shapes_]))
    output = list(reduced[0])
    along = [shape[axis] for shape in shapes_]
    total: Dim = sum(along) if all(isinstance(size, int) for size in along) else UNKNOWN  # type: ignore[arg-type]
    position = axis % len(shapes_[0])
    output.insert(position, total)
    return tuple(output)


def dot_shape(axes: tuple[int, int] | int | None, shapes_: list[tuple[Dim, ...]]) -> Shape:
    """``Dot(axes)``'s build check and output (``compute_output_shape``)."""
    if len(shapes_) != 2:
        raise _fail(messages.merge_count("Dot", "a list of 2", [_printed(s) for s in shapes_]))
    first, second = shapes_
    if axes is None or not first or not second:
        return None
    if isinstance(axes, int):
        pair = (axes % len(first), axes % len(second)) if axes < 0 else (axes, axes)
    else:
        pair = axes
    if not all(-len(shape) <= axis < len(shape) for shape, axis in zip(shapes_, pair, strict=True)):
        return None
    left, right = first[pair[0]], second[pair[1]]
    left_none, right_none = is_batch(left), is_batch(right)
    differ = (left_none != right_none and (isinstance(left, int) or isinstance(right, int))) or (
        isinstance(left, int) and isinstance(right, int) and left != right
    )
    if differ:
        raise _fail(messages.dot_axes(_printed(first), _printed(second), pair))
    rest_first = [dim for index, dim in enumerate(first) if index != pair[0] % len(first)]
    rest_second = [dim for index, dim in enumerate(second) if index != pair[1] % len(second)]
    output = rest_first + rest_second[1:]
    if len(output) == 1:
        output.append(1)
    return tuple(output)


def merged_shape(layer: LayerValue, shapes_: list[tuple[Dim, ...]]) -> Shape:
    """The output of merge ``layer`` for inputs of ``shapes_`` (raises Keras's failure;
    ``_Unworded`` for a certain failure it cannot word)."""
    if layer.kind == "Concatenate":
        axis = layer.option("axis")
        return concatenate_shape(axis, shapes_) if isinstance(axis, int) else None
    if layer.kind == "Dot":
        return dot_shape(layer.option("axes"), shapes_)  # type: ignore[arg-type]
    return elementwise_shape(layer.kind, shapes_)


def call_merge(layer: LayerValue, ctx: CallContext, certain: bool | None = None) -> AbstractValue:
    """Calling merge ``layer`` on ``inputs`` (a list or tuple of tensors)."""
    items = ctx.sequence_items(ctx.arg(0, "inputs"))
    if items is None:
        return TOP
    converted = [run(ctx, lambda item=item: operand(ctx, item)) for item in items]
    if not converted or not all(isinstance(item, TensorOperand) for item in converted):
        return TensorValue(None, None, ctx.span())
    inputs: list[TensorOperand] = converted  # type: ignore[assignment]
    if any(item.shape is None for item in inputs):
        return TensorValue(None, None, ctx.span(), _kind(inputs))
    shapes_ = [item.shape for item in inputs]
    certain = first_call(ctx) if certain is None else certain
    try:
        shape = merged_shape(layer, shapes_)  # type: ignore[arg-type]
    except _Unworded:
        return TOP
    except CertainShapeError as failure:
        if certain:
            every = CertainShapeError(failure.code, failure.message, tuple(range(len(inputs))))
            ctx.report(failure.code, failure.message, related=established_here(every, inputs))
        return TOP
    dtypes_ = {item.dtype for item in inputs}
    dtype = dtypes_.pop() if len(dtypes_) == 1 else None
    return TensorValue(shape, dtype, ctx.span(), _kind(inputs))


def _kind(inputs: list[TensorOperand]) -> str:
    return "keras" if any(item.symbolic for item in inputs) else "tensor"


def _axes(ctx: CallContext, value: AbstractValue | None) -> tuple[int, int] | int | None:
    single = ctx.int_constant(value)
    if single is not None:
        return single
    items = ctx.sequence_items(value)
    if items is None or len(items) != 2:
        return None
    pair = [ctx.int_constant(item) for item in items]
    return (pair[0], pair[1]) if None not in pair else None  # type: ignore[return-value]


def merge_layer(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``Add()``, ..., ``Concatenate(axis=-1)``, ``Dot(axes, normalize=False)``."""

    def construct(ctx: CallContext) -> AbstractValue:
        config: dict[str, object] = {}
        if kind == "Concatenate":
            axis = ctx.arg(0, "axis")
            config["axis"] = -1 if axis is None else ctx.int_constant(axis)
        elif kind == "Dot":
            config["axes"] = _axes(ctx, ctx.arg(0, "axes"))
        return make_layer(ctx, kind, config)

    return construct


def merge_function(kind: str) -> Callable[[CallContext], AbstractValue]:
    """``layers.add(inputs, **kwargs)``, ``layers.concatenate(inputs, axis=-1, **kwargs)``,
    ``layers.dot(inputs, axes, normalize=False, **kwargs)``: a first call."""

    def apply(ctx: CallContext) -> AbstractValue:
        config: dict[str, object] = {}
        if kind == "Concatenate":
            axis = ctx.arg(1, "axis")
            config["axis"] = -1 if axis is None or axis is NONE else ctx.int_constant(axis)
        elif kind == "Dot":
            config["axes"] = _axes(ctx, ctx.arg(1, "axes"))
        name = ctx.str_constant(ctx.kwargs.get("name"))
        layer = LayerValue(kind, tuple(sorted(config.items())), name)
        return call_merge(layer, ctx, certain=True)

    return apply


LAYERS: dict[str, Callable[[CallContext], AbstractValue]] = {
    **{kind: merge_layer(kind) for kind in MERGING},
    **{name: merge_function(kind) for name, kind in FUNCTIONAL.items()},
}
