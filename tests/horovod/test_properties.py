"""Properties of the rewrite: untouched code keeps its exact text, the rewrite is idempotent, its
edits reproduce its output, and no parseable input makes it crash or emit unparseable code."""

from __future__ import annotations

import ast

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tensorls.analyses.horovod import distribute
from tensorls.analyses.horovod.distribution import INTERNAL_CODE
from tensorls.analyses.horovod.text_edits import apply_edits, line_edits, split_lines

from .conftest import CASES, GOLDEN, detect_source

BASE = (GOLDEN / "tape_tf_function" / "input.py").read_text(encoding="utf-8")
KERAS_BASE = (GOLDEN / "keras_optimizer_object" / "input.py").read_text(encoding="utf-8")

spaces = st.sampled_from(["", " ", "  ", "\t"])
comments = st.text(alphabet="abc xyz#é😀", max_size=12).map(lambda text: f"# {text}")
numbers = st.integers(min_value=0, max_value=999).map(str)


@st.composite
def untouched_statements(draw: st.DrawFn, index: int) -> str:
    """A top-level statement the rewrite has no rule for, in unusual but valid formatting."""
    kind = draw(st.sampled_from(["assign", "list", "def", "comment", "call"]))
    gap, gap2 = draw(spaces), draw(spaces)
    comment = draw(comments)
    a, b = draw(numbers), draw(numbers)
    if kind == "assign":
        return f"extra_{index}{gap}={gap2}( {a} +{gap}{b} )  {comment}\n"
    if kind == "list":
        return f"extra_{index} = [{a},\n{gap2}    {b} ,  # {comment}\n]\n"
    if kind == "def":
        return (
            f"def extra_{index}( value ,{gap}other={a} ):\n    {comment}\n    return value+other\n"
        )
    if kind == "comment":
        return f"{comment}\n\n"
    return f"extra_{index}{gap}=  divmod( {a},{gap2}{b}+1 )\n"


def insertion_points(source: str) -> list[int]:
    """Line numbers (0-based) before which a top-level statement may be inserted: after the
    import block, at the start of a top-level statement."""
    tree = ast.parse(source)
    first = next(
        i
        for i, node in enumerate(tree.body)
        if not isinstance(node, ast.Import | ast.ImportFrom | ast.Expr)
    )
    starts = [node.lineno - 1 for node in tree.body[first:]]
    for node in tree.body[first:]:
        starts[starts.index(node.lineno - 1)] = min(
            [node.lineno - 1] + [d.lineno - 1 for d in getattr(node, "decorator_list", [])]
        )
    return [*starts, len(split_lines(source))]


@st.composite
def scripts_with_untouched_code(draw: st.DrawFn) -> tuple[str, list[str]]:
    base = draw(st.sampled_from([BASE, KERAS_BASE]))
    lines = split_lines(base)
    points = insertion_points(base)
    chosen = draw(st.lists(st.sampled_from(points), min_size=1, max_size=4))
    inserted: list[str] = []
    for count, point in enumerate(sorted(chosen, reverse=True)):
        snippet = draw(untouched_statements(count))
        inserted.append(snippet)
        lines.insert(point, snippet)
    return "".join(lines), inserted


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scripts_with_untouched_code())
def test_untouched_code_keeps_its_text_and_the_rewrite_is_idempotent(
    case: tuple[str, list[str]],
) -> None:
    source, inserted = case
    result = distribute(source)
    assert result.blocking == ()
    for snippet in inserted:
        assert snippet.rstrip("\n") in result.new_source
    assert apply_edits(source, result.edits) == result.new_source
    facts = detect_source(result.new_source)
    assert facts.already_distributed and facts.offers == ()
    again = distribute(result.new_source)
    assert again.edits == () and again.new_source == result.new_source


def test_edits_touch_only_changed_lines() -> None:
    result = distribute(BASE)
    old_lines = split_lines(BASE)
    changed = sum(max(edit.span.end.line - edit.span.start.line, 0) for edit in result.edits)
    assert changed <= 8
    assert len(result.edits) < len(old_lines) // 3


texts = st.text(alphabet="ab \t\r\né😀", max_size=40)


@given(texts, texts)
def test_line_edits_reproduce_the_new_text(old: str, new: str) -> None:
    assert apply_edits(old, line_edits(old, new)) == new


@given(texts)
def test_split_lines_keeps_every_character(text: str) -> None:
    assert "".join(split_lines(text)) == text


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(CASES), st.sets(st.integers(min_value=0, max_value=60), max_size=6))
def test_mutilated_inputs_never_crash_or_emit_broken_code(case: str, dropped: set[int]) -> None:
    lines = split_lines((GOLDEN / case / "input.py").read_text(encoding="utf-8"))
    source = "".join(line for index, line in enumerate(lines) if index not in dropped)
    try:
        ast.parse(source)
    except SyntaxError:
        return
    detect_source(source)
    result = distribute(source)
    assert all(d.code != INTERNAL_CODE for d in result.blocking)
    if not result.blocking and not result.already_distributed:
        ast.parse(result.new_source)
        assert detect_source(result.new_source).already_distributed
        assert apply_edits(source, result.edits) == result.new_source
