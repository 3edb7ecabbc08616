"""Incremental re-parsing is exactly ``ast.parse`` and keeps the statements an edit left alone."""

from __future__ import annotations

import ast
import re

import pytest
from hypothesis import given, settings
from tensorls.analyses.reparse import Reparsed, reparse

from .edits import SAMPLE_WITH_EDGE_CASES, SOURCES, edit_sequence, edited_source

_LINE_BREAK = re.compile(r"\r\n|\r|\n")

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::SyntaxWarning")


def dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


def extent(statement: ast.stmt) -> tuple[int, int]:
    decorators = getattr(statement, "decorator_list", [])
    first = min([statement.lineno, *(decorator.lineno for decorator in decorators)])
    return first, statement.end_lineno or statement.lineno


def lines_of(text: str) -> list[str]:
    """The lines of ``text`` with their terminators (the last one may have none)."""
    lines, start = [], 0
    for match in _LINE_BREAK.finditer(text):
        lines.append(text[start : match.end()])
        start = match.end()
    if start < len(text):
        lines.append(text[start:])
    return lines


def changed_lines(old: str, new: str) -> tuple[int, int]:
    """The one-based range of lines of ``old`` an edit replaced (empty for a pure insertion)."""
    old_lines, new_lines = lines_of(old), lines_of(new)
    prefix = 0
    while prefix < min(len(old_lines), len(new_lines)) and old_lines[prefix] == new_lines[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < min(len(old_lines), len(new_lines)) - prefix
        and old_lines[-1 - suffix] == new_lines[-1 - suffix]
    ):
        suffix += 1
    return prefix + 1, len(old_lines) - suffix


def lines_that_may_be_reparsed(
    extents: list[tuple[int, int]], first: int, last: int
) -> tuple[int, int]:
    """The lines from the changed ones, the statements they touch and one statement on each side,
    grown to statements sharing a line with them."""
    touched = [
        index for index, (start, end) in enumerate(extents) if start <= last and end >= first
    ]
    if touched:
        low, high = touched[0] - 1, touched[-1] + 1
    else:
        low = sum(1 for _, end in extents if end < first) - 1
        high = low + 1
    lowest, highest = first, last
    for index in range(max(low, 0), min(high, len(extents) - 1) + 1):
        lowest, highest = min(lowest, extents[index][0]), max(highest, extents[index][1])
    grown = True
    while grown:
        grown = False
        for start, end in extents:
            if start <= highest and end >= lowest and (start < lowest or end > highest):
                lowest, highest = min(lowest, start), max(highest, end)
                grown = True
    return lowest, highest


def reparse_and_check(
    old: str, new: str, tree: ast.Module | None = None
) -> tuple[Reparsed | None, list[ast.stmt]]:
    """Reparse ``new`` from ``old``'s tree (``tree``, default a fresh parse) and check the
    contract; the result and the old statements."""
    if tree is None:
        tree = ast.parse(old)
    old_statements = list(tree.body)
    extents = [extent(statement) for statement in old_statements]
    before = dump(tree)
    result = reparse(old, tree, new)
    if result is None:
        assert dump(tree) == before
        return None, old_statements
    assert dump(result.tree) == dump(ast.parse(new))
    outside = [
        statement
        for statement, (start, end) in zip(old_statements, extents, strict=True)
        if end < result.first_line or start > result.old_end_line
    ]
    kept = [
        statement
        for index, statement in enumerate(result.tree.body)
        if index not in result.new_statements
    ]
    assert [id(statement) for statement in kept] == [id(statement) for statement in outside]
    assert result.reused == len(kept)
    assert result.line_delta == len(lines_of(new)) - len(lines_of(old))
    first, last = changed_lines(old, new)
    lowest, highest = lines_that_may_be_reparsed(extents, first, last)
    kept_ids = {id(statement) for statement in kept}
    for statement, (start, end) in zip(old_statements, extents, strict=True):
        if end < lowest or start > highest:
            assert id(statement) in kept_ids
    return result, old_statements


def parsed_or_none(source: str) -> ast.Module | None:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


@settings(max_examples=200, deadline=None)
@given(edited_source())
def test_reparse_is_ast_parse_and_keeps_statements_outside_the_region(
    edit: tuple[str, str],
) -> None:
    reparse_and_check(*edit)


@settings(max_examples=60, deadline=None)
@given(edit_sequence(("scopes.py", "edge_cases.py", "ml_small.py", "edge_cases_crlf.py")))
def test_successive_reparses_stay_ast_parse(versions: list[str]) -> None:
    """Each tree comes from the previous reparse (or from ``ast.parse`` when it was refused);
    versions that do not parse are skipped, as an editor's analysis would skip them."""
    source, tree = versions[0], ast.parse(versions[0])
    for version in versions[1:]:
        if parsed_or_none(version) is None:
            continue
        result, _ = reparse_and_check(source, version, tree)
        source, tree = version, ast.parse(version) if result is None else result.tree


FUNCTIONS = (
    "import numpy as np\n"
    "\n"
    "\n"
    "def first(x):\n"
    "    scale = 0.5\n"
    "    return x * scale\n"
    "\n"
    "\n"
    "# a comment between definitions\n"
    "def second(y):\n"
    "    return y + 1\n"
    "\n"
    "\n"
    "result = second(first(np.ones(3)))\n"
)


def test_edit_inside_a_function_body_reparses_only_that_function() -> None:
    result, old = reparse_and_check(FUNCTIONS, FUNCTIONS.replace("0.5", "0.25"))
    assert result is not None
    assert result.new_statements == range(1, 2)
    assert result.tree.body[0] is old[0]
    assert result.tree.body[2:] == old[2:]
    assert (result.first_line, result.old_end_line, result.line_delta) == (4, 6, 0)


def test_edit_in_a_comment_reparses_nothing() -> None:
    result, old = reparse_and_check(FUNCTIONS, FUNCTIONS.replace("a comment", "one comment"))
    assert result is not None
    assert len(result.new_statements) == 0
    assert all(new is previous for new, previous in zip(result.tree.body, old, strict=True))


def test_inserted_lines_move_the_statements_after_them_in_place() -> None:
    result, old = reparse_and_check(
        FUNCTIONS, FUNCTIONS.replace("    scale = 0.5\n", "    scale = 0.5\n    shift = 1\n\n")
    )
    assert result is not None
    assert result.line_delta == 2
    assert result.tree.body[2] is old[2]
    assert old[2].lineno == 12
    assert old[3].value.lineno == 16
    assert result.moved_line(3) == 3
    assert result.moved_line(5) is None
    assert result.moved_line(10) == 12


def test_deleted_lines_move_the_statements_after_them_back() -> None:
    result, old = reparse_and_check(
        FUNCTIONS, FUNCTIONS.replace("\n\n# a comment between definitions\n", "\n")
    )
    assert result is not None
    assert result.line_delta == -2
    assert len(result.new_statements) == 0
    assert result.tree.body[2] is old[2]
    assert old[2].lineno == 8


def test_inserted_statement_between_definitions_is_parsed_alone() -> None:
    result, old = reparse_and_check(
        FUNCTIONS, FUNCTIONS.replace("# a comment between definitions", "z = 3")
    )
    assert result is not None
    assert result.new_statements == range(2, 3)
    assert result.tree.body[:2] == old[:2]
    assert result.tree.body[3:] == old[2:]


def test_line_appended_to_a_function_body_reparses_that_function() -> None:
    result, old = reparse_and_check(
        FUNCTIONS, FUNCTIONS.replace("    return x * scale\n", "    return x * scale\n    z = 1\n")
    )
    assert result is not None
    assert result.new_statements == range(1, 2)
    assert result.tree.body[1].body[-1].lineno == 7
    assert result.tree.body[2] is old[2]


def test_else_added_after_an_if_joins_the_if() -> None:
    old = "x = 1\nif x:\n    y = 2\nz = 3\n"
    result, statements = reparse_and_check(old, old.replace("z = 3\n", "else:\n    y = 4\nz = 3\n"))
    assert result is not None
    assert result.tree.body[0] is statements[0]
    assert result.tree.body[2] is statements[2]


def test_edit_that_breaks_the_syntax_is_refused() -> None:
    result, _ = reparse_and_check(FUNCTIONS, FUNCTIONS.replace("return y + 1", "return y +"))
    assert result is None


def test_opening_a_string_that_swallows_the_rest_is_refused() -> None:
    source = FUNCTIONS.replace("# a comment between definitions", '"""docstring"""')
    result, _ = reparse_and_check(source, source.replace("    scale = 0.5", '    scale = """'))
    assert result is None


def test_new_decorator_joins_the_definition_after_it() -> None:
    result, old = reparse_and_check(
        FUNCTIONS, FUNCTIONS.replace("def second", "@staticmethod\ndef second")
    )
    assert result is not None
    assert result.tree.body[0] is old[0]
    assert isinstance(result.tree.body[-2], ast.FunctionDef)
    assert result.tree.body[-1] is old[-1]


def test_edit_inside_a_decorated_definition_reparses_it_from_its_first_decorator() -> None:
    result, old = reparse_and_check(
        SAMPLE_WITH_EDGE_CASES, SAMPLE_WITH_EDGE_CASES.replace("x + a", "x - a")
    )
    assert result is not None
    assert (result.first_line, result.old_end_line) == (4, 9)
    assert result.tree.body[1] is old[1]


@pytest.mark.parametrize("opening", ["@(\n", "@\\\n"])
def test_decorator_expression_on_a_later_line_than_its_at_sign(opening: str) -> None:
    old = f"x = 1\n{opening}dec\n" + (")\n" if "(" in opening else "") + "def f():\n    pass\n"
    new = old.replace(opening, "y = 2\n")
    result, _ = reparse_and_check(old, new)
    assert result is None or result.first_line == 2


def test_statements_sharing_a_line_are_reparsed_together() -> None:
    result, old = reparse_and_check(
        SAMPLE_WITH_EDGE_CASES, SAMPLE_WITH_EDGE_CASES.replace("    3)", "    4)")
    )
    assert result is not None
    assert result.new_statements == range(1, 3)
    assert result.tree.body[0] is old[0]


def test_backslash_continued_blank_line_is_never_split_from_its_statement() -> None:
    result, _ = reparse_and_check(
        SAMPLE_WITH_EDGE_CASES,
        SAMPLE_WITH_EDGE_CASES.replace("hanging = 3 \\\n\n", "hanging = 3 \\\n# now a comment\n"),
    )
    assert result is not None
    assert result.first_line <= 12


@pytest.mark.parametrize("line_end", ["\r\n", "\r"])
def test_other_line_endings_count_lines_like_the_tokenizer(line_end: str) -> None:
    old = FUNCTIONS.replace("\n", line_end)
    result, statements = reparse_and_check(
        old, old.replace("scale = 0.5", f"scale = (0.5{line_end}+ 1)")
    )
    assert result is not None
    assert result.line_delta == 1
    assert result.tree.body[-1] is statements[-1]


def test_first_and_last_statements() -> None:
    first, old = reparse_and_check(FUNCTIONS, FUNCTIONS.replace("numpy as np", "numpy as npy"))
    assert first is not None
    assert first.new_statements == range(0, 1)
    assert first.tree.body[1:] == old[1:]
    last, old = reparse_and_check(FUNCTIONS, FUNCTIONS + "print(result)")
    assert last is not None
    assert last.tree.body[:-1] == old


def test_empty_files() -> None:
    grown, _ = reparse_and_check("", "x = 1\n")
    assert grown is not None
    assert grown.reused == 0
    emptied, _ = reparse_and_check("x = 1\n", "")
    assert emptied is not None
    assert emptied.tree.body == []
    unchanged, _ = reparse_and_check("", "")
    assert unchanged is not None


def test_null_byte_and_lone_surrogate_are_refused() -> None:
    assert reparse_and_check(FUNCTIONS, FUNCTIONS.replace("0.5", "0.5\x00"))[0] is None
    assert reparse_and_check(FUNCTIONS, FUNCTIONS.replace("0.5", "'\ud800'"))[0] is None


def test_future_imports_and_encoding_declarations_are_refused() -> None:
    assert (
        reparse_and_check(FUNCTIONS, "from __future__ import annotations\n" + FUNCTIONS)[0] is None
    )
    declared = "# -*- coding: utf-8 -*-\n" + FUNCTIONS
    assert (
        reparse_and_check(declared, declared.replace("import numpy", "import numpy.linalg"))[0]
        is None
    )


def test_deep_nesting_is_refused_without_raising() -> None:
    assert reparse_and_check(FUNCTIONS, FUNCTIONS + "x = " + "(" * 300 + ")" * 300)[0] is None


def test_unchanged_text_reuses_every_statement() -> None:
    source = SOURCES["ml_small.py"]
    result, old = reparse_and_check(source, source)
    assert result is not None
    assert result.tree.body == old
    assert all(new is previous for new, previous in zip(result.tree.body, old, strict=True))


def test_edit_inside_one_function_of_ml_small_reuses_every_other_statement() -> None:
    source = SOURCES["ml_small.py"]
    tree = ast.parse(source)
    index, function = next(
        (index, statement)
        for index, statement in enumerate(tree.body)
        if isinstance(statement, ast.FunctionDef) and len(statement.body) > 2
    )
    line = function.body[1].lineno
    lines = source.split("\n")
    lines[line - 1] = lines[line - 1] + "  # edited"
    lines.insert(line, "    extra = 1")
    result, old = reparse_and_check(source, "\n".join(lines))
    assert result is not None
    assert result.new_statements == range(index, index + 1)
    identical = [new is previous for new, previous in zip(result.tree.body, old, strict=True)]
    assert identical == [position != index for position in range(len(old))]
