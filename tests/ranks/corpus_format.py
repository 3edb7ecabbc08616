"""The rank corpus and how its scripts state what is expected of them.

``tests/ranks/corpus/<family>/*.py`` are small data-parallel training scripts. A family named
``buggy`` or ``torch_buggy`` holds scripts that fail on every run with two or more processes;
``correct`` and ``torch_correct`` hold scripts that run to completion.

Each script states its expectations itself:

- Its module docstring's first line says what is wrong (buggy) or why it is right (correct). A
  buggy script's docstring also says how it fails for real: either it contains the word ``hangs``
  (the run never ends and is killed by the ground-truth test's timeout), or it quotes, between
  double quotes, a fragment of the error the run prints (for example ``"Horovod has been shut
  down"``); several quoted fragments are alternatives (the run prints one of them).
- Every report the rank checks must give carries a trailing comment ``# expect: <code>`` on the
  line the report is at (one report per comment). The report of a collective is at the collective
  itself or, when the collective is reached through a call made in rank-dependent code, at that
  call; a ``collective-mismatch`` is at rank 0's collective; a ``rank-unbound-name`` is at the
  read. Correct scripts carry no ``# expect:`` comment.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parent / "corpus"
BUGGY_FAMILIES = ("buggy", "torch_buggy")
CORRECT_FAMILIES = ("correct", "torch_correct")
REPORT_CODES = frozenset(
    {
        "rank-divergent-collective",
        "collective-mismatch",
        "rank-unbound-name",
        "rank-file-divergence",
    }
)

EXPECT_COMMENT = re.compile(r"#\s*expect:\s*(?P<code>\S+)\s*$")
QUOTED_ERROR = re.compile(r'"(?P<fragment>[^"]+)"')
HANG_WORD = re.compile(r"\bhangs\b")


@dataclass(frozen=True, order=True)
class ExpectedReport:
    """A report the rank checks must give: its 1-based line and its code."""

    line: int
    code: str


@dataclass(frozen=True)
class PredictedFailure:
    """How a buggy script fails for real: it hangs, or its output contains one of
    ``error_fragments``."""

    hangs: bool
    error_fragments: tuple[str, ...]


def scripts(family: str) -> list[Path]:
    """The scripts of one family (``buggy``, ``correct``, ``torch_buggy``, ``torch_correct``)."""
    return sorted((CORPUS_DIR / family).glob("*.py"))


def buggy_scripts() -> list[Path]:
    return [path for family in BUGGY_FAMILIES for path in scripts(family)]


def correct_scripts() -> list[Path]:
    return [path for family in CORRECT_FAMILIES for path in scripts(family)]


def expected_reports(path: Path) -> list[ExpectedReport]:
    """Every ``# expect: <code>`` comment of ``path``, in line order (codes are not checked)."""
    source = path.read_text(encoding="utf-8")
    reports = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type != tokenize.COMMENT:
            continue
        match = EXPECT_COMMENT.search(token.string)
        if match is not None:
            reports.append(ExpectedReport(token.start[0], match["code"]))
    return sorted(reports)


def docstring(path: Path) -> str:
    """The module docstring of ``path`` (empty when it has none)."""
    return ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""


def predicted_failure(path: Path) -> PredictedFailure:
    """How the docstring of the buggy script ``path`` says it fails."""
    text = docstring(path)
    return PredictedFailure(
        hangs=HANG_WORD.search(text) is not None,
        error_fragments=tuple(match["fragment"] for match in QUOTED_ERROR.finditer(text)),
    )
