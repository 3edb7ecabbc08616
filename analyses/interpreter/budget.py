"""Time and memory budgets of one analysis.

Time is read with ``time.perf_counter`` at every statement. Memory is the growth of the process's
resident set size since the analysis started, read from ``/proc/self/statm`` (one small read, done
every ``MEMORY_CHECK_INTERVAL`` statements; where that file does not exist, the peak RSS from
``resource.getrusage`` is used, which can only overestimate the growth of this analysis if an
earlier peak is lower). ``tracemalloc`` would be exact but slows the whole analysis several times.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from ..facts import AnalysisSettings

MEMORY_CHECK_INTERVAL = 256
_PAGE_SIZE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class BudgetExceeded(Exception):
    """Raised inside the interpreter when a budget runs out; caught by ``interpret``.

    ``what`` is ``"time"``, ``"memory"`` or ``"cancelled"`` (the caller's ``should_stop`` said so).
    """

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what


def resident_bytes() -> int:
    """The current resident set size in bytes (or the peak, where the current one is unavailable)."""
    try:
        with open("/proc/self/statm", "rb") as handle:
            return int(handle.read().split()[1]) * _PAGE_SIZE
    except (OSError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if os.uname().sysname == "Darwin" else peak * 1024


class Budget:
    """Counts statements and raises ``BudgetExceeded`` when time or memory runs out."""

    __slots__ = ("_countdown", "_deadline", "_memory_limit", "_should_stop", "_start_memory")

    def __init__(
        self, settings: AnalysisSettings, should_stop: Callable[[], bool] | None = None
    ) -> None:
        self._should_stop = should_stop
        self._deadline = time.perf_counter() + max(settings.time_budget_ms, 1) / 1000.0
        self._start_memory = resident_bytes()
        self._memory_limit = max(settings.memory_budget_mb, 1) * 1024 * 1024
        self._countdown = MEMORY_CHECK_INTERVAL

    def check(self) -> None:
        """Call once per statement executed (``should_stop`` is polled with the memory check)."""
        if time.perf_counter() > self._deadline:
            raise BudgetExceeded("time")
        self._countdown -= 1
        if self._countdown <= 0:
            self._countdown = MEMORY_CHECK_INTERVAL
            if self._should_stop is not None and self._should_stop():
                raise BudgetExceeded("cancelled")
            if resident_bytes() - self._start_memory > self._memory_limit:
                raise BudgetExceeded("memory")
