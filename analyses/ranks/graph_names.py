"""Names of Horovod collectives in graph mode, compared between the rank projections.

Eager Horovod matches collectives by their order and type, whatever their names; inside a
``@tf.function`` (graph mode) it matches them by name: ranks submitting differently named
allreduces at one position wait for each other forever. The projections record a name only when it
is a constant; a name computed from the rank (``name=f"loss_{hvd.rank()}"``) is ``"loss_0"`` on
rank 0 and unknown on the others. Here such an f-string is compared part by part: when every
literal part is the same (one node) and exactly one formatted part differs, it being an int
(no conversion or format spec) whose values are disjoint between the projections, the names
certainly differ (``str`` of an int is injective). Only collectives whose call is written directly
in the body of a function decorated with ``tf.function``/``function`` are compared, and none in a
module that mentions ``run_functions_eagerly`` (which turns graph mode off).
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from ..domains.numbers import IntValue
from ..facts import Span
from ..interpreter.core.hovers import node_key
from ..models.horovod.trace import CollectiveEvent
from ..text import SourceText
from .projections import Projection

EAGER_SWITCH = "run_functions_eagerly"
HOROVOD_PREFIX = "hvd."


class GraphNames:
    """The collective calls written in the bodies of ``tf.function``s of a module."""

    def __init__(self, tree: ast.Module, text: SourceText) -> None:
        self.tree = tree
        self.text = text
        self._calls: dict[Span, ast.Call] | None = None

    def conflict(
        self, left: CollectiveEvent, right: CollectiveEvent, projections: Sequence[Projection]
    ) -> str | None:
        """Why ``left`` (rank 0's) and ``right`` (the other ranks') cannot match in graph mode:
        the same call, named by an f-string whose value certainly differs between the ranks."""
        if left.kind != right.kind or not left.api.startswith(HOROVOD_PREFIX):
            return None
        if len(left.sites) != 1 or left.sites != right.sites:
            return None
        call = self._graph_calls().get(left.first_site)
        name = None if call is None else _name_argument(call)
        if not isinstance(name, ast.JoinedStr):
            return None
        differing: list[tuple[str, str]] = []
        for part in name.values:
            if not isinstance(part, ast.FormattedValue):
                continue
            if part.conversion != -1 or part.format_spec is not None:
                return None
            values = [projection.value(node_key(part.value)) for projection in projections]
            if not all(isinstance(value, IntValue) for value in values):
                return None
            zero, other = values
            assert isinstance(zero, IntValue) and isinstance(other, IntValue)
            if zero.constant is not None and zero.constant == other.constant:
                continue
            if not _disjoint(zero, other):
                return None
            differing.append((_words(zero), _words(other)))
        if len(differing) != 1:
            return None
        mine, theirs = differing[0]
        return (
            f"in graph mode (a tf.function) Horovod matches collectives by name, and the name"
            f" {ast.unparse(name)} holds {mine} on one rank and {theirs} on the other"
        )

    def _graph_calls(self) -> dict[Span, ast.Call]:
        if self._calls is None:
            self._calls = {}
            if EAGER_SWITCH not in self.text.text:
                for node in ast.walk(self.tree):
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                        _is_tf_function(decorator) for decorator in node.decorator_list
                    ):
                        for call in _own_calls(node.body):
                            self._calls[self.text.span_of_node(call)] = call
        return self._calls


def _is_tf_function(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(target, ast.Attribute):
        return target.attr == "function"
    return isinstance(target, ast.Name) and target.id == "function"


def _own_calls(body: list[ast.stmt]) -> list[ast.Call]:
    """The calls of ``body`` outside nested functions, classes and lambdas."""
    found: list[ast.Call] = []
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.Call):
            found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def _name_argument(call: ast.Call) -> ast.expr | None:
    for keyword in call.keywords:
        if keyword.arg == "name":
            return keyword.value
    return None


def _disjoint(a: IntValue, b: IntValue) -> bool:
    return (a.high is not None and b.low is not None and a.high < b.low) or (
        b.high is not None and a.low is not None and b.high < a.low
    )


def _words(value: IntValue) -> str:
    if value.constant is not None:
        return str(value.constant)
    if value.high is None:
        return f"an int >= {value.low}"
    return f"an int in [{value.low}, {value.high}]"
