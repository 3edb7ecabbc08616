"""Whether a read a projection reports as certainly unbound is reached under undecided tests.

A projection reports a read as a certain ``NameError``/``UnboundLocalError`` when every path of
that rank reaching it has the name unbound. The paths are those the interpreter cannot rule out:
a read under a test whose value it does not know (``if args.push_to_hub:`` inside ``if
accelerator.is_main_process:`` after a loop that lost track of the accelerator, ``f(x) if
do_profile else None`` with ``do_profile = args.profile and is_main_process``) may be reached on
no run of that rank at all, the test being correlated with the rank in a way the interpreter does
not keep. ``rank-unbound-name`` is therefore made only for reads whose every enclosing test in
their function (``if``/``while``/conditional expression, ``and``/``or`` operands before them) has
a certain truth in the failing projection: the read is then reached on every run of that rank
that reaches its function's code there. Over-approximated: a read under a test that is merely
unknown but truly independent of the rank is not reported either (a missed bug, never a false
one).
"""

from __future__ import annotations

import ast

from ..facts import Span
from ..interpreter.core.hovers import node_key
from ..text import SourceText
from .projections import Projection, constant_truth

SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.Module)


class UnboundReads:
    """The module's name reads, with their enclosing nodes (built once per check)."""

    def __init__(self, tree: ast.Module, text: SourceText) -> None:
        self.text = text
        self.parents: dict[ast.AST, ast.AST] = {}
        self.names_by_line: dict[int, list[ast.Name]] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                self.names_by_line.setdefault(node.lineno, []).append(node)

    def reached_under_decided_tests(self, span: Span, projection: Projection) -> bool:
        """Whether the read at ``span`` has a certain truth for every enclosing test in
        ``projection`` (False when the read is not found)."""
        read = next(
            (
                name
                for name in self.names_by_line.get(span.start.line + 1, [])
                if self.text.span_of_node(name) == span
            ),
            None,
        )
        if read is None:
            return False
        child: ast.AST = read
        parent = self.parents.get(child)
        while parent is not None and not isinstance(parent, SCOPES):
            for test in _tests_guarding(parent, child):
                if constant_truth(projection.value(node_key(test))) is None:
                    return False
            child, parent = parent, self.parents.get(parent)
        return True


def _tests_guarding(parent: ast.AST, child: ast.AST) -> list[ast.expr]:
    """The tests of ``parent`` deciding whether its part ``child`` runs."""
    if isinstance(parent, (ast.If, ast.While, ast.IfExp)) and child is not parent.test:
        return [parent.test]
    if isinstance(parent, ast.BoolOp) and child in parent.values:
        return parent.values[: parent.values.index(child)]
    if isinstance(parent, ast.comprehension) and child in parent.ifs:
        return parent.ifs[: parent.ifs.index(child)]
    return []
