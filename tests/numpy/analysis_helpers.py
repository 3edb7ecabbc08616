"""Helpers for end-to-end tests: the value of an expression, the diagnostics of a program."""

from __future__ import annotations

import ast

from tensorls.analyses import Diagnostic, Position, analyse
from tensorls.analyses.facts import AnalysisSettings
from tensorls.analyses.interpreter import interpret


def value_of(source: str, line: int, text: str) -> str:
    """The hover description of the expression ``text`` on 1-based ``line`` (first occurrence)."""
    interpretation = interpret(source, AnalysisSettings())
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.expr)
            and node.lineno == line
            and ast.get_source_segment(source, node) == text
        ):
            key = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
            value = interpretation.expression_values.get(key)
            assert value is not None, f"{text!r} on line {line} was never reached"
            return value.describe()
    raise AssertionError(f"no expression {text!r} on line {line}")


def diagnostics(source: str) -> list[tuple[int, str, str]]:
    """``(1-based line, code, message)`` of every diagnostic."""
    return [
        (item.span.start.line + 1, item.code, item.message) for item in analyse(source).diagnostics
    ]


def only_diagnostic(source: str) -> Diagnostic:
    found = analyse(source).diagnostics
    assert len(found) == 1, found
    return found[0]


def hover_text(source: str, line: int, character: int) -> str:
    fact = analyse(source).hover_at(Position(line - 1, character))
    assert fact is not None
    return fact.plaintext
