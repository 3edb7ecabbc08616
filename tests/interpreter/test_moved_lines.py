"""Edits that only move lines (Enter, a deleted blank line, pasted lines) keep the checkpoints and
call summaries below them: spans in values and reports, and the sizes named after their line,
follow their nodes (``interpreter.anchored_spans``). After every edit the analysis with the
document's cache must expose exactly what an analysis from scratch exposes (diagnostics with
their positions and related locations, hovers at every recorded expression, inlay hints)."""

from __future__ import annotations

import ast

from tensorls.analyses import AnalysisSettings, analyse
from tensorls.analyses.incremental import DocumentCache
from tensorls.analyses.interpreter.incremental.anchored_spans import AnchoredSpan
from tensorls.analyses.text import SourceText

from .incremental_fuzz import exposed, hover_probes

SETTINGS = AnalysisSettings(time_budget_ms=600_000)

SCRIPT = (
    "import numpy as np\n"
    "\n"
    "def normalise(v):\n"
    "    return (v - v.mean(axis=0)) / v.std(axis=0)\n"
    "\n"
    "def project(a, w):\n"
    "    return normalise(a) @ w\n"
    "\n"
    "rng = np.random.default_rng(0)\n"
    "points = rng.normal(size=(60, 3))\n"
    "labels = rng.integers(0, 3, size=60)\n"
    "w = rng.normal(size=(3, 4))\n"
    "centres = np.zeros((3, 3))\n"
    "for cluster in range(3):\n"
    "    members = points[labels == cluster]\n"
    "    centres[cluster] = members.mean(axis=0)\n"
    "chosen = points[labels == 1]\n"
    "scaled = project(chosen, w)\n"
    "again = project(points, w)\n"
    "bad = scaled + np.ones((5,))\n"
    "wrong = again @ w\n"
    "print(centres.shape, scaled.shape, bad, wrong)\n"
)
"""Functions called after the middle, a size only a call knows (the elements a mask selects,
named after its line) and two certain failures, one of them about an array established in a
called function (its related location lies in the function)."""


def check(cache: DocumentCache, text: str) -> tuple[object, ...]:
    cached = analyse(text, SETTINGS, cache=cache)
    fresh = analyse(text, SETTINGS)
    source = SourceText(text)
    probes = hover_probes(cached, source) | hover_probes(fresh, source)
    facts = exposed(cached, probes, len(source.lines))
    assert facts == exposed(fresh, probes, len(source.lines))
    return facts  # type: ignore[return-value]


def line_of(text: str, starts_with: str) -> int:
    return next(i for i, line in enumerate(text.split("\n")) if line.startswith(starts_with))


def with_line(text: str, index: int, inserted: str) -> str:
    lines = text.split("\n")
    lines.insert(index, inserted)
    return "\n".join(lines)


def without_line(text: str, index: int) -> str:
    lines = text.split("\n")
    del lines[index]
    return "\n".join(lines)


def test_the_script_fails_where_expected() -> None:
    result = analyse(SCRIPT, SETTINGS)
    codes = sorted(d.code for d in result.diagnostics)
    assert codes == ["shape-broadcast", "shape-matmul"]
    broadcast = next(d for d in result.diagnostics if d.code == "shape-broadcast")
    assert "k17" in broadcast.message
    assert any(
        r.span.start.line == line_of(SCRIPT, "    return normalise") for r in broadcast.related
    )


def statement_index(text: str, starts_with: str) -> int:
    """The index of the top-level statement whose first line starts with ``starts_with``."""
    lines = text.split("\n")
    body = ast.parse(text).body
    return next(i for i, s in enumerate(body) if lines[s.lineno - 1].startswith(starts_with))


def test_enter_keeps_every_checkpoint_and_summary_but_text_naming_a_moved_line() -> None:
    """Everything below an Enter is restored or replayed, except from the statement whose report
    names a line below the Enter in its message (``k17``, the size a mask selected there): its
    text must change, so it runs again."""
    cache = DocumentCache()
    text = SCRIPT
    check(cache, text)
    for starts_with in ("rng = ", "def project", "chosen = ", "import numpy"):
        text = with_line(text, line_of(text, starts_with), "")
        facts = check(cache, text)
        assert cache.checkpoints.restored == statement_index(text, "bad = ")
        assert cache.memo.misses == 0
        diagnostics = facts[1]
        broadcast = next(d for d in diagnostics if d.code == "shape-broadcast")  # type: ignore[attr-defined]
        assert f"k{line_of(text, 'chosen = ') + 1}" in broadcast.message
    text = with_line(text, line_of(text, "wrong = "), "")
    check(cache, text)
    assert cache.checkpoints.restored == len(ast.parse(text).body)


def test_deleted_blank_lines_and_pasted_lines_keep_what_only_moved() -> None:
    cache = DocumentCache()
    text = SCRIPT
    check(cache, text)
    text = without_line(text, line_of(text, "def project") - 1)
    check(cache, text)
    assert cache.checkpoints.restored == statement_index(text, "bad = ")
    assert cache.memo.misses == 0
    pasted = "extra = np.ones((2, 2))\nmore = extra @ extra"
    text = with_line(text, line_of(text, "w = "), pasted)
    check(cache, text)
    assert cache.checkpoints.restored == statement_index(text, "extra = ")
    text = with_line(text, line_of(text, "wrong = "), "")
    check(cache, text)
    text = without_line(text, line_of(text, "wrong = ") - 1)
    check(cache, text)
    assert cache.checkpoints.restored == len(ast.parse(text).body)


def test_a_version_that_does_not_compile_still_moves_the_lines() -> None:
    """A statement the compiler refuses (``return`` at module level) is parsed and moves the lines
    below it, but not analysed; the next version, which removes it and adds a blank line above
    (no line moves relative to it), must still see the nodes where they are now."""
    cache = DocumentCache()
    text = SCRIPT
    check(cache, text)
    broken = with_line(text, line_of(text, "    centres[cluster]"), "    return None")
    assert not analyse(broken, SETTINGS, cache=cache).syntax_ok
    fixed = with_line(without_line(broken, line_of(broken, "    return None")), 1, "")
    check(cache, fixed)


def test_a_size_named_after_its_line_moves_with_it() -> None:
    cache = DocumentCache()
    check(cache, SCRIPT)
    text = with_line(SCRIPT, 1, "\n")
    facts = check(cache, text)
    hovers = dict(facts[-1])  # type: ignore[arg-type]
    line = line_of(text, "chosen = ")
    hover = hovers[next(p for p in hovers if p.line == line and p.character == 0)]
    assert hover is not None and f"k{line + 1}" in hover.plaintext


def test_anchored_spans_equal_plain_spans_and_follow_their_node() -> None:
    text = "a = 1\nb = [a,\n  a]\n"
    tree = ast.parse(text)
    node = tree.body[1].value  # type: ignore[attr-defined]
    source = SourceText(text)
    plain = source.span_of_node(node)
    anchored = AnchoredSpan(node, plain)
    assert anchored == plain and plain == anchored and hash(anchored) == hash(plain)
    assert anchored != AnchoredSpan(tree.body[0], source.span_of_node(tree.body[0]))
    for inner in ast.walk(tree.body[1]):
        if "lineno" in inner._attributes:
            inner.lineno += 3  # type: ignore[attr-defined]
            inner.end_lineno += 3  # type: ignore[attr-defined]
    assert anchored != plain
    assert (anchored.start.line, anchored.end.line) == (plain.start.line + 3, plain.end.line + 3)
    assert anchored.start.character == plain.start.character
    assert anchored > plain
