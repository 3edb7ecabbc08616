"""The time budget covers the whole analysis, parsing included, counts CPU time rather than wall
time, can stop a statement in the middle, and its notice says where the analysis stopped and what
it skipped."""

from __future__ import annotations

import ast
import time
from pathlib import Path

from tensorls.analyses import AnalysisSettings, Severity, analyse
from tensorls.analyses.pipeline import MAX_SOURCE_LENGTH

from benchmarks.corpus_files import corpus_file

REPOSITORY = Path(__file__).resolve().parents[2]
BUDGET = "analysis-budget"


def notices(source: str, **settings: int) -> list[tuple[int, str]]:
    result = analyse(source, AnalysisSettings(**settings))
    assert [d for d in result.diagnostics if d.severity is Severity.ERROR] == []
    return [(d.span.start.line + 1, d.message) for d in result.diagnostics if d.code == BUDGET]


def test_one_long_statement_is_stopped_inside() -> None:
    source = (
        "x = [[[i * j * k for k in range(64)] for j in range(64)] for i in range(64)]\n"
        "y = 1 + 'a'\n"
    )
    ((line, message),) = notices(source, time_budget_ms=20)
    assert line == 1
    assert message.startswith("analysis stopped here (time budget of 20 ms exceeded)")


def test_parsing_counts_against_the_budget() -> None:
    """Parsing this file takes far more than 50 ms: the interpretation stops at once."""
    source = corpus_file("large").read_text(encoding="utf-8")
    ((line, _),) = notices(source, time_budget_ms=50)
    assert line == ast.parse(source).body[0].lineno


def test_a_document_over_the_size_limit_is_not_analysed() -> None:
    source = "x = 1 + 'a'\n" + "#" * MAX_SOURCE_LENGTH + "\ndef broken(:\n"
    result = analyse(source)
    (notice,) = result.diagnostics
    assert notice.code == BUDGET and notice.severity is Severity.INFORMATION
    assert f"more than the analysis limit of {MAX_SOURCE_LENGTH:,}" in notice.message


def test_the_budget_counts_cpu_time_not_waiting() -> None:
    source = "\n".join(
        f"for i{k} in range(50):\n    x{k} = i{k} * 2 + {k}\n    y{k} = [x{k}, i{k}]"
        for k in range(2)
    )
    polls: list[float] = []

    def slow_caller() -> bool:
        time.sleep(0.05)
        polls.append(time.perf_counter())
        return False

    budget_seconds = 1.0
    result = analyse(
        source,
        AnalysisSettings(time_budget_ms=int(budget_seconds * 1000)),
        should_stop=slow_caller,
    )
    assert polls[-1] - polls[0] > budget_seconds, "the analysis must wait longer than its budget"
    assert [d.code for d in result.diagnostics] == []


def test_notice_after_the_module_body_names_the_skipped_functions() -> None:
    heavy = (
        "def work{k}(a, b):\n"
        "    total = 0\n"
        "    for i in range(60):\n"
        "        for j in range(60):\n"
        "            total = total + a * i + b * j\n"
        "    return total\n"
    )
    source = "".join(heavy.format(k=k) for k in range(200)) + "done = 1\n"
    ((line, message),) = notices(source, time_budget_ms=300)
    assert message.startswith("analysis stopped (time budget of 300 ms exceeded) after the module")
    skipped = int(source.splitlines()[line - 1].removeprefix("def work").split("(")[0])
    assert f"'work{skipped}' (line {line})" in message
    assert "more" in message
