"""The script as one rank runs it: rank-dependent conditions decided, the branches that rank never
takes removed (the "endpoint projection" of the choreography the script is).

A condition is decided when the rank's projection gives it a certain truth that is not the same
certain truth on both sides (``hvd.rank() == 0`` is decided, ``__name__ == "__main__"`` is not).
A decided ``if`` is replaced by the kept branch, dedented to the ``if``'s indentation (an ``elif``
kept as the first branch becomes an ``if``); a decided ``while`` whose test is false is removed; a
decided one-line conditional expression is replaced by the kept operand. Everything else, comments
included, is kept as written. Lines are edited, never re-printed, so the result keeps the author's
layout; a block left empty gets ``pass``. Multi-line strings inside a dedented block are dedented
too (their content changes; the program is for reading, not for running).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..facts import AnalysisSettings
from ..interpreter.budget import Budget
from ..interpreter.core.hovers import NodeKey, node_key
from ..interpreter.incremental.memo import CallMemo
from ..text import SourceText
from .conditions import decided_conditions
from .projections import OTHER_RANK, RANK_ZERO, has_rank_source, project, uses_distribution


@dataclass
class _Line:
    text: str
    kept: bool = True
    dedent: int = 0


def projected_program(
    source: str,
    rank: int,
    settings: AnalysisSettings | None = None,
    budget: Budget | None = None,
) -> str:
    """The program rank ``rank`` runs (any rank >= 1 is projected as "a rank other than 0":
    conditions such as ``hvd.rank() == 1`` stay undecided). Raises ``SyntaxError`` for a source
    that does not parse. A module importing no distribution library or reading no rank is
    returned unchanged."""
    tree = ast.parse(source)
    if not has_rank_source(source) or not uses_distribution(tree):
        return source
    text = SourceText(source)
    settings = settings or AnalysisSettings()
    memo = CallMemo()
    zero = project(tree, text, settings, RANK_ZERO, budget, memo)
    other = project(tree, text, settings, OTHER_RANK, budget, memo)
    mine = zero if rank == 0 else other
    decided = decided_conditions(tree, mine, zero, other)
    return _rewrite(source, tree, decided)


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def _rewrite(source: str, tree: ast.Module, decided: dict[NodeKey, bool]) -> str:
    lines = [_Line(text) for text in source.splitlines(keepends=True)]
    expression_edits: list[tuple[int, int, int, str]] = []

    def keep_block(block: list[ast.stmt], owner: ast.stmt, dedent: int) -> None:
        first = block[0]
        start = min([first.lineno, *(d.lineno for d in getattr(first, "decorator_list", []))])
        while start - 1 > owner.lineno and lines[start - 2].text.lstrip().startswith("#"):
            start -= 1
        shift = _indent(lines[start - 1].text) - _indent(lines[owner.lineno - 1].text)
        for number in range(start, (block[-1].end_lineno or block[-1].lineno) + 1):
            lines[number - 1].kept = True
            lines[number - 1].dedent = dedent + shift

    def drop(node: ast.stmt) -> None:
        for number in range(node.lineno, (node.end_lineno or node.lineno) + 1):
            lines[number - 1].kept = False

    def visit_block(block: list[ast.stmt]) -> bool:
        """Visit ``block``; True when the rank certainly leaves it early (the statements after
        the one leaving are dropped)."""
        for position, statement in enumerate(block):
            if visit_statement(statement, len(block) == 1):
                for rest in block[position + 1 :]:
                    drop(rest)
                return True
        return False

    def visit_statement(statement: ast.stmt, alone: bool) -> bool:
        truth = (
            decided.get(node_key(statement.test))
            if isinstance(statement, (ast.If, ast.While))
            else None
        )
        if truth is None:
            _visit_expressions(statement, decided, expression_edits)
            for field in ("body", "orelse", "finalbody"):
                visit_block(getattr(statement, field, []))
            for handler in getattr(statement, "handlers", []):
                visit_block(handler.body)
            return _leaves(statement)
        dedent = lines[statement.lineno - 1].dedent
        kept = (
            statement.body if truth else (statement.orelse if isinstance(statement, ast.If) else [])
        )
        if isinstance(statement, ast.While) and truth:
            _visit_expressions(statement, decided, expression_edits)
            visit_block(statement.body)
            return False
        drop(statement)
        if not kept:
            if alone:
                line = lines[statement.lineno - 1]
                line.kept = True
                line.text = " " * _indent(line.text) + "pass\n"
            return False
        if len(kept) == 1 and isinstance(kept[0], ast.If) and _is_elif(lines, kept[0]):
            elif_line = lines[kept[0].lineno - 1]
            elif_line.text = elif_line.text.replace("elif", "if", 1)
            for number in range(kept[0].lineno, (kept[0].end_lineno or kept[0].lineno) + 1):
                lines[number - 1].kept = True
                lines[number - 1].dedent = dedent
        else:
            keep_block(kept, statement, dedent)
        return visit_block(kept)

    visit_block(tree.body)
    for line_number, start, end, replacement in sorted(expression_edits, reverse=True):
        line = lines[line_number - 1]
        encoded = line.text.encode()
        line.text = (encoded[:start] + replacement.encode() + encoded[end:]).decode()
    output: list[str] = []
    for line in lines:
        if not line.kept:
            continue
        text = line.text
        if line.dedent > 0 and text.strip():
            text = text[min(line.dedent, _indent(text)) :]
        output.append(text)
    return "".join(output)


def _leaves(statement: ast.stmt) -> bool:
    """``return``, ``raise``, ``break``, ``continue`` and ``sys.exit(...)``: control never goes on
    to the next statement."""
    if isinstance(statement, (ast.Return, ast.Raise, ast.Break, ast.Continue)):
        return True
    if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
        function = statement.value.func
        return (
            isinstance(function, ast.Attribute)
            and function.attr == "exit"
            and isinstance(function.value, ast.Name)
            and function.value.id == "sys"
        )
    return False


def _is_elif(lines: list[_Line], node: ast.If) -> bool:
    return lines[node.lineno - 1].text.lstrip().startswith("elif")


def _visit_expressions(
    statement: ast.stmt,
    decided: dict[NodeKey, bool],
    edits: list[tuple[int, int, int, str]],
) -> None:
    """Decided one-line conditional expressions of ``statement`` itself (not of nested blocks)."""
    nested = {
        id(child)
        for field in ("body", "orelse", "finalbody", "handlers")
        for child in getattr(statement, field, [])
    }
    stack: list[ast.AST] = [
        child for child in ast.iter_child_nodes(statement) if id(child) not in nested
    ]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.IfExp) and node.lineno == node.end_lineno:
            truth = decided.get(node_key(node.test))
            if truth is not None:
                kept = node.body if truth else node.orelse
                replacement = ast.unparse(kept)
                if not isinstance(kept, (ast.Name, ast.Constant, ast.Attribute, ast.Call)):
                    replacement = f"({replacement})"
                edits.append((node.lineno, node.col_offset, node.end_col_offset or 0, replacement))
                continue
        if isinstance(node, (ast.stmt, ast.ExceptHandler)):
            continue
        stack.extend(ast.iter_child_nodes(node))
