"""A scope table built with the previous table's work is the table built from scratch."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given, settings
from tensorls.analyses.interpreter.core.scopes import Resolution, ScopeTable
from tensorls.analyses.reparse import reparse

from .edits import SAMPLE_WITH_SCOPES, edit_sequence, edited_source

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::SyntaxWarning")


def observed(table: ScopeTable) -> object:
    """Everything the interpreter can read from ``table``, with nodes named by identity."""
    scopes = []
    all_names: set[str] = set()
    for key, scope in table.by_node.items():
        names = (
            scope.bound | scope.used | scope.declared_global | scope.declared_nonlocal | scope.free
        )
        all_names |= names
        scopes.append(
            (
                key,
                scope.kind,
                id(scope.node),
                None if scope.parent is None else id(scope.parent.node),
                [id(child.node) for child in scope.children],
                sorted(scope.bound),
                sorted(scope.declared_global),
                sorted(scope.declared_nonlocal),
                sorted(scope.used),
                sorted(scope.cells),
                sorted(scope.free),
                sorted(scope.needed),
                scope.is_generator,
                scope.dynamic,
                {name: scope.resolve(name) for name in sorted(names)},
            )
        )
    return (
        scopes,
        sorted(table.stored_attributes),
        sorted(table.code_taken),
        sorted(table.imported_attribute_stores()),
        table.annotations_postponed,
        sorted(table.module_bindable()),
        sorted(name for name in all_names if table.rebound_by_functions(name)),
    )


def used_table(tree: ast.Module) -> ScopeTable:
    """A table whose lazy caches are filled, as after an analysis."""
    table = ScopeTable(tree)
    observed(table)
    return table


def check_reuse(old: str, new: str) -> tuple[ScopeTable, ScopeTable, ast.Module]:
    """The previous table of ``old``, the table of ``new`` reusing it, and ``new``'s tree."""
    tree = ast.parse(old)
    previous = used_table(tree)
    result = reparse(old, tree, new)
    new_tree = ast.parse(new) if result is None else result.tree
    expected = observed(ScopeTable(new_tree))
    table = ScopeTable(new_tree, previous=previous)
    assert observed(table) == expected
    return previous, table, new_tree


def parses(source: str) -> bool:
    try:
        ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    return True


@settings(max_examples=150, deadline=None)
@given(edited_source(("scopes.py", "edge_cases.py", "ml_small.py")))
def test_reused_table_is_the_table_built_from_scratch(edit: tuple[str, str]) -> None:
    if parses(edit[1]):
        check_reuse(*edit)


@settings(max_examples=60, deadline=None)
@given(edited_source())
def test_reused_table_is_the_table_built_from_scratch_on_real_files(
    edit: tuple[str, str],
) -> None:
    if parses(edit[1]):
        check_reuse(*edit)


@settings(max_examples=40, deadline=None)
@given(edit_sequence(("scopes.py", "edge_cases.py", "ml_small.py")))
def test_tables_reused_over_successive_edits_stay_tables_built_from_scratch(
    versions: list[str],
) -> None:
    source, tree = versions[0], ast.parse(versions[0])
    table = used_table(tree)
    for version in versions[1:]:
        if not parses(version):
            continue
        result = reparse(source, tree, version)
        tree = ast.parse(version) if result is None else result.tree
        expected = observed(ScopeTable(tree))
        table = ScopeTable(tree, previous=table)
        assert observed(table) == expected
        source = version


def scope_named(table: ScopeTable, name: str) -> object:
    return next(
        scope for scope in table.by_node.values() if getattr(scope.node, "name", None) == name
    )


def test_scopes_of_unchanged_statements_are_reused() -> None:
    tree = ast.parse(SAMPLE_WITH_SCOPES)
    previous = used_table(tree)
    kept = {name: scope_named(previous, name) for name in ("outer", "inner", "Model", "forward")}
    edited = SAMPLE_WITH_SCOPES.replace("yield from range(3)", "yield from range(4)")
    result = reparse(SAMPLE_WITH_SCOPES, tree, edited)
    assert result is not None
    table = ScopeTable(result.tree, previous=previous)
    for name, scope in kept.items():
        assert scope_named(table, name) is scope
    assert scope_named(table, "outer").parent is table.module
    assert table.module.dynamic is False


def test_code_taken_in_a_new_statement_makes_a_reused_scope_dynamic_and_back() -> None:
    before, table, _ = check_reuse(SAMPLE_WITH_SCOPES, SAMPLE_WITH_SCOPES + "Model.__code__\n")
    assert scope_named(table, "Model").dynamic is True
    assert scope_named(table, "outer").dynamic is True
    assert scope_named(before, "Model") is scope_named(table, "Model")
    grown = SAMPLE_WITH_SCOPES + "Model.__code__\n"
    shrunk = grown.replace("probe = outer.__code__\n", "").replace("Model.__code__\n", "")
    _, again, _ = check_reuse(grown, shrunk)
    assert scope_named(again, "Model").dynamic is False
    assert scope_named(again, "outer").dynamic is False


def test_module_facts_follow_the_edited_statement() -> None:
    edited = SAMPLE_WITH_SCOPES.replace("import sys\n", "from os import *\n")
    _, table, _ = check_reuse(SAMPLE_WITH_SCOPES, edited)
    assert table.module.dynamic is True
    assert "sys" not in table.module.bound
    _, back, _ = check_reuse(edited, SAMPLE_WITH_SCOPES)
    assert back.module.dynamic is False
    renamed = SAMPLE_WITH_SCOPES.replace("global counter", "global count").replace(
        "counter += 1", "count += 1"
    )
    _, table, tree = check_reuse(SAMPLE_WITH_SCOPES, renamed)
    assert table.rebound_by_functions("count")
    assert not table.rebound_by_functions("counter")
    forward = next(node for node in ast.walk(tree) if getattr(node, "name", None) == "forward")
    assert table.scope_of(forward).resolve("count") is Resolution.GLOBAL


def test_imported_attribute_stores_follow_the_edited_statements() -> None:
    source = "import config\nimport numpy as np\n\ndef tune():\n    pass\n"
    _, table, _ = check_reuse(source, source + "config.BATCH = 64\n")
    assert table.imported_attribute_stores() == {"config"}
    stored_in_function = source.replace("    pass\n", "    setattr(np, 'x', 1)\n")
    _, table, _ = check_reuse(source + "config.BATCH = 64\n", stored_in_function)
    assert table.imported_attribute_stores() == {"np"}
    unimported = stored_in_function.replace("import numpy as np\n", "np = object()\n")
    _, table, _ = check_reuse(stored_in_function, unimported)
    assert table.imported_attribute_stores() == frozenset()


def test_without_a_previous_table_nothing_is_shared() -> None:
    tree = ast.parse(SAMPLE_WITH_SCOPES)
    first, second = ScopeTable(tree), ScopeTable(tree)
    assert scope_named(first, "outer") is not scope_named(second, "outer")
    assert observed(first) == observed(second)
