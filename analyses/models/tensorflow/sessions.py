"""TensorFlow 1 sessions: ``tf.compat.v1.Session``, ``sess.run(fetches, feed_dict)``,
``Tensor.eval(feed_dict=...)``, ``Operation.run(feed_dict=...)``, optimizers' ``minimize`` and
the variable initialisers.

Running checks each fed value against its placeholder's declared shape (TensorFlow's
``ValueError`` "Cannot feed value of shape ..."), then runs the fetched graph again on the fed
shapes: each op with a kernel rule (:mod:`.graphs`) is checked on its operands' run-time shapes,
and a certain failure is reported at the ``run`` line in the kernel's words, with the op's line
as related information. Only a ``feed_dict`` whose keys are all known (placeholders, exactly) is
used; a size not fed, an operand not known or an op without a kernel rule makes the rest of that
path unknown (an op without a rule keeps its built shape with the fed sizes put in). The name
TensorFlow gives the placeholder (``Placeholder_1:0``) is not modelled: the message stops before
it. Results of ``run`` are unknown.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...arrays import dims
from ...arrays.dims import Symbol, SymbolicDim
from ...arrays.errors import CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...facts import Span
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from . import messages
from .convert import TensorOperand, operand
from .graphs import GRAPH_KIND, GraphNode, PlaceholderKey, shared_placeholder
from .values import TensorValue

FEED_SHAPE = "shape-feed"
"""The diagnostic code of a fed value that does not fit its placeholder."""
RUN_SHAPE = "shape-graph-run"
"""The diagnostic code of an op that fails when the graph runs."""


@dataclass(frozen=True, slots=True, eq=False)
class OperationValue(NativeValue):
    """A graph ``Operation`` (an optimizer's ``minimize``, an initialiser): running it runs the
    graph tensors it reads (``inputs``)."""

    inputs: tuple[AbstractValue, ...]

    def describe(self) -> str:
        return "tf.Operation"

    def contains(self, concrete: object) -> bool:
        return hasattr(concrete, "node_def")

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "run":
            return NativeFunction(
                "Operation.run", lambda call: _run_fetches(call, self, call.arg(0, "feed_dict"))
            )
        return TOP


@dataclass(frozen=True, slots=True, eq=False)
class SessionValue(NativeValue):
    """A ``tf.compat.v1.Session`` (or ``InteractiveSession``)."""

    def describe(self) -> str:
        return "tf.compat.v1.Session"

    def contains(self, concrete: object) -> bool:
        return hasattr(concrete, "run") and hasattr(concrete, "graph")

    def enter(self, ctx: CallContext) -> AbstractValue:
        return self

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "run":
            return NativeFunction(
                "Session.run",
                lambda call: _run_fetches(call, call.arg(0, "fetches"), call.arg(1, "feed_dict")),
            )
        if name == "close":
            return NativeFunction("Session.close", lambda call: NONE)
        return TOP


def session(ctx: CallContext) -> AbstractValue:
    """``tf.compat.v1.Session(target='', graph=None, config=None)``."""
    return SessionValue()


def initializer(ctx: CallContext) -> AbstractValue:
    """``tf.compat.v1.global_variables_initializer()`` and its kin: an operation reading no
    graph tensor."""
    return OperationValue(())


@dataclass(frozen=True, slots=True, eq=False)
class OptimizerValue(NativeValue):
    """A ``tf.compat.v1.train.*Optimizer``: ``minimize(loss)`` is an operation reading ``loss``
    (gradients and updates are not modelled)."""

    name: str

    def describe(self) -> str:
        return f"tf.compat.v1.train.{self.name}"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == self.name

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "minimize":
            return NativeFunction(
                f"{self.name}.minimize", lambda call: OperationValue((call.arg(0, "loss") or TOP,))
            )
        return TOP


OPTIMIZERS = (
    "GradientDescentOptimizer",
    "AdamOptimizer",
    "AdagradOptimizer",
    "AdadeltaOptimizer",
    "RMSPropOptimizer",
    "MomentumOptimizer",
    "FtrlOptimizer",
)


def optimizer(name: str) -> NativeFunction:
    return NativeFunction(f"tensorflow.compat.v1.train.{name}", lambda ctx: OptimizerValue(name))


def tensor_method(tensor: TensorValue, name: str) -> AbstractValue | None:
    """``eval(feed_dict=None, session=None)`` of a graph tensor; None for other attributes."""
    if name == "eval":
        return NativeFunction(
            "Tensor.eval", lambda call: _run_fetches(call, tensor, call.arg(0, "feed_dict"))
        )
    return None


# feeding -------------------------------------------------------------------------------------


def _fed_shape(ctx: CallContext, value: AbstractValue) -> tuple[int, ...] | None:
    try:
        converted = operand(ctx, value)
    except CertainShapeError:
        return None
    if not isinstance(converted, TensorOperand) or converted.shape is None:
        return None
    if not all(isinstance(dim, int) for dim in converted.shape):
        return None
    return converted.shape  # type: ignore[return-value]


def _fits(declared: Shape, fed: tuple[int, ...]) -> bool:
    if declared is None:
        return True
    if len(declared) != len(fed):
        return False
    return all(not isinstance(d, int) or d == f for d, f in zip(declared, fed, strict=True))


def _feeds(ctx: CallContext, feed: AbstractValue | None) -> dict[Symbol, int] | None:
    """The sizes the feed gives the placeholders' symbols, after reporting a fed value that does
    not fit its placeholder (then None: the run fails there)."""
    if feed is None or feed is NONE:
        return {}
    entries = ctx.dict_entries(feed)
    if entries is None:
        return {}
    assignment: dict[Symbol, int] = {}
    conflicting: set[Symbol] = set()
    for key, value in entries:
        if not isinstance(key, PlaceholderKey):
            continue
        fed = _fed_shape(ctx, value)
        if fed is None:
            continue
        if not _fits(key.shape, fed):
            ctx.report(
                FEED_SHAPE,
                f"Cannot feed value of shape {messages.shape_tuple(fed)} for Tensor",
                related=[
                    (key.span, f"the placeholder of shape {_declared(key.shape)} declared here")
                ],
            )
            return None
        if shared_placeholder(ctx, key):
            continue
        for dim, size in zip(key.shape or (), fed, strict=False):
            if isinstance(dim, SymbolicDim) and len(dim.terms) == 1:
                (symbol,) = dim.symbols()
                if assignment.get(symbol, size) != size:
                    conflicting.add(symbol)
                assignment[symbol] = size
    for symbol in conflicting:
        del assignment[symbol]
    return assignment


def _declared(shape: Shape) -> str:
    if shape is None:
        return "(unknown)"
    inner = ", ".join(str(dim) if isinstance(dim, int) else "None" for dim in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


# running -------------------------------------------------------------------------------------


class _Failed(Exception):
    """An op fails when run: its message and where it was built."""

    def __init__(self, message: str, code: str, span: Span) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.span = span


def _substituted(shape: Shape, assignment: dict[Symbol, int]) -> tuple[int, ...] | None:
    if shape is None:
        return None
    result: list[int] = []
    for dim in shape:
        value = dims.evaluate(dim, assignment)
        if value is None:
            return None
        result.append(value)
    return tuple(result)


class _Runner:
    """The run-time shapes of graph tensors under one feed (memoised by node)."""

    def __init__(self, ctx: CallContext, assignment: dict[Symbol, int]) -> None:
        self.ctx = ctx
        self.assignment = assignment
        self.memo: dict[int, tuple[int, ...] | None] = {}

    def shape(self, value: AbstractValue) -> tuple[int, ...] | None:
        if isinstance(value, TensorValue) and value.kind == GRAPH_KIND:
            if value.graph is None:
                return _substituted(value.shape, self.assignment)
            key = id(value.graph)
            if key not in self.memo:
                self.memo[key] = None
                self.memo[key] = self._run(value, value.graph)
            return self.memo[key]
        if isinstance(value, OperationValue):
            for item in value.inputs:
                self.shape(item)
            return None
        return _fed_static(self.ctx, value)

    def _run(self, value: TensorValue, node: GraphNode) -> tuple[int, ...] | None:
        if node.key is not None:
            return _substituted(node.key.shape, self.assignment)
        operands = [self.shape(item) for item in node.inputs]
        if node.runtime is None or any(item is None for item in operands):
            return _substituted(value.shape, self.assignment)
        try:
            shape = node.runtime(operands)  # type: ignore[arg-type]
        except CertainShapeError as failure:
            raise _Failed(failure.message, failure.code, node.span) from None
        if shape is None:
            return _substituted(value.shape, self.assignment)
        return _substituted(shape, {})


def _fed_static(ctx: CallContext, value: AbstractValue) -> tuple[int, ...] | None:
    if isinstance(value, TensorValue) and value.symbolic:
        return None
    return _fed_shape(ctx, value)


def _fetched(ctx: CallContext, fetches: AbstractValue | None) -> Iterable[AbstractValue]:
    if fetches is None:
        return ()
    if isinstance(fetches, (TensorValue, OperationValue)):
        return (fetches,)
    items = ctx.sequence_items(fetches)
    if items is not None:
        return [inner for item in items for inner in _fetched(ctx, item)]
    entries = ctx.dict_entries(fetches)
    if entries is not None:
        return [inner for _, item in entries for inner in _fetched(ctx, item)]
    return ()


def _run_fetches(
    ctx: CallContext, fetches: AbstractValue | None, feed: AbstractValue | None
) -> AbstractValue:
    """``session.run(fetches, feed_dict)``: the feed is checked, then the fetched graph is run
    on the fed shapes."""
    if feed is None:
        feed = ctx.kwargs.get("feed_dict")
    assignment = _feeds(ctx, feed)
    if assignment is None:
        return TOP
    runner = _Runner(ctx, assignment)
    try:
        for item in _fetched(ctx, fetches):
            runner.shape(item)
    except _Failed as failure:
        ctx.report(
            RUN_SHAPE,
            failure.message,
            related=[(failure.span, "the op that fails on the fed shapes was built here")],
        )
    return TOP
