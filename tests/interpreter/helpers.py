"""Helpers for interpreter tests: analyse a snippet, read values and diagnostics, run CPython."""

from __future__ import annotations

import ast
import textwrap

from tensorls.analyses.domains.base import AbstractValue
from tensorls.analyses.facts import AnalysisSettings, Diagnostic, Severity
from tensorls.analyses.interpreter import Interpretation, interpret


def run(source: str, mode: str = "certain", **settings: int) -> Interpretation:
    return interpret(textwrap.dedent(source), AnalysisSettings(mode=mode, **settings))


def value_of(
    source: str, name: str, line: int | None = None, mode: str = "certain"
) -> AbstractValue:
    """The joined value of the occurrences of ``name`` on ``line`` (default: the last line using it)."""
    source = textwrap.dedent(source)
    result = interpret(source, AnalysisSettings(mode=mode))
    occurrences = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Name) and node.id == name
    ]
    if line is None:
        line = max(node.lineno for node in occurrences)
    values = [
        result.expression_values[(n.lineno, n.col_offset, n.end_lineno, n.end_col_offset)]
        for n in occurrences
        if n.lineno == line
        and (n.lineno, n.col_offset, n.end_lineno, n.end_col_offset) in result.expression_values
    ]
    assert values, f"{name} has no value on line {line}"
    joined = values[0]
    for value in values[1:]:
        joined = joined.join(value)
    return joined


def describe(source: str, name: str, line: int | None = None) -> str:
    return value_of(source, name, line).describe()


def errors(source: str, mode: str = "certain") -> list[Diagnostic]:
    return [d for d in run(source, mode).diagnostics if d.severity is Severity.ERROR]


def codes(source: str, mode: str = "certain") -> list[str]:
    return [d.code for d in run(source, mode).diagnostics]


def cpython(source: str) -> dict[str, object]:
    """Run a snippet under CPython (the oracle) and return its module namespace."""
    namespace: dict[str, object] = {}
    exec(compile(textwrap.dedent(source), "<oracle>", "exec", dont_inherit=True), namespace)
    return namespace


def agrees_with_cpython(source: str, *names: str) -> None:
    """Every named module variable's final concrete value is contained in its abstract value."""
    namespace = cpython(source)
    for name in names:
        abstract = value_of(source, name)
        assert abstract.contains(namespace[name]), (
            f"{name}: {namespace[name]!r} not in {abstract.describe()}"
        )
