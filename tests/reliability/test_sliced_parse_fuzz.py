"""Long documents are parsed and compiled in bounded slices, with the whole text's result."""

from __future__ import annotations

import ast
import builtins

import pytest
from tensorls.analyses import analyse
from tensorls.analyses.incremental import DocumentCache
from tensorls.analyses.workspace import ModuleSearch, Workspace

from .sliced_parse_fuzz import run

SEED = 303
CI_SECONDS = 3.0


def test_sliced_parsing_and_grouped_compiling_equal_the_whole() -> None:
    volume = run(SEED, CI_SECONDS)
    assert volume.documents > 20
    assert volume.parse_errors > 0
    assert volume.compile_errors > 0


def long_document() -> str:
    """About 220,000 characters of short NumPy statements (issue 30's probe used documents just
    under the 1,000,000-character limit: the same statements, more of them)."""
    lines = ["import numpy as np\n"]
    for index in range(5_000):
        lines.append(f"a{index} = np.zeros(({index % 7 + 1}, 3))\nb{index} = a{index} + 1\n")
    return "".join(lines)


LONGEST_PARSE = 50_000
"""Characters: more than two slices (``sliced_parse.SLICE_CHARACTERS``), a quarter of the
document."""
LONGEST_COMPILE = 5_000
"""Lines of top-level statements: more than two compile groups (``syntax.GROUP_LINES``), half of
the document."""


def test_no_call_into_the_parser_or_compiler_reads_a_long_document_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each call into CPython's parser or compiler holds the GIL for its whole length: the
    analysis of a long document (the first one, then one after an edit that leaves a syntax
    error, where incremental re-parsing gives up) makes none longer than a slice."""
    parsed: list[int] = []
    compiled: list[int] = []
    real_compile = builtins.compile

    def measured_compile(code: object, *arguments: object, **options: object) -> object:
        if isinstance(code, str):
            parsed.append(len(code.lstrip("\n")))
        elif isinstance(code, ast.Module) and code.body:
            first, last = code.body[0], code.body[-1]
            compiled.append((last.end_lineno or last.lineno) - first.lineno + 1)
        return real_compile(code, *arguments, **options)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "compile", measured_compile)
    source = long_document()
    cache = DocumentCache()
    analyse(source, cache=cache)
    analyse(source + "broken = (\n", cache=cache)
    assert parsed and compiled
    assert max(parsed) < LONGEST_PARSE, max(parsed)
    assert max(compiled) < LONGEST_COMPILE, max(compiled)


def test_a_stopped_analysis_of_a_long_document_stops_between_slices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 30 item 3: a long document's job that the server stops (a newer version, or a small
    document it yields to) stops between two slices of its parse, and between two groups of its
    compile check, not after the whole text; the cache still describes the last parsed text, so
    the next analysis is the same as from scratch."""
    source = long_document()
    calls: list[str] = []
    real_compile = builtins.compile

    def counted_compile(code: object, *arguments: object, **options: object) -> object:
        calls.append("parse" if isinstance(code, str) else "compile")
        return real_compile(code, *arguments, **options)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "compile", counted_compile)
    cache = DocumentCache()
    stopped = analyse(source, should_stop=lambda: len(calls) >= 2, cache=cache)
    assert stopped.diagnostics == ()
    assert calls == ["parse", "parse"]
    assert cache.tree is None
    calls.clear()
    parses = len(long_document()) // 20_000
    stopped = analyse(source, should_stop=lambda: len(calls) >= parses + 2, cache=cache)
    assert calls.count("compile") == 1, calls
    assert cache.compiled is None
    monkeypatch.setattr(builtins, "compile", real_compile)
    edited = source + "c = a1 @ a1\n"
    after_stops = analyse(edited, cache=cache).diagnostics
    assert after_stops == analyse(edited).diagnostics
    assert any("matmul" in diagnostic.message for diagnostic in after_stops), after_stops


def test_an_imported_long_module_is_parsed_in_slices_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30 item 3: a long project module that the document imports is parsed in slices as
    the document is, not in one call into the parser."""
    parsed: list[int] = []
    real_compile = builtins.compile

    def measured_compile(code: object, *arguments: object, **options: object) -> object:
        if isinstance(code, str):
            parsed.append(len(code.lstrip("\n")))
        return real_compile(code, *arguments, **options)  # type: ignore[call-overload]

    files = {"/project/big.py": long_document(), "/project/train.py": "import big\nc = big.a1\n"}
    monkeypatch.setattr(builtins, "compile", measured_compile)
    analyse(
        files["/project/train.py"],
        workspace=Workspace(ModuleSearch((), files.get)),
        path="/project/train.py",
    )
    assert len(parsed) > 2
    assert max(parsed) < LONGEST_PARSE, max(parsed)
