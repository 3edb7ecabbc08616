"""TensorFlow 1 graphs: ``tf.compat.v1.placeholder``, graph mode and ops built into a graph.

Graph mode is model state (``GRAPH_MODE``): ``tf.compat.v1.disable_eager_execution()`` (or
``disable_v2_behavior()``) sets it, ``enable_eager_execution()`` clears it, and it starts eager.
A placeholder is a graph tensor (``kind`` "tf1") whose ``None`` sizes are fresh symbols; any op
given a graph tensor, or called while graph mode is certain, is a graph op: its shape function
runs on the partial shapes TensorFlow knows (:mod:`.graph_shapes`), a certain failure is reported
at the op's line in TensorFlow's graph-mode words, and the result is a graph tensor remembering
the op (``GraphNode``) so that :mod:`.sessions` can run it again with the fed shapes. The eager
model computes the result's shape, its own (eager-worded) failures muted. Where graph mode is
uncertain and no operand is a graph tensor, an op's result is unknown. Never done: TensorFlow's
op names (``MatMul_1``), name scopes, control flow ops, ``tf.Graph().as_default()`` (entering it
makes the mode unknown).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ...arrays import dims
from ...arrays.dims import Dim
from ...arrays.errors import CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.none import NONE
from ...facts import Span
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from ..calls import int_of
from . import graph_shapes, rules
from .convert import TensorOperand, operand, shape_argument
from .values import BATCH, TensorValue

GRAPH_MODE = "tensorflow graph mode"
"""The model state holding whether TensorFlow builds graphs (a ``BoolValue``)."""
GRAPH_KIND = "tf1"
"""The ``kind`` of a tensor of a TensorFlow 1 graph."""
GRAPH_SHAPE = "shape-graph"
"""The diagnostic code of an op that cannot be added to a graph."""

Runtime = Callable[[list[tuple[int, ...]]], Shape]
"""An op's kernel shape rule on its operands' run-time shapes (raises ``CertainShapeError`` in
the kernel's words)."""


@dataclass(frozen=True)
class PlaceholderKey:
    """A placeholder as a ``feed_dict`` key: where it was declared (with the calls leading
    there), its declared shape (``None`` sizes as symbols) and dtype."""

    span: Span
    callers: tuple[Span, ...]
    shape: Shape
    dtype: str | None


@dataclass(frozen=True, slots=True, eq=False)
class GraphNode:
    """The op that made a graph tensor: its name, its ``inputs`` (operands of ``runtime`` when
    there is one, else the graph tensors it read), the kernel rule and where it was built; a
    placeholder has its ``key`` and no inputs."""

    op: str
    inputs: tuple[AbstractValue, ...]
    runtime: Runtime | None
    span: Span
    key: PlaceholderKey | None = None


def graph_mode(ctx: CallContext) -> bool | None:
    """Whether TensorFlow builds graphs here: True, False, or None when it depends on the path."""
    value = ctx.model_state(GRAPH_MODE, BoolValue(False))
    return value.value if isinstance(value, BoolValue) else None


def _mode_setter(name: str, mode: bool) -> NativeFunction:
    def impl(ctx: CallContext) -> AbstractValue:
        ctx.set_model_state(GRAPH_MODE, BoolValue(mode))
        return NONE

    return NativeFunction(name, impl)


def is_graph_tensor(value: AbstractValue | None) -> bool:
    return isinstance(value, TensorValue) and value.kind == GRAPH_KIND


class _Muted(CallContext):
    """A call context whose failure reports are dropped (the eager model's words are not graph
    mode's)."""

    __slots__ = ()

    def report(self, *args: object, **kwargs: object) -> None:
        return None


def muted(ctx: CallContext) -> CallContext:
    return _Muted(ctx._host, ctx.node, ctx.args, ctx.kwargs)


# placeholders --------------------------------------------------------------------------------

TF_DTYPE_STRINGS = {"float": "float32", "double": "float64", "int": "int32", "half": "float16"}
"""Dtype strings TensorFlow reads differently from NumPy (``tf.as_dtype("float")`` is float32)."""


PLACEHOLDER_MADE = "tensorflow placeholder made"
PLACEHOLDER_SHARED = "tensorflow placeholder shared"
"""Model states by ``PlaceholderKey``: a placeholder was made under that key, and more than one
was (in a loop, or by a function called again from the same place): such placeholders are one
``feed_dict`` key and share their symbols, so a fed size is not given to those symbols."""


def shared_placeholder(ctx: CallContext, key: PlaceholderKey) -> bool:
    """Whether ``key`` may stand for several placeholders (see ``PLACEHOLDER_SHARED``)."""
    return ctx.model_state((PLACEHOLDER_SHARED, key), BoolValue(False)) != BoolValue(False)


def placeholder(ctx: CallContext) -> AbstractValue:
    """``tf.compat.v1.placeholder(dtype, shape=None, name=None)``: each ``None`` size is a fresh
    symbol of the declaration (printed ``None``)."""
    from .ops import dtype_argument

    dtype = TF_DTYPE_STRINGS.get(ctx.str_constant(ctx.arg(0, "dtype")) or "")
    dtype = dtype or dtype_argument(ctx, ctx.arg(0, "dtype"))
    requested = ctx.arg(1, "shape")
    shape: Shape = None
    if requested is not None and requested is not NONE:
        items = ctx.sequence_items(requested)
        if items is not None:
            site = ctx.fixed_span()
            callers = "/".join(
                f"{span.start.line}:{span.start.character}" for span in ctx.caller_spans()
            )
            shape = tuple(
                dims.symbol(
                    BATCH,
                    f"{site.start.line}:{site.start.character}:{callers}:ph{index}",
                    f"size {index} of the placeholder declared at line {site.start.line + 1}",
                )
                if item is NONE
                else int_of(item)
                for index, item in enumerate(items)
            )
        else:
            shape = shape_argument(ctx, requested)
    key = PlaceholderKey(ctx.fixed_span(), tuple(ctx.caller_spans()), shape, dtype)
    if ctx.model_state((PLACEHOLDER_MADE, key), BoolValue(False)) != BoolValue(False):
        ctx.set_model_state((PLACEHOLDER_SHARED, key), BoolValue(True))
    ctx.set_model_state((PLACEHOLDER_MADE, key), BoolValue(True))
    node = GraphNode("Placeholder", (), None, ctx.span(), key)
    return TensorValue(shape, dtype, ctx.span(), GRAPH_KIND, graph=node)


# graph ops -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GraphOp:
    """What an op's graph model found: the build failure's message, or the operands the kernel
    rule ``runtime`` takes."""

    failure: str | None = None
    operands: tuple[AbstractValue, ...] = ()
    runtime: Runtime | None = None


Check = Callable[[CallContext], GraphOp | None]


def _static(ctx: CallContext, value: AbstractValue | None) -> graph_shapes.Static | None:
    if value is None or value is NONE:
        return None
    try:
        converted = operand(ctx, value)
    except CertainShapeError:
        return None
    return graph_shapes.static(converted.shape) if isinstance(converted, TensorOperand) else None


def _flag(ctx: CallContext, index: int | None, keyword: str) -> bool | None:
    value = ctx.arg(index, keyword)
    if value is None:
        return False
    constant = ctx.int_constant(value)
    return None if constant is None else bool(constant)


def _pair(ctx: CallContext, first: tuple[int | None, str], second: tuple[int | None, str]):
    a, b = ctx.arg(*first), ctx.arg(*second)
    return a, b, _static(ctx, a), _static(ctx, b)


def _elementwise(ctx: CallContext) -> GraphOp | None:
    x, y, left, right = _pair(ctx, (0, "x"), (1, "y"))
    if left is None or right is None:
        return None
    return GraphOp(graph_shapes.broadcast(left, right), (x, y), _broadcast_rule)  # type: ignore[arg-type]


def _broadcast_rule(shapes_: list[tuple[int, ...]]) -> Shape:
    return rules.broadcast(shapes_[0], shapes_[1])


def _matmul(ctx: CallContext) -> GraphOp | None:
    a, b, left, right = _pair(ctx, (0, "a"), (1, "b"))
    transpose_a, transpose_b = _flag(ctx, 2, "transpose_a"), _flag(ctx, 3, "transpose_b")
    if left is None or right is None or transpose_a is None or transpose_b is None:
        return None
    if ctx.arg(4, "adjoint_a") is not None or ctx.arg(5, "adjoint_b") is not None:
        return None
    failure = graph_shapes.matmul(left, right, transpose_a, transpose_b)
    return GraphOp(
        failure,
        (a, b),  # type: ignore[arg-type]
        lambda shapes_: rules.matmul(shapes_[0], shapes_[1], transpose_a, transpose_b),
    )


def _reshape(ctx: CallContext) -> GraphOp | None:
    source_value = ctx.arg(0, "tensor")
    source = _static(ctx, source_value)
    target_value = ctx.arg(1, "shape")
    target = shape_argument(ctx, target_value) if target_value not in (None, NONE) else None
    if source is None or target is None or not all(isinstance(dim, int) for dim in target):
        return None
    return GraphOp(
        graph_shapes.reshape(source, target),
        (source_value,),  # type: ignore[arg-type]
        lambda shapes_: rules.reshape(shapes_[0], target),
    )


def _concat(ctx: CallContext) -> GraphOp | None:
    items = ctx.sequence_items(ctx.arg(0, "values"))
    axis = ctx.int_constant(ctx.arg(1, "axis"))
    if items is None or axis is None:
        return None
    statics = [_static(ctx, item) for item in items]
    if any(shape is None for shape in statics):
        return None
    failure = graph_shapes.concat(statics, axis)  # type: ignore[arg-type]
    return GraphOp(failure, tuple(items), lambda shapes_: rules.concat(list(shapes_), axis))


def _softmax_cross_entropy(ctx: CallContext) -> GraphOp | None:
    labels_value, logits_value = ctx.kwargs.get("labels"), ctx.kwargs.get("logits")
    labels, logits = _static(ctx, labels_value), _static(ctx, logits_value)
    if labels is None or logits is None or ctx.args or set(ctx.kwargs) - {"labels", "logits"}:
        return None
    return GraphOp(
        graph_shapes.softmax_cross_entropy(labels, logits),
        (labels_value, logits_value),  # type: ignore[arg-type]
        lambda shapes_: rules.softmax_cross_entropy(shapes_[0], shapes_[1]),
    )


def _sparse_softmax_cross_entropy(ctx: CallContext) -> GraphOp | None:
    labels_value, logits_value = ctx.kwargs.get("labels"), ctx.kwargs.get("logits")
    labels, logits = _static(ctx, labels_value), _static(ctx, logits_value)
    if labels is None or logits is None or ctx.args or set(ctx.kwargs) - {"labels", "logits"}:
        return None
    return GraphOp(
        graph_shapes.sparse_softmax_cross_entropy(labels, logits),
        (labels_value, logits_value),  # type: ignore[arg-type]
        lambda shapes_: rules.sparse_softmax_cross_entropy(shapes_[0], shapes_[1]),
    )


def _four(
    ctx: CallContext, value: AbstractValue | None, channel_last: bool
) -> tuple[int, int] | None:
    """A ``strides``/``ksize`` argument: an int, two ints, or four with 1 at batch and channels."""
    if value is None or value is NONE:
        return None
    constant = ctx.int_constant(value)
    if constant is not None:
        return constant, constant
    items = shape_argument(ctx, value)
    if items is None or not all(isinstance(item, int) for item in items):
        return None
    if len(items) == 2:
        return items[0], items[1]  # type: ignore[return-value]
    if len(items) == 4:
        spatial = items[1:3] if channel_last else items[2:4]
        return spatial[0], spatial[1]  # type: ignore[return-value]
    return None


def _layout(ctx: CallContext, index: int) -> tuple[str | None, bool | None]:
    padding = ctx.str_constant(ctx.arg(index, "padding"))
    format_value = ctx.arg(index + 1, "data_format")
    layout = "NHWC" if format_value in (None, NONE) else ctx.str_constant(format_value)
    channel_last = {"NHWC": True, "NCHW": False}.get(layout or "")
    return (padding.upper() if padding else None), channel_last


def _window_shape(
    source: tuple[Dim, ...],
    windows: tuple[int, int],
    strides: tuple[int, int],
    padding: str,
    channel_last: bool,
    depth: Dim,
) -> Shape:
    spatial = source[1:3] if channel_last else source[2:4]
    out: list[Dim] = []
    for size, extent, stride in zip(spatial, windows, strides, strict=True):
        result = graph_shapes.window_output(
            size if isinstance(size, int) else None, extent, stride, padding
        )
        out.append(result if result is not None else dims.UNKNOWN)
    if channel_last:
        return (source[0], out[0], out[1], depth)
    return (source[0], depth, out[0], out[1])


def _conv2d(ctx: CallContext) -> GraphOp | None:
    """``tf.nn.conv2d(input, filters, strides, padding, data_format='NHWC', dilations=None)``
    (TF1's ``filter`` keyword too)."""
    source_value = ctx.arg(0, "input")
    kernel_value = ctx.arg(1, "filters") or ctx.kwargs.get("filter")
    source, kernel = _static(ctx, source_value), _static(ctx, kernel_value)
    padding, channel_last = _layout(ctx, 3)
    strides = _four(ctx, ctx.arg(2, "strides"), bool(channel_last))
    if (
        source is None
        or kernel is None
        or padding not in ("SAME", "VALID")
        or channel_last is None
        or strides is None
        or len(kernel) != 4
        or ctx.arg(5, "dilations") not in (None, NONE)
    ):
        return None
    windows = (kernel[0], kernel[1])
    failure = graph_shapes.conv_depth(source, kernel, channel_last)
    spatial = (
        graph_shapes.window(source, windows, padding, channel_last) if None not in windows else None
    )  # type: ignore[arg-type]
    if failure is not None and spatial is not None:
        return None
    return GraphOp(
        failure or spatial,
        (source_value, kernel_value),  # type: ignore[arg-type]
        lambda shapes_: (
            _window_shape(shapes_[0], shapes_[1][:2], strides, padding, channel_last, shapes_[1][3])  # type: ignore[arg-type]
            if None not in windows
            else None
        ),
    )


def _pool(ctx: CallContext) -> GraphOp | None:
    """``tf.nn.max_pool/avg_pool(value, ksize, strides, padding, data_format='NHWC')``."""
    source_value = ctx.arg(0, "value") or ctx.kwargs.get("input")
    source = _static(ctx, source_value)
    padding, channel_last = _layout(ctx, 3)
    if source is None or padding not in ("SAME", "VALID") or channel_last is None:
        return None
    windows = _four(ctx, ctx.arg(1, "ksize"), channel_last)
    strides = _four(ctx, ctx.arg(2, "strides"), channel_last)
    if windows is None or strides is None or len(source) != 4:
        return None
    return GraphOp(
        graph_shapes.window(source, windows, padding, channel_last),
        (source_value,),  # type: ignore[arg-type]
        lambda shapes_: _window_shape(
            shapes_[0],
            windows,
            strides,
            padding,
            channel_last,
            shapes_[0][3] if channel_last else shapes_[0][1],
        ),
    )


ELEMENTWISE = ("add", "subtract", "multiply", "divide", "maximum", "minimum", "pow")
CHECKS: dict[str, tuple[str, Check]] = {
    **{name: ("BinaryOp", _elementwise) for name in ELEMENTWISE},
    "matmul": ("MatMul", _matmul),
    "reshape": ("Reshape", _reshape),
    "concat": ("ConcatV2", _concat),
    "softmax_cross_entropy_with_logits": ("SoftmaxCrossEntropyWithLogits", _softmax_cross_entropy),
    "softmax_cross_entropy_with_logits_v2": (
        "SoftmaxCrossEntropyWithLogits",
        _softmax_cross_entropy,
    ),
    "sparse_softmax_cross_entropy_with_logits": (
        "SparseSoftmaxCrossEntropyWithLogits",
        _sparse_softmax_cross_entropy,
    ),
    "conv2d": ("Conv2D", _conv2d),
    "max_pool": ("MaxPool", _pool),
    "max_pool2d": ("MaxPool", _pool),
    "avg_pool": ("AvgPool", _pool),
    "avg_pool2d": ("AvgPool", _pool),
}
"""The graph models of ``tf.*`` functions by their last name: the op they add and its check."""

GRAPH_ONLY = ("conv2d", "max_pool", "max_pool2d", "avg_pool", "avg_pool2d")
"""Functions of ``tf.nn`` modelled in graph mode only (eagerly their result is unknown)."""


def graph_only(ctx: CallContext) -> AbstractValue:
    """The eager model of a ``GRAPH_ONLY`` function: unknown."""
    return TOP


def _tensor_arguments(ctx: CallContext) -> list[TensorValue]:
    found: list[TensorValue] = []
    for value in (*ctx.args, *ctx.kwargs.values()):
        items = ctx.sequence_items(value) if not isinstance(value, NativeValue) else None
        for item in items if items is not None else [value]:
            if isinstance(item, TensorValue):
                found.append(item)
    return found


def _abstract_shape(ctx: CallContext, value: AbstractValue) -> Shape:
    try:
        converted = operand(ctx, value)
    except CertainShapeError:
        return None
    return converted.shape if isinstance(converted, TensorOperand) else None


def as_graph_tensor(
    value: AbstractValue,
    op: str,
    inputs: Sequence[AbstractValue],
    runtime: Runtime | None,
    span: Span,
) -> AbstractValue:
    """``value`` (a tensor made by an op) as a graph tensor made by ``op``."""
    if not isinstance(value, TensorValue):
        return value
    node = GraphNode(op, tuple(inputs), runtime, span)
    return replace(value, kind=GRAPH_KIND, graph=node, history=None)


def graph_aware(
    name: str, impl: Callable[[CallContext], AbstractValue]
) -> Callable[[CallContext], AbstractValue]:
    """The model of ``tf.<name>`` choosing between eager and graph semantics (see the module)."""
    short = name.rsplit(".", 1)[-1]
    op, check = CHECKS.get(short, (short, None))

    def dispatched(ctx: CallContext) -> AbstractValue:
        tensors = _tensor_arguments(ctx)
        graph_inputs = [item for item in tensors if item.kind == GRAPH_KIND]
        mode = graph_mode(ctx) if not graph_inputs else True
        if mode is False:
            return impl(ctx)
        if mode is None:
            return TOP
        found = check(ctx) if check is not None else None
        if found is not None and found.failure is not None:
            ctx.report(GRAPH_SHAPE, found.failure)
            return TOP
        result = impl(muted(ctx))
        if found is not None and found.runtime is not None:
            if result is TOP and short in GRAPH_ONLY:
                result = _built_shape(ctx, found, tensors)
            return as_graph_tensor(result, op, found.operands, found.runtime, ctx.span())
        return as_graph_tensor(result, op, graph_inputs, None, ctx.span())

    return dispatched


def _built_shape(ctx: CallContext, found: GraphOp, tensors: list[TensorValue]) -> AbstractValue:
    """The result of a ``GRAPH_ONLY`` op: its kernel rule on the operands' partial shapes."""
    shapes_ = [_abstract_shape(ctx, item) for item in found.operands]
    if any(shape is None for shape in shapes_) or found.runtime is None:
        return TOP
    try:
        shape = found.runtime(shapes_)  # type: ignore[arg-type]
    except CertainShapeError:
        return TOP
    dtype = tensors[0].dtype if tensors else None
    return TensorValue(shape, dtype, ctx.span())


# operators -----------------------------------------------------------------------------------

OPERATORS = {"Add": "add", "Sub": "sub", "Mult": "mul", "Div": "truediv", "Pow": "pow"}


def binary(
    value: TensorValue, op: str, other: AbstractValue, reflected: bool, ctx: CallContext
) -> object:
    """``x + y``, ``x * y``, ``x @ y``... where an operand is a graph tensor."""
    from . import tensor_ops

    left, right = (other, value) if reflected else (value, other)
    left_static, right_static = _static(ctx, left), _static(ctx, right)
    runtime: Runtime | None = None
    failure: str | None = None
    if op in OPERATORS and left_static is not None and right_static is not None:
        failure = graph_shapes.broadcast(left_static, right_static)
        runtime = _broadcast_rule
    elif op == "MatMult" and left_static is not None and right_static is not None:
        failure = graph_shapes.matmul(left_static, right_static, False, False)
        runtime = lambda shapes_: rules.matmul(shapes_[0], shapes_[1], False, False)  # noqa: E731
    if failure is not None:
        ctx.report(GRAPH_SHAPE, failure)
        return TOP
    result = tensor_ops.binary(value, op, other, reflected, muted(ctx))
    if not isinstance(result, TensorValue):
        return result
    inputs = (
        (left, right)
        if runtime is not None
        else tuple(item for item in (left, right) if is_graph_tensor(item))
    )
    return as_graph_tensor(result, op, inputs, runtime, ctx.span())


MODE_FUNCTIONS = {
    "disable_eager_execution": _mode_setter("tensorflow.compat.v1.disable_eager_execution", True),
    "disable_v2_behavior": _mode_setter("tensorflow.compat.v1.disable_v2_behavior", True),
    "enable_eager_execution": _mode_setter("tensorflow.compat.v1.enable_eager_execution", False),
}
