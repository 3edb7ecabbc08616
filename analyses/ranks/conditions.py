"""The rank-dependent conditions of a module: ``if``/``while`` tests and conditional expressions
whose truth is certain in both rank projections and differs between them (``hvd.rank() == 0``),
and the blocks of code only one side runs.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..facts import Position, Span
from ..interpreter.core.hovers import NodeKey, node_key
from ..interpreter.modules.module_code import ModuleCode
from ..text import SourceText
from .projections import Projection, constant_truth

RANK_NAMES = {0: "rank 0", 1: "the ranks other than 0"}


@dataclass(frozen=True)
class RankCondition:
    """A condition whose truth differs between the projections: ``truth[rank]`` for rank 0 and
    for the other ranks (1)."""

    node: ast.expr
    owner: ast.AST
    """The ``if``, ``while`` or conditional expression it is the test of."""
    truth: tuple[bool, bool]
    module: ModuleCode | None = None
    """The imported project module whose code it is in; None: the document's."""

    def holds_only_on(self) -> int:
        """The projection (0 or 1) on which the condition is true."""
        return 0 if self.truth[0] else 1

    @property
    def path(self) -> str | None:
        """The path of its module (None: the document)."""
        return None if self.module is None else self.module.path

    def span(self, text: SourceText) -> Span:
        """Its test's span (``text``: the document's), a ``ModuleSpan`` in another module."""
        if self.module is not None:
            return self.module.span_of(self.node)
        return text.span_of_node(self.node)


def tested_conditions(tree: ast.Module) -> list[tuple[ast.expr, ast.AST]]:
    """Every ``if``/``while`` test and conditional expression test, with its owner."""
    found: list[tuple[ast.expr, ast.AST]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While, ast.IfExp)):
            found.append((node.test, node))
    return found


def rank_conditions(tree: ast.Module, zero: Projection, other: Projection) -> list[RankCondition]:
    """The conditions certain in both projections whose truth differs, the document's in source
    order, then those of the imported modules both projections ran (by path, in source order)."""
    found: list[RankCondition] = []
    for test, owner in tested_conditions(tree):
        key = node_key(test)
        on_zero = constant_truth(zero.value(key))
        on_other = constant_truth(other.value(key))
        if on_zero is not None and on_other is not None and on_zero != on_other:
            found.append(RankCondition(test, owner, (on_zero, on_other)))
    found.sort(key=lambda condition: (condition.node.lineno, condition.node.col_offset))
    shared = [module for module in zero.modules if module in other.modules]
    for module in shared:
        in_module: list[RankCondition] = []
        for test, owner in tested_conditions(module.tree):
            on_zero = constant_truth(zero.module_value(test))
            on_other = constant_truth(other.module_value(test))
            if on_zero is not None and on_other is not None and on_zero != on_other:
                in_module.append(RankCondition(test, owner, (on_zero, on_other), module))
        in_module.sort(key=lambda condition: (condition.node.lineno, condition.node.col_offset))
        found.extend(in_module)
    return found


def uncalled_conditions(
    tree: ast.Module, zero: Projection, other: Projection
) -> list[RankCondition]:
    """The document's conditions neither projection's run reached whose truth, in the functions
    the runs did not call analysed with unknown arguments (``Interpretation.uncalled_values``),
    is certain in both and differs: whatever the arguments, each call runs the same arm on every
    rank of a side. In source order."""
    found: list[RankCondition] = []
    for test, owner in tested_conditions(tree):
        key = node_key(test)
        if zero.value(key) is not None or other.value(key) is not None:
            continue
        on_zero = constant_truth(zero.interpretation.uncalled_values.get(id(test)))
        on_other = constant_truth(other.interpretation.uncalled_values.get(id(test)))
        if on_zero is not None and on_other is not None and on_zero != on_other:
            found.append(RankCondition(test, owner, (on_zero, on_other)))
    found.sort(key=lambda condition: (condition.node.lineno, condition.node.col_offset))
    return found


def decided_conditions(
    tree: ast.Module, projection: Projection, zero: Projection, other: Projection
) -> dict[NodeKey, bool]:
    """The conditions ``projection`` decides that are not decided the same way in both
    projections (so not a rank-independent constant such as ``__name__ == "__main__"``)."""
    decided: dict[NodeKey, bool] = {}
    for test, _ in tested_conditions(tree):
        key = node_key(test)
        mine = constant_truth(projection.value(key))
        if mine is None:
            continue
        on_zero = constant_truth(zero.value(key))
        on_other = constant_truth(other.value(key))
        if on_zero == on_other:
            continue
        decided[key] = mine
    return decided


def block_span(block: list[ast.stmt], text: SourceText) -> Span:
    """From the first statement's start to the last one's end."""
    first, last = text.span_of_node(block[0]), text.span_of_node(block[-1])
    return Span(first.start, last.end)


def one_sided_blocks(conditions: list[RankCondition]) -> list[tuple[list[ast.stmt], int, int]]:
    """The document's blocks only one side runs: (statements, the projection running them, the
    line of the deciding condition)."""
    blocks: list[tuple[list[ast.stmt], int, int]] = []
    for condition in conditions:
        if condition.module is not None:
            continue
        owner = condition.owner
        if not isinstance(owner, (ast.If, ast.While)):
            continue
        runs_body = condition.holds_only_on()
        if owner.body:
            blocks.append((owner.body, runs_body, condition.node.lineno))
        if owner.orelse and isinstance(owner, ast.If):
            blocks.append((owner.orelse, 1 - runs_body, condition.node.lineno))
    return blocks


def span_of_key(key: NodeKey, text: SourceText) -> Span:
    start_line, start_col, end_line, end_col = key
    return Span(
        Position(start_line - 1, text.character_from_utf8(start_line - 1, start_col)),
        Position(end_line - 1, text.character_from_utf8(end_line - 1, end_col)),
    )
