"""Early diagnostics (``analyses.progress``): each progress report's diagnostics are a subset of
the final result's, over every single-file program of the test suite, the ranks' real bugs and the
benchmark corpus (differential), and the progress callback's contract (unit tests).

The differential makes the budget read the clocks at every statement and expression and a report
due whenever it does (both delays set to zero), so every point a real analysis could report at
is checked.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tensorls.analyses import AnalysisResult, AnalysisSettings, Diagnostic, analyse
from tensorls.analyses import progress as progress_module
from tensorls.analyses.incremental import DocumentCache
from tensorls.analyses.interpreter import budget as budget_module
from tensorls.analyses.progress import HELD_CODES, Progress

from benchmarks.corpus_files import corpus_file

from ..whole_program.programs import REPOSITORY, all_programs

REAL_BUGS = REPOSITORY / "tests" / "ranks" / "real_bugs"
CORPUS_FILES = ("small", "medium", "script", "notebook")


def _key(diagnostic: Diagnostic) -> tuple[object, ...]:
    return (diagnostic.span, diagnostic.code, diagnostic.message, diagnostic.severity)


@pytest.fixture
def report_at_every_statement(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(progress_module, "FIRST_REPORT_SECONDS", 0.0)
    monkeypatch.setattr(progress_module, "REPORT_INTERVAL_SECONDS", 0.0)
    monkeypatch.setattr(progress_module, "FOUND_GAP_SECONDS", 0.0)
    monkeypatch.setattr(budget_module, "TIME_CHECK_INTERVAL", 1)
    yield


def _analysed_with_progress(
    source: str, settings: AnalysisSettings, cache: DocumentCache | None = None
) -> tuple[AnalysisResult, list[Progress]]:
    reports: list[Progress] = []
    result = analyse(source, settings, cache=cache, progress=reports.append)
    return result, reports


def _not_in_final(result: AnalysisResult, reports: list[Progress]) -> list[Diagnostic]:
    """The reported diagnostics the final result lacks; also checks each report grows."""
    final = {_key(diagnostic) for diagnostic in result.diagnostics}
    missing: list[Diagnostic] = []
    previous: set[tuple[object, ...]] = set()
    for report in reports:
        keys = {_key(diagnostic) for diagnostic in report.diagnostics}
        assert previous <= keys, "a later report dropped an earlier report's diagnostic"
        previous = keys
        missing.extend(d for d in report.diagnostics if _key(d) not in final)
    return missing


@pytest.mark.parametrize("mode", ["certain", "possible"])
def test_every_report_is_a_subset_of_the_final_diagnostics(
    report_at_every_statement: None, mode: str
) -> None:
    settings = AnalysisSettings(mode=mode)
    sources = [(program.id, program.source) for program in all_programs()]
    sources += [
        (str(path.relative_to(REAL_BUGS)), path.read_text(encoding="utf-8"))
        for path in sorted(REAL_BUGS.glob("*/*/*.py"))
    ]
    failures: dict[str, list[Diagnostic]] = {}
    reports_made = reports_with_diagnostics = 0
    for identifier, source in sources:
        result, reports = _analysed_with_progress(source, settings)
        reports_made += len(reports)
        reports_with_diagnostics += sum(1 for report in reports if report.diagnostics)
        missing = _not_in_final(result, reports)
        if missing:
            failures[identifier] = missing
    assert failures == {}
    assert len(sources) > 6_000
    assert reports_made > 40_000 and reports_with_diagnostics > 2_000


@pytest.mark.parametrize("name", CORPUS_FILES)
def test_corpus_file_reports_and_its_reanalysis_after_an_edit(
    report_at_every_statement: None, name: str
) -> None:
    """The benchmark corpus under the default budget, first analysed, then again from its
    checkpoints after an edit near the end (the server's case: restored reports come first)."""
    source = corpus_file(name).read_text(encoding="utf-8")
    cache = DocumentCache()
    result, reports = _analysed_with_progress(source, AnalysisSettings(), cache)
    assert reports and _not_in_final(result, reports) == []
    assert [report.line for report in reports] == sorted(report.line for report in reports)
    edited = source + "\nlate_value = 1 + 1\n"
    result, reports = _analysed_with_progress(edited, AnalysisSettings(), cache)
    assert reports and _not_in_final(result, reports) == []


PERCENT_CELLS = """\
# %%
import numpy as np
a = np.zeros((2, 3))
b = a @ a
# %%
!pip install numpy
# %%
c = np.ones((4,)) + np.ones((5,))
"""


def test_cells_of_a_percent_file_are_reported_at_the_file_positions(
    report_at_every_statement: None,
) -> None:
    result, reports = _analysed_with_progress(PERCENT_CELLS, AnalysisSettings())
    assert not result.syntax_ok
    assert reports and _not_in_final(result, reports) == []
    assert {d.span.start.line for d in reports[-1].diagnostics} == {3, 7}


FILLER = "".join(f"v{index} = np.zeros(({index % 5 + 1}, 3)).T\n" for index in range(300))


def test_held_codes_are_never_reported_early(report_at_every_statement: None) -> None:
    source = "import numpy as np\nif np.random.rand() > 0.5:\n    x = 1\nprint(x)\n" + FILLER
    result, reports = _analysed_with_progress(source, AnalysisSettings(mode="possible"))
    assert any(d.code in HELD_CODES for d in result.diagnostics)
    assert len(reports) > 10
    assert all(d.code not in HELD_CODES for report in reports for d in report.diagnostics)


def test_reports_name_the_statement_reached_and_the_line_count(
    report_at_every_statement: None,
) -> None:
    source = (
        "import numpy as np\n" + FILLER + "bad = np.zeros((2, 3)) @ np.zeros((2, 3))\n" + FILLER
    )
    lines = source.count("\n")
    error_line = 302
    result, reports = _analysed_with_progress(source, AnalysisSettings())
    assert [d.span.start.line + 1 for d in result.diagnostics] == [error_line]
    reached = [report.line for report in reports]
    assert reached == sorted(reached) and set(reached) <= set(range(1, lines + 1))
    assert {report.lines for report in reports} == {lines}
    assert any(report.line < error_line for report in reports)
    assert any(report.line > error_line for report in reports)
    for report in reports:
        expected = result.diagnostics if report.line > error_line else ()
        assert report.diagnostics == expected


def test_a_diagnostic_found_is_reported_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the first delay, a report is made as soon as a diagnostic is found (here the regular
    interval never comes): at the first clock reading after it."""
    monkeypatch.setattr(progress_module, "FIRST_REPORT_SECONDS", 0.0)
    monkeypatch.setattr(progress_module, "REPORT_INTERVAL_SECONDS", 3600.0)
    monkeypatch.setattr(progress_module, "FOUND_GAP_SECONDS", 0.0)
    source = (
        "import numpy as np\n" + FILLER + "bad = np.zeros((2, 3)) @ np.zeros((2, 3))\n" + FILLER
    )
    result, reports = _analysed_with_progress(source, AnalysisSettings())
    assert [len(report.diagnostics) for report in reports] == [0, 1]
    assert reports[1].diagnostics == result.diagnostics
    assert 302 <= reports[1].line < 330  # the budget reads the clocks every 64 checks


def test_a_short_analysis_reports_nothing_with_the_default_delays() -> None:
    _, reports = _analysed_with_progress("x = 1\n", AnalysisSettings())
    assert reports == []


def test_a_failing_callback_is_dropped_and_the_analysis_goes_on(
    report_at_every_statement: None,
) -> None:
    calls: list[int] = []

    def failing(report: Progress) -> None:
        calls.append(report.line)
        raise RuntimeError("the client went away")

    source = "import numpy as np\nx = np.zeros((2, 3))\ny = x @ x\n"
    result = analyse(source, AnalysisSettings(), progress=failing)
    assert calls == [1]
    assert [d.code for d in result.diagnostics] == ["shape-matmul"]
    assert result.internal_errors == ()
