"""Sizes a tensor was created with, compared between the rank projections.

A tensor's dimension computed from the rank (``torch.ones(3 + rank)``) is an unknown dimension in
the tensor models (they keep no intervals), but the projections recorded the value of the size
expression itself: ``3`` on rank 0, an int in ``[4, +∞]`` on the others. When both ranks' tensors
at one position of their collective traces were made by the same creating call, and that call's
size arguments certainly differ between the ranks, the tensors' shapes certainly differ.

A creating call gives its shape through its arguments: a ``size=``/``shape=`` keyword
(``rng.normal(size=(6, 4 + rank))``), the first argument of ``full``/``fill``, or the sizes of
``ones``/``zeros``/``empty``/``rand``/``randn`` (varargs or one tuple or list). A conversion
without a ``shape`` argument (``tf.constant(array)``, ``torch.tensor(array)``...) has the shape
of the array it is given, so its creating call is followed into that argument. The sizes are used
only when they agree with what each projection knows of the tensor's shape (same number of
dimensions, every known dimension within its size's interval): a tensor whose shape was changed
after its creation without a new origin is never compared this way.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from ..domains.base import AbstractValue
from ..domains.bools import BoolValue
from ..domains.numbers import IntValue
from ..facts import Span
from ..interpreter.core.hovers import node_key
from ..models.horovod.trace import (
    ALLGATHER_KINDS,
    SAME_SHAPE_KINDS,
    CollectiveEvent,
    Interval,
    format_interval,
    format_shape,
)
from ..text import SourceText
from .projections import Projection

SIZED_BY_ARGUMENTS = frozenset({"ones", "zeros", "empty", "rand", "randn"})
SIZED_BY_FIRST = frozenset({"full", "fill"})
CONVERSIONS = frozenset({"constant", "convert_to_tensor", "tensor", "as_tensor", "from_numpy"})
SHAPE_KEYWORDS = ("size", "shape")


class CreatedSizes:
    """The creating calls of a module, found by the span of the call (``established``)."""

    def __init__(self, tree: ast.Module, text: SourceText) -> None:
        self.text = text
        self.tree = tree
        self._calls: dict[Span, ast.Call] | None = None

    def call_at(self, span: Span) -> ast.Call | None:
        if self._calls is None:
            self._calls = {
                self.text.span_of_node(node): node
                for node in ast.walk(self.tree)
                if isinstance(node, ast.Call)
            }
        return self._calls.get(span)

    def conflict(
        self, left: CollectiveEvent, right: CollectiveEvent, projections: Sequence[Projection]
    ) -> str | None:
        """Why the tensors of ``left`` (rank 0's) and ``right`` (the other ranks') certainly have
        different shapes where the operation needs equal ones, from their creating call's sizes;
        None when that is not certain."""
        if left.kind != right.kind or left.kind not in SAME_SHAPE_KINDS | ALLGATHER_KINDS:
            return None
        if left.origin is None or left.origin != right.origin:
            return None
        if left.shape is None or right.shape is None or len(left.shape) != len(right.shape):
            return None
        call = self.call_at(left.origin)
        sizes = None if call is None else size_expressions(call)
        if sizes is None or len(sizes) != len(left.shape):
            return None
        intervals = [
            _intervals(sizes, projection, shape)
            for projection, shape in zip(projections, (left.shape, right.shape), strict=True)
        ]
        zero, other = intervals
        if zero is None or other is None:
            return None
        first = 1 if left.kind in ALLGATHER_KINDS else 0
        for axis in range(first, len(sizes)):
            if _disjoint(zero[axis], other[axis]):
                line = sizes[axis].lineno
                return (
                    f"tensor of shape {format_shape(left.shape)} on one rank and"
                    f" {format_shape(right.shape)} on the other: its dimension {axis}, set at"
                    f" line {line}, is {format_interval(zero[axis])} on one rank and"
                    f" {format_interval(other[axis])} on the other"
                )
        return None


def size_expressions(call: ast.Call) -> list[ast.expr] | None:
    """The expressions giving each dimension of the tensor ``call`` creates, when its shape is
    given by its arguments (see the module docstring)."""
    name = _called_name(call)
    for keyword in call.keywords:
        if keyword.arg in SHAPE_KEYWORDS:
            return _listed(keyword.value)
    if name in CONVERSIONS and call.args and isinstance(call.args[0], ast.Call):
        return size_expressions(call.args[0])
    if name in SIZED_BY_FIRST and call.args:
        return _listed(call.args[0])
    if name in SIZED_BY_ARGUMENTS and call.args:
        if len(call.args) == 1:
            return _listed(call.args[0])
        if any(isinstance(argument, ast.Starred) for argument in call.args):
            return None
        return list(call.args)
    return None


def _called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    if isinstance(call.func, ast.Name):
        return call.func.id
    return None


def _listed(node: ast.expr) -> list[ast.expr] | None:
    if isinstance(node, (ast.Tuple, ast.List)):
        if any(isinstance(item, ast.Starred) for item in node.elts):
            return None
        return list(node.elts)
    return [node]


def _intervals(
    sizes: Sequence[ast.expr], projection: Projection, shape: tuple[int | None, ...]
) -> list[Interval] | None:
    """Each size's interval in ``projection``, when every one is an int and agrees with the
    known dimensions of ``shape``."""
    found: list[Interval] = []
    for size, dim in zip(sizes, shape, strict=True):
        interval = _interval(projection.value(node_key(size)))
        if interval is None:
            return None
        low, high = interval
        if dim is not None and (
            (low is not None and dim < low) or (high is not None and dim > high)
        ):
            return None
        found.append(interval)
    return found


def _interval(value: AbstractValue | None) -> Interval | None:
    if isinstance(value, IntValue):
        return (value.low, value.high)
    if isinstance(value, BoolValue) and value.value is not None:
        return (int(value.value), int(value.value))
    return None


def _disjoint(a: Interval, b: Interval) -> bool:
    return (a[1] is not None and b[0] is not None and a[1] < b[0]) or (
        b[1] is not None and a[0] is not None and b[1] < a[0]
    )
