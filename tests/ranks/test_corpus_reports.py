"""Every rank report expected by a script's ``# expect: <code>`` comments is made on its line, and
nothing else: on the corpus of distributed scripts with real-Horovod ground truth
(``corpus/{buggy,correct}``), on this package's own scripts (``scripts/{buggy,correct}``), on every
example, on the Horovod rewrite's golden outputs and on the examples the rewrite distributes
(after "Distribute with Horovod" a script must pass these checks)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tensorls.analyses import Severity, analyse
from tensorls.analyses.facts import AnalysisSettings
from tensorls.analyses.horovod import distribute

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
RANK_CODES = {
    "rank-divergent-collective",
    "collective-mismatch",
    "rank-unbound-name",
    "rank-file-divergence",
}
EXPECT = re.compile(r"#\s*expect:\s*([a-z-]+(?:\s*,\s*[a-z-]+)*)")

LABELLED = sorted([*HERE.glob("corpus/*/*.py"), *HERE.glob("scripts/*/*.py")])
BUGGY = ("buggy", "torch_buggy")
UNLABELLED = sorted(
    [
        *ROOT.glob("examples/**/*.py"),
        *ROOT.glob("tests/horovod/golden/*/expected.py"),
        *ROOT.glob("tests/horovod/golden/*/input.py"),
    ]
)
REWRITTEN = sorted(ROOT.glob("examples/tf2/*.py"))


def expected_reports(source: str) -> set[tuple[int, str]]:
    found: set[tuple[int, str]] = set()
    for number, line in enumerate(source.splitlines(), start=1):
        match = EXPECT.search(line)
        if match:
            found |= {(number, code.strip()) for code in match.group(1).split(",")}
    return found


def rank_reports(source: str) -> set[tuple[int, str]]:
    return {
        (diagnostic.span.start.line + 1, diagnostic.code)
        for diagnostic in analyse(source).diagnostics
        if diagnostic.code in RANK_CODES
    }


def test_the_corpus_has_buggy_and_correct_scripts() -> None:
    buggy = [path for path in LABELLED if path.parent.name in BUGGY]
    correct = [path for path in LABELLED if path.parent.name not in BUGGY]
    assert len(buggy) >= 10 and len(correct) >= 8
    assert all(expected_reports(path.read_text()) for path in buggy)
    assert not any(expected_reports(path.read_text()) for path in correct)


@pytest.mark.parametrize("path", LABELLED, ids=lambda path: str(path.relative_to(HERE)))
def test_labelled_script_reports_exactly_what_it_expects(path: Path) -> None:
    source = path.read_text()
    assert rank_reports(source) == expected_reports(source)


@pytest.mark.parametrize("path", UNLABELLED, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_rank_report_on_examples_and_golden_outputs(path: Path) -> None:
    assert rank_reports(path.read_text()) == set()


@pytest.mark.parametrize("path", REWRITTEN, ids=lambda path: path.stem)
def test_distributed_examples_pass_the_rank_checks(path: Path) -> None:
    distribution = distribute(path.read_text())
    assert not distribution.blocking
    source = distribution.new_source
    assert "hvd.rank()" in source
    assert rank_reports(source) == set()
    errors = [d for d in analyse(source).diagnostics if d.severity == Severity.ERROR]
    assert errors == []


REAL_STYLE = sorted(ROOT.glob("tests/horovod_run/scripts/*.py"))


@pytest.mark.parametrize("path", REAL_STYLE, ids=lambda path: path.stem)
def test_distributed_real_style_scripts_pass_the_rank_checks(path: Path) -> None:
    """The scripts tests/horovod_run distributes and runs on two real Horovod ranks (the
    rewrite's refusals are checked as they are)."""
    distribution = distribute(path.read_text())
    source = path.read_text() if distribution.blocking else distribution.new_source
    assert rank_reports(source) == set()


POSSIBLE = AnalysisSettings(mode="possible")


@pytest.mark.parametrize(
    "name",
    ["torch_correct/gather_list_only_on_destination.py"],
)
def test_possible_mode_pairs_the_same_collective_in_both_arms(name: str) -> None:
    """Both arms of a rank test make the same collective: no "only rank 0 may reach" warning."""
    source = (HERE / "corpus" / name).read_text()
    assert {d.code for d in analyse(source, POSSIBLE).diagnostics if d.code in RANK_CODES} == set()


@pytest.mark.parametrize("path", LABELLED, ids=lambda path: str(path.relative_to(HERE)))
def test_possible_mode_keeps_every_certain_rank_report(path: Path) -> None:
    """ "possible" mode adds warnings; the certain rank reports stay errors (a read bound on one
    rank only is not turned into a plain "may be undefined" warning)."""
    source = path.read_text()
    errors = {
        (d.span.start.line + 1, d.code)
        for d in analyse(source, POSSIBLE).diagnostics
        if d.code in RANK_CODES and d.severity == Severity.ERROR
    }
    assert errors == expected_reports(source)
