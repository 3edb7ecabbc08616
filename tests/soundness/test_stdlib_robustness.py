"""Robustness over the standard library (issue 3, test 4).

Every ``.py`` file under ``sysconfig.get_paths()["stdlib"]`` (including ``test/``, excluding the
third-party ``site-packages`` folder that lives inside it on some installations) is analysed in a
forked worker child, two workers at a time. Assertions per file: the analysis does not raise, does
not hang (the worker's timeout is a generous multiple of the time budget, so only a runaway
analysis trips it), reports no error-severity diagnostic, and reports exactly one information
``analysis-budget`` diagnostic when it exceeded its budget and none otherwise. Wall time per file
and the number of files over budget are only recorded and printed in the terminal summary.

Skipped, counted and listed: files CPython itself cannot compile. On CPython 3.11 these are the
deliberately broken fixtures of the test suite (``test/tokenizedata/bad_coding*.py``,
``badsyntax_*.py``, ``test/test_future_stmt/badsyntax_future*.py``) and lib2to3's test data for
Python 2 syntax, BOM and encoding handling; tensorls answers them with a syntax-error diagnostic.
"""

from __future__ import annotations

import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from .harness import Worker
from .summary import SUMMARY

STDLIB = Path(sysconfig.get_paths()["stdlib"])
WORKERS = 2
FILE_TIMEOUT_SECONDS = 120.0


def stdlib_files() -> list[Path]:
    return sorted(
        path
        for path in STDLIB.rglob("*.py")
        if "site-packages" not in path.relative_to(STDLIB).parts
    )


def _problems(answer: dict[str, Any]) -> list[str]:
    name = answer.get("name")
    if answer.get("timeout"):
        return [f"{name}: no answer within {FILE_TIMEOUT_SECONDS}s (hang)"]
    if answer.get("harness_error"):
        return [f"{name}: worker child failed: {answer['harness_error']}"]
    if answer["crash"]:
        return [f"{name}: analysis raised:\n{answer['crash']}"]
    problems = [f"{name}: {error}" for error in answer["errors"]]
    expected = 1 if answer["budget_exceeded"] else 0
    if answer["budget_diagnostics"] != expected:
        problems.append(
            f"{name}: budget_exceeded={answer['budget_exceeded']} but "
            f"{answer['budget_diagnostics']} analysis-budget diagnostics"
        )
    if any(severity != "information" for severity in answer.get("budget_severities", ())):
        problems.append(f"{name}: analysis-budget diagnostic is not information")
    return problems


@pytest.mark.slow
def test_every_stdlib_file_is_analysed_without_crash_or_error() -> None:
    files = stdlib_files()
    workers = [Worker() for _ in range(WORKERS)]
    started = time.perf_counter()

    def analyse_share(index: int) -> list[dict[str, Any]]:
        return [
            workers[index].analyse_file(path, FILE_TIMEOUT_SECONDS)
            for path in files[index::WORKERS]
        ]

    try:
        with ThreadPoolExecutor(WORKERS) as pool:
            answers = [
                answer for share in pool.map(analyse_share, range(WORKERS)) for answer in share
            ]
    finally:
        for worker in workers:
            worker.close()
    elapsed = time.perf_counter() - started

    skipped = [answer for answer in answers if answer.get("skipped")]
    analysed = [answer for answer in answers if "seconds" in answer]
    over_budget = [answer for answer in analysed if answer["budget_exceeded"]]
    slowest = sorted(analysed, key=lambda answer: answer["seconds"], reverse=True)[:5]
    SUMMARY.note(
        f"stdlib: {len(files)} files, {len(analysed)} analysed, {len(skipped)} skipped "
        f"(CPython cannot compile them), {len(over_budget)} over budget, "
        f"wall time {elapsed:.1f}s with {WORKERS} workers"
    )
    SUMMARY.note(
        "stdlib slowest: "
        + ", ".join(f"{Path(a['name']).relative_to(STDLIB)} {a['seconds']:.2f}s" for a in slowest)
    )
    for answer in skipped:
        SUMMARY.note(
            f"stdlib skipped {Path(answer['name']).relative_to(STDLIB)}: {answer['skipped']}"
        )

    problems = [problem for answer in answers for problem in _problems_or_skip(answer)]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def _problems_or_skip(answer: dict[str, Any]) -> list[str]:
    if answer.get("skipped"):
        return []
    return _problems(answer)
