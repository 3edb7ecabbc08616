"""Seeded fuzzing of the analysis's bounds (the fuzzing that found the unbounded constants).

Every generated program (``programs``) is analysed in the reliability worker: the analysis must end
within ``HANG_FACTOR`` times its budget of wall time, the worker's peak memory must stay within
``PEAK_GROWTH_LIMIT_MB`` of where it started, and a program that CPython runs without an exception
(the small ones only: the huge ones would exhaust CPython) must get no error diagnostic.
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys

import pytest

from .programs import program
from .watchdog import AnalysisWorker

SEED = 20_251_125
PROGRAMS = 60
BUDGET_MS = 500
HANG_FACTOR = 10
PEAK_GROWTH_LIMIT_MB = 150
ORACLE_SECONDS = 20.0
ORACLE_MEMORY = 2 * 1024**3


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ORACLE_MEMORY, ORACLE_MEMORY))


def runs_fine_under_cpython(source: str) -> bool:
    """True when CPython runs ``source`` to the end without an exception (within limits)."""
    try:
        completed = subprocess.run(
            [sys.executable, "-c", source],
            capture_output=True,
            timeout=ORACLE_SECONDS,
            preexec_fn=_limit_memory,
        )
    except subprocess.TimeoutExpired:
        return False
    return completed.returncode == 0


def generated(huge: bool) -> list[str]:
    rng = random.Random(SEED + huge)
    return [program(rng, huge) for _ in range(PROGRAMS)]


@pytest.mark.parametrize("huge", [False, True], ids=["small", "huge"])
def test_generated_programs_end_in_time_and_memory_without_false_errors(
    worker: AnalysisWorker, huge: bool
) -> None:
    limit = HANG_FACTOR * BUDGET_MS / 1000
    checked_by_cpython = 0
    for source in generated(huge):
        answer = worker.analyse(source, BUDGET_MS, limit)
        assert answer["peak_growth_mb"] < PEAK_GROWTH_LIMIT_MB, source
        errors = [d for d in answer["diagnostics"] if d["severity"] == "error"]
        if not huge and runs_fine_under_cpython(source):
            checked_by_cpython += 1
            assert errors == [], source
    if not huge:
        assert checked_by_cpython >= PROGRAMS // 2
