"""Robustness over the standard library (issue 3, test 4).

Every ``.py`` file under ``sysconfig.get_paths()["stdlib"]`` (including ``test/``, excluding the
third-party ``site-packages`` folder that lives inside it on some installations) is analysed in a
forked worker child, two workers at a time. Assertions per file: the analysis does not raise,
swallows no internal error (``Interpretation.internal_errors``), does not hang (the worker's
timeout is a generous multiple of the time budget, so only a runaway analysis trips it), reports
no error-severity diagnostic, and reports exactly one information ``analysis-budget`` diagnostic
when it exceeded its budget and none otherwise. Wall time per file
and the number of files over budget are only recorded and printed in the terminal summary.

Skipped, counted and listed: files CPython itself cannot compile. On CPython 3.11 these are the
deliberately broken fixtures of the test suite (``test/tokenizedata/bad_coding*.py``,
``badsyntax_*.py``, ``test/test_future_stmt/badsyntax_future*.py``) and lib2to3's test data for
Python 2 syntax, BOM and encoding handling; tensorls answers them with a syntax-error diagnostic.

Accepted, because they are real bugs of the standard library that fail on every execution reaching
them (the contract of an error diagnostic): ``VERIFIED_STDLIB_BUGS``. Each entry is accepted only
while executing its reproduction under this very Python still raises the named exception.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from tensorls.analyses.facts import AnalysisSettings

from .harness import Worker
from .summary import SUMMARY

STDLIB = Path(sysconfig.get_paths()["stdlib"])
WORKERS = 2
FILE_TIMEOUT_SECONDS = 120.0


VERIFIED_STDLIB_BUGS: dict[tuple[str, int, str], tuple[str, str]] = {
    # pprint._perfcheck calls PrettyPrinter._safe_repr with one argument too many.
    ("pprint.py", 646, "type-error"): ("import pprint; pprint._perfcheck([1])", "TypeError"),
    # enum._simple_enum reads `auto.value` on the class instead of the member's value.
    ("enum.py", 1718, "attribute-error"): (
        "import enum\n@enum._simple_enum(enum.Flag)\nclass F:\n    A = enum.auto()",
        "AttributeError",
    ),
    # typinganndata/ann_module3.py exists to fail at run time: each function raises NameError.
    ("test/typinganndata/ann_module3.py", 7, "name-error"): (
        "import test.typinganndata.ann_module3 as m; m.f_bad_ann()",
        "NameError",
    ),
    ("test/typinganndata/ann_module3.py", 15, "name-error"): (
        "import test.typinganndata.ann_module3 as m; m.D_bad_ann(1)",
        "NameError",
    ),
    ("test/typinganndata/ann_module3.py", 18, "name-error"): (
        "import test.typinganndata.ann_module3 as m; m.g_bad_ann()",
        "NameError",
    ),
    # ann_module.foo calls bar() without its argument; no execution gets there because the
    # annotation `List[str]` already raises NameError, which tensorls cannot be certain of (the
    # module hands a class to unknown code that could define List).
    ("test/typinganndata/ann_module.py", 54, "type-error"): (
        "import test.typinganndata.ann_module as m; m.foo()",
        "NameError",
    ),
    # Run as a script, the test module calls unittest.main() without importing unittest.
    ("distutils/tests/test_versionpredicate.py", 13, "name-error"): (
        "import runpy, sysconfig, warnings; warnings.simplefilter('ignore');"
        " runpy.run_path(sysconfig.get_paths()['stdlib']"
        " + '/distutils/tests/test_versionpredicate.py', run_name='__main__')",
        "NameError",
    ),
}


def _reproduces(code: str, exception: str) -> bool:
    """True when running ``code`` under this Python ends with an uncaught ``exception``."""
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    last_line = completed.stderr.strip().splitlines()[-1:] or [""]
    return completed.returncode != 0 and last_line[0].startswith(exception + ":")


def _accepted_bugs() -> set[tuple[str, int, str]]:
    return {
        key
        for key, (code, exception) in VERIFIED_STDLIB_BUGS.items()
        if _reproduces(code, exception)
    }


def stdlib_files() -> list[Path]:
    return sorted(
        path
        for path in STDLIB.rglob("*.py")
        if "site-packages" not in path.relative_to(STDLIB).parts
    )


def _problems(answer: dict[str, Any], accepted: set[tuple[str, int, str]]) -> list[str]:
    name = answer.get("name")
    if answer.get("timeout"):
        return [f"{name}: no answer within {FILE_TIMEOUT_SECONDS}s (hang)"]
    if answer.get("harness_error"):
        return [f"{name}: worker child failed: {answer['harness_error']}"]
    if answer["crash"]:
        return [f"{name}: analysis raised:\n{answer['crash']}"]
    internal = [f"{name}: internal error {error}" for error in answer["internal_errors"]]
    relative = Path(name).relative_to(STDLIB).as_posix()
    problems = internal + [
        f"{name}: {error}"
        for error in answer["errors"]
        if (relative, answer_line(error), answer_code(error)) not in accepted
    ]
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
    budget_seconds = AnalysisSettings().time_budget_ms / 1000
    overrun = [answer for answer in analysed if answer["seconds"] > 5 * budget_seconds]
    SUMMARY.note(
        f"stdlib: {len(overrun)} files took more than 5x the {budget_seconds:.1f}s time budget: "
        + ", ".join(str(Path(a["name"]).relative_to(STDLIB)) for a in overrun)
    )
    for answer in skipped:
        SUMMARY.note(
            f"stdlib skipped {Path(answer['name']).relative_to(STDLIB)}: {answer['skipped']}"
        )

    accepted = _accepted_bugs()
    SUMMARY.note(f"stdlib: {len(accepted)} verified standard-library bugs accepted as true errors")
    problems = [
        problem
        for answer in answers
        if not answer.get("skipped")
        for problem in _problems(answer, accepted)
    ]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def answer_line(error: str) -> int:
    """The one-based line of a diagnostic rendered by ``verdict`` as ``line:col: severity code: message``."""
    return int(error.split(":", 1)[0])


def answer_code(error: str) -> str:
    """The code of a diagnostic rendered by ``verdict``."""
    return error.split(": ", 2)[1].split(" ")[-1]
