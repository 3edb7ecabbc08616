"""Progress of one analysis: the diagnostics already certain, reported while it still runs.

``analyse(..., progress=callback)`` calls ``callback(Progress(...))`` on the analysing thread
while the document is interpreted, whenever the time budget reads the clocks (every few dozen
operations, ``interpreter.budget``) once ``FIRST_REPORT_SECONDS`` of the thread's CPU time have
passed since the analysis started (the budget's clock, parsing included), and then at most every
``REPORT_INTERVAL_SECONDS``, or sooner, ``FOUND_GAP_SECONDS`` after the last report, when the
analysis has found a diagnostic since. A short analysis never calls it; nor do the whole-document steps
after the interpretation (the rank check, the Horovod detector).

What ``Progress.diagnostics`` contains is a subset of the final result's diagnostics (the same
span, code, message and severity), and a later report's set contains an earlier one's:

- the interpreter's reporter only ever adds diagnostics (identical reports are kept once, the
  first one); what a handler could swallow, and what a loop's iterations or a driven generator
  would report before their reporting pass, is never added (``reporting``, ``loops``,
  ``generators``), so every diagnostic it holds at any moment is final. It forgets reports only
  in a rank projection (``decide_uncalled_conditions``), which never reports progress;
- the whole-document steps that run after the interpretation add diagnostics and remove only one
  class: the rank check (``ranks.checks.RankCheck.merged_with``) drops the ordinary
  ``name-error`` / ``unbound-local`` at a read it reports as ``rank-unbound-name``. Those codes
  (:data:`HELD_CODES`) are never reported early;
- a ``# %%`` file analysed as its cells (``percent_cells``) has every diagnostic mapped to the
  file's positions the same way early and at the end;
- the one exception: an internal error escaping the whole interpretation (which the interpreter
  otherwise confines to the statement or function where it happened) leaves the final result
  without the interpreter's diagnostics; the caller's final result replaces the early ones.

``Progress.line`` is the first line (1-based) of the document's top-level statement being
analysed (the statements before it are analysed), or the last line once the module body has run
(the functions it did not call are analysed after it).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .facts import Diagnostic

FIRST_REPORT_SECONDS = 0.25
"""Thread CPU time from the analysis's start to its first progress report."""
REPORT_INTERVAL_SECONDS = 0.5
"""Thread CPU time between two progress reports."""
FOUND_GAP_SECONDS = 0.1
"""Thread CPU time between two progress reports when a diagnostic was found since the last."""
logger = logging.getLogger(__name__)
HELD_CODES = frozenset({"name-error", "unbound-local"})
"""Diagnostic codes a whole-document step after the interpretation may still remove (the rank
check's merge): never reported early."""


@dataclass(frozen=True)
class Progress:
    """How far a running analysis got, and the diagnostics certain to be in its result."""

    line: int
    """The first line (1-based) of the top-level statement being analysed; the line count once
    the module body has run."""
    lines: int
    """The document's line count."""
    diagnostics: tuple[Diagnostic, ...]
    """Each one the final result also contains (see the module docstring)."""


ProgressCallback = Callable[[Progress], None]


class ProgressClock:
    """Decides when a progress report is due and makes it (one per analysis).

    ``due`` is two comparisons, so the interpreter asks it whenever the budget reads the clocks;
    ``report`` leaves out :data:`HELD_CODES` and calls the callback. A callback that raises is
    logged and not called again; the analysis goes on.
    """

    __slots__ = ("_callback", "_next", "_reported", "_soonest", "lines")

    def __init__(self, callback: ProgressCallback, lines: int) -> None:
        self._callback = callback
        self.lines = lines
        self._next = self._soonest = time.thread_time() + FIRST_REPORT_SECONDS
        self._reported = 0

    def due(self, now: float, found: int) -> bool:
        """Whether a report is due at the thread's CPU time ``now``, the analysis having found
        ``found`` diagnostics so far."""
        return now >= self._next or (found > self._reported and now >= self._soonest)

    def report(self, line: int, diagnostics: Sequence[Diagnostic]) -> None:
        """Call the callback with the diagnostics certain so far (``diagnostics``: all found so
        far); the next report is due ``REPORT_INTERVAL_SECONDS`` of CPU time after it returns,
        or ``FOUND_GAP_SECONDS`` after it once more are found."""
        certain = tuple(d for d in diagnostics if d.code not in HELD_CODES)
        self._reported = len(diagnostics)
        try:
            self._callback(Progress(line, self.lines, certain))
        except Exception:
            logger.exception("the progress callback failed; no more progress is reported")
            self._next = self._soonest = float("inf")
            return
        after = time.thread_time()
        self._next = after + REPORT_INTERVAL_SECONDS
        self._soonest = after + FOUND_GAP_SECONDS
