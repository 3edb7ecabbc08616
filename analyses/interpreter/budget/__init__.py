"""Time and memory budgets of one analysis.

Time is the CPU time of the analysing thread (``time.thread_time``), so that the same document is
cut off at the same point on an idle and on a busy machine; a wall-clock backstop of
``WALL_CLOCK_FACTOR`` times the budget still ends an analysis starved of CPU. The budget starts
when it is created (``analyse`` creates it before parsing, so it covers the whole analysis).

``check`` is called at every statement and every expression evaluated; it only counts down, and
every ``TIME_CHECK_INTERVAL`` calls reads the clocks and asks the caller's ``should_stop``. Every
computation between two calls is bounded in size (see ``sizes``), so no statement can outlast the
budget by much.

Memory is the growth of the process's resident set size since ``start_memory_accounting`` (the
start of the interpretation; what parsing uses is bounded by the size limit on documents), read
from ``/proc/self/statm`` every ``MEMORY_CHECK_INTERVAL`` calls; where that file does not exist,
the peak RSS from ``resource.getrusage`` is used, which can only overestimate the growth.
``tracemalloc`` would be exact but slows the whole analysis several times.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from ...facts import AnalysisSettings

TIME_CHECK_INTERVAL = 64
MEMORY_CHECK_INTERVAL = 1024
WALL_CLOCK_FACTOR = 4
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
    """Counts operations and raises ``BudgetExceeded`` when time or memory runs out."""

    __slots__ = (
        "_accounting",
        "_clock_read",
        "_countdown",
        "_cpu_deadline",
        "_memory_countdown",
        "_memory_limit",
        "_seconds",
        "_should_stop",
        "_start_memory",
        "_wall_deadline",
    )

    def __init__(
        self, settings: AnalysisSettings, should_stop: Callable[[], bool] | None = None
    ) -> None:
        seconds = max(settings.time_budget_ms, 1) / 1000.0
        self._seconds = seconds
        self._should_stop = should_stop
        self._cpu_deadline = time.thread_time() + seconds
        self._wall_deadline = time.perf_counter() + WALL_CLOCK_FACTOR * seconds
        self._memory_limit = max(settings.memory_budget_mb, 1) * 1024 * 1024
        self._start_memory = resident_bytes()
        self._accounting = False
        self._countdown = 1
        self._memory_countdown = MEMORY_CHECK_INTERVAL
        self._clock_read: Callable[[float], None] | None = None

    def on_clock_read(self, listener: Callable[[float], None] | None) -> None:
        """Call ``listener`` with the thread's CPU time whenever ``check`` reads the clocks and
        the budget is not exhausted (None: stop calling it)."""
        self._clock_read = listener

    def start_memory_accounting(self) -> None:
        """Measure memory growth from now on (called when the interpretation starts); later
        calls change nothing (the interpretations of imported modules share the budget)."""
        if not self._accounting:
            self._accounting = True
            self._start_memory = resident_bytes()

    def spent_fraction(self) -> float:
        """How much of the time budget is spent (CPU or wall clock, whichever is further)."""
        seconds = self._seconds
        cpu = 1.0 - (self._cpu_deadline - time.thread_time()) / seconds
        wall = 1.0 - (self._wall_deadline - time.perf_counter()) / (WALL_CLOCK_FACTOR * seconds)
        return max(cpu, wall)

    def check(self) -> None:
        """Call at every statement and expression; the clocks are read every few calls (the
        first call reads them, so work done before it, such as parsing, counts)."""
        self._countdown -= 1
        if self._countdown > 0:
            return
        self._countdown = TIME_CHECK_INTERVAL
        now = time.thread_time()
        if now > self._cpu_deadline or time.perf_counter() > self._wall_deadline:
            raise BudgetExceeded("time")
        if self._should_stop is not None and self._should_stop():
            raise BudgetExceeded("cancelled")
        if self._clock_read is not None:
            self._clock_read(now)
        self._memory_countdown -= TIME_CHECK_INTERVAL
        if self._memory_countdown <= 0:
            self._memory_countdown = MEMORY_CHECK_INTERVAL
            if resident_bytes() - self._start_memory > self._memory_limit:
                raise BudgetExceeded("memory")
