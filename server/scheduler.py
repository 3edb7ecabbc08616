"""When analyses run: per-document debounce, one worker thread, only the newest version counts.

This module knows nothing about LSP. For each document at most one job is current; scheduling a
new version supersedes the previous job of that document:

- a version scheduled at least its debounce delay after the document's previous version, while
  no analysis of the document is unfinished, starts at once; any other waits out the delay
  first (an edit made after a quiet spell, its previous result delivered, costs no waiting; a
  burst of edits is coalesced);
- a job still waiting out its debounce delay is cancelled and never runs;
- a job queued for the worker but not started yet finds its stop flag set and returns at once;
- a job already running in the worker sees its stop flag through ``should_stop``, which the
  analysis polls wherever it polls its time budget; it ends early and its result is dropped.

Bounded staleness: superseding a running analysis at every edit would starve a document that
is edited faster than it is analysed (typing in a large file). So once a document has waited
:data:`STALE_AFTER_SECONDS` plus its debounce delay for a result (since the first edit after its
last delivery), a new version no longer stops the running analysis: that one finishes and
delivers its result for its own, older version (the observer decides what that is still good
for), and the new version's job skips its debounce. A document edited continuously thus gets a
result at least about every ``STALE_AFTER_SECONDS`` plus the debounce plus one analysis.

Large documents yield to the others. A document of ``LARGE_DOCUMENT_CHARACTERS`` or more takes
seconds to analyse (parsing, scopes and compiling cannot poll the stop flag, and its
interpretation runs up to its time budget); a smaller document's job that reaches the worker
while a large document's job is running or queued there would wait all that time. So the large
job is stopped and a new job of the same version is queued after the small one (it waits for
the small job to deliver, or to be superseded); the analysis of the large document then starts
again from what its cache kept. A version of a large document yields at most
``MAX_YIELDS`` times: a document typed in continuously never starves a large one.

Long documents are finished in rounds. An analysis that ran out of its time budget before the
end of the document is followed, once its result is delivered and while the version is still
current, by another analysis of the same version: it restores what the document's cache kept
(its checkpoints and call summaries) and goes on from there with a budget of its own. Rounds go
on while each stops further into the document than the one before or stored new call summaries
(which the next one replays), at most :data:`MAX_ROUNDS` per version, and while the process's
resident memory has grown by less than the memory budget since the first round started (each
round is bounded by the budget from its own start: the rounds of a version together overshoot
it by at most one round's growth); an edit
supersedes a round as it supersedes any job, and the next version starts its rounds afresh. A
round's result is delivered like any other (the diagnostics of the part analysed so far replace
the previous round's); waiting for a document's analysis (``settled``) waits for its first
round only. Later rounds are background work: they yield the worker to the first round of any
other document's job, however often.

Analyses run on a single daemon worker thread (the event loop only awaits them), so a burst of
edits never piles up CPU work: at most one superseded analysis is ever in flight, and only until
its next stop check or, when it is kept for staleness, its end. The scheduler keeps each open
document's ``DocumentCache`` (used only on the worker thread), so that the analysis after an edit
is incremental. Results reach the server through ``deliver(job, result)`` on the event loop, and
the progress reports of a long analysis (``analyses.progress``: the diagnostics certain so far)
through ``progressed(job, progress)`` before it, only while the job is the document's current one
and its result is not delivered (a report of a superseded version is dropped on the loop).
Once a result is delivered, the worker freezes what the analysis left alive
(``collector.freeze_survivors``: the documents' trees, caches and results), so that the full
collections of the next analyses do not traverse it again inside their time budget.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import attrs
from tensorls.analyses import AnalysisResult, AnalysisSettings, BudgetStop
from tensorls.analyses.collector import freeze_survivors
from tensorls.analyses.workspace import Workspace

from .workers import DaemonExecutor

if TYPE_CHECKING:
    from tensorls.analyses.incremental import DocumentCache
    from tensorls.analyses.progress import Progress, ProgressCallback

logger = logging.getLogger(__name__)

STALE_AFTER_SECONDS = 1.0
LARGE_DOCUMENT_CHARACTERS = 100_000
"""A document this long yields the worker to smaller documents' jobs (see the module docstring)."""
MAX_YIELDS = 3
"""How many times one version of a large document yields the worker."""
MAX_ROUNDS = 10
"""How many analyses one version of a document gets when each stops at its time budget further
into the document than the one before (a 20,000-line script needs about 8 on the benchmark
machine): the CPU spent on a version is bounded by this many budgets."""


class Analyser(Protocol):
    """``tensorls.analyses.analyse``: polls ``should_stop`` and stops early when it says so;
    calls ``progress`` (on the worker thread) while a long analysis runs."""

    def __call__(
        self,
        source: str,
        settings: AnalysisSettings,
        *,
        should_stop: Callable[[], bool] | None = None,
        cache: DocumentCache | None = None,
        workspace: Workspace | None = None,
        path: str | None = None,
        progress: ProgressCallback | None = None,
    ) -> AnalysisResult: ...


@attrs.define(eq=False)
class Job:
    """One analysis of one version of one document."""

    uri: str
    version: int
    source: str
    settings: AnalysisSettings
    delay_seconds: float
    workspace: Workspace | None = None
    """How the analysis finds the project's modules (a snapshot of the open buffers)."""
    path: str | None = None
    """The document's file-system path (None for non-file URIs)."""
    stop: threading.Event = attrs.field(factory=threading.Event)
    started: threading.Event = attrs.field(factory=threading.Event)
    kept: bool = False
    """Superseded but left to finish and deliver (bounded staleness)."""
    after: asyncio.Future[None] | None = None
    """A job of another document this one waits for before it goes to the worker (see
    "Large documents yield" in the module docstring)."""
    yields: int = 0
    """How many times this version yielded the worker before this job."""
    submitted: bool = False
    """Handed to the worker (queued or running there)."""
    round_number: int = 1
    """Which analysis of this version this job is (see "Long documents are finished in rounds")."""
    resumes: BudgetStop | None = None
    """Where the previous round of this version stopped (None for the first round)."""
    resident_at_start: int | None = None
    """The process's resident memory in bytes when this version's first round started."""
    settled: asyncio.Future[None] = attrs.field(
        factory=lambda: asyncio.get_running_loop().create_future()
    )
    task: asyncio.Task[None] | None = None
    progress: Progress | None = None
    """The analysis's latest progress report (``analyses.progress``), None before the first."""


class JobObserver(Protocol):
    """What the server does around a job: show progress while it runs, take its progress
    reports and its result."""

    def running(self, job: Job) -> contextlib.AbstractAsyncContextManager[None]: ...

    def progressed(self, job: Job, progress: Progress) -> None: ...

    def deliver(self, job: Job, result: AnalysisResult) -> None: ...


class AnalysisScheduler:
    """Runs ``analyser`` for the newest version of each document, debounced, off the event loop."""

    def __init__(
        self,
        analyser: Analyser,
        observer: JobObserver,
        stale_after_seconds: float = STALE_AFTER_SECONDS,
    ) -> None:
        self._analyser = analyser
        self._observer = observer
        self._stale_after = stale_after_seconds
        self._jobs: dict[str, Job] = {}
        self._unfinished: set[Job] = set()
        self._waiting_since: dict[str, float] = {}
        self._last_scheduled: dict[str, float] = {}
        self._caches: dict[str, DocumentCache] = {}
        self._executor = DaemonExecutor("tensorls-analysis")

    def schedule(
        self,
        uri: str,
        version: int,
        source: str,
        settings: AnalysisSettings,
        delay_ms: int,
        workspace: Workspace | None = None,
        path: str | None = None,
    ) -> Job:
        """Make ``version`` the current job of ``uri``, superseding any earlier one.

        ``delay_ms`` is the debounce. A version scheduled at least ``delay_ms`` after the
        previous version of ``uri`` was, while no job of ``uri`` is unfinished (waiting, queued
        or running), starts at once: the edit ends a quiet spell and nothing would be coalesced
        with it (the leading edge of a burst of edits). Otherwise it waits out the delay, so the
        versions of a burst that arrive while one runs are coalesced.
        """
        now = asyncio.get_running_loop().time()
        waited = now - self._waiting_since.setdefault(uri, now)
        overdue = waited >= self._stale_after + delay_ms / 1000
        quiet = now - self._last_scheduled.get(uri, -float("inf")) >= delay_ms / 1000
        self._last_scheduled[uri] = now
        idle = quiet and not any(job.uri == uri for job in self._unfinished)
        running = self._jobs.get(uri)
        if overdue and running is not None and running.started.is_set():
            running.kept = True
            del self._jobs[uri]
        else:
            self.cancel(uri)
        job = Job(
            uri,
            version,
            source,
            settings,
            0 if overdue or idle else delay_ms / 1000,
            workspace,
            path,
        )
        self._jobs[uri] = job
        self._unfinished.add(job)
        job.task = asyncio.get_running_loop().create_task(self._run(job))
        return job

    def cancel(self, uri: str) -> None:
        """Supersede the current job of ``uri`` (if any) without starting another."""
        job = self._jobs.pop(uri, None)
        if job is None:
            return
        job.stop.set()
        if job.task is not None:
            job.task.cancel()
        if not job.settled.done():
            job.settled.cancel()

    def forget(self, uri: str) -> None:
        """The document is closed: stop its jobs and drop what its analyses kept."""
        self.cancel(uri)
        for job in self._unfinished:
            if job.uri == uri:
                job.stop.set()
                job.kept = False
        self._caches.pop(uri, None)
        self._waiting_since.pop(uri, None)
        self._last_scheduled.pop(uri, None)

    def pending(self, uri: str) -> bool:
        """True while a job of ``uri`` has not delivered its result."""
        job = self._jobs.get(uri)
        return job is not None and not job.settled.done()

    async def settled(self, uri: str) -> None:
        """Wait until the newest job of ``uri`` (which may change while waiting) has delivered.

        Returns at once when nothing is pending, including after the document was closed.
        Cancelling the waiter (e.g. ``$/cancelRequest``, a timeout) never cancels the job
        itself, and is never mistaken for the job being superseded.
        """
        while (job := self._jobs.get(uri)) is not None and not job.settled.done():
            await asyncio.wait({job.settled})

    def shutdown(self) -> None:
        """Stop every job and the worker; never waits (a running analysis stops at its next
        stop check, and its daemon thread never delays the process's exit)."""
        for uri in list(self._jobs):
            self.cancel(uri)
        for job in self._unfinished:
            job.stop.set()
            job.kept = False
        self._caches.clear()
        self._executor.shutdown(wait=False, cancel_futures=True)

    async def _run(self, job: Job) -> None:
        try:
            if job.after is not None:
                await asyncio.wait({job.after})
            if job.delay_seconds > 0:
                await asyncio.sleep(job.delay_seconds)
            loop = asyncio.get_running_loop()
            self._yield_large_jobs_to(job)
            job.submitted = True
            async with self._observer.running(job):
                result = await loop.run_in_executor(
                    self._executor, self._analyse, job, self._progress_reporter(job, loop)
                )
            if result is not None and (job.kept or self._jobs.get(job.uri) is job):
                self._delivered(job)
                self._observer.deliver(job, result)
                if not job.settled.done():
                    job.settled.set_result(None)
                if self._jobs.get(job.uri) is job:
                    self._continue(job, result.budget_stop)
            if result is not None:
                self._collect_due()
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.exception("delivering the analysis of %s failed", job.uri)
        finally:
            self._unfinished.discard(job)
            if not job.settled.done():
                job.settled.set_result(None)

    def prepare(self, preparation: Callable[[], object]) -> None:
        """Run ``preparation`` on the analysis worker now, ahead of any job queued after it."""
        with contextlib.suppress(RuntimeError):  # the worker was shut down meanwhile
            self._executor.submit(preparation)

    def _yield_large_jobs_to(self, job: Job) -> None:
        """Make the jobs on the worker (queued or running) that give way to ``job``, a first
        round about to go there, wait for it: a large document's first round when ``job``'s
        document is smaller (see the module docstring), and any other document's later round.
        Each is stopped and replaced by a job of the same version queued after ``job``."""
        if job.round_number > 1:
            return
        small = len(job.source) < LARGE_DOCUMENT_CHARACTERS
        for uri, other in list(self._jobs.items()):
            if uri == job.uri or not other.submitted or other not in self._unfinished:
                continue
            if other.round_number == 1 and not (
                small
                and len(other.source) >= LARGE_DOCUMENT_CHARACTERS
                and other.yields < MAX_YIELDS
            ):
                continue
            self.cancel(uri)
            self._queue_again(other, after=job.settled, yields=other.yields + 1)

    def _continue(self, job: Job, stop: BudgetStop | None) -> None:
        """Queue the next round of ``job``'s version when its analysis stopped at its time
        budget further into the document than the previous round, or made call summaries (see the
        module docstring)."""
        from tensorls.analyses.interpreter.budget import resident_bytes  # loaded by the worker

        if (
            stop is None
            or stop.limit != "time"
            or job.round_number >= MAX_ROUNDS
            or job.resident_at_start is None
            or resident_bytes() - job.resident_at_start > job.settings.memory_budget_mb * 2**20
            or (
                job.resumes is not None
                and stop.progress <= job.resumes.progress
                and stop.summaries_made == 0
            )
        ):
            return
        self._queue_again(job, round_number=job.round_number + 1, resumes=stop)

    def _queue_again(
        self,
        job: Job,
        *,
        after: asyncio.Future[None] | None = None,
        yields: int | None = None,
        round_number: int | None = None,
        resumes: BudgetStop | None = None,
    ) -> None:
        """Make a new job of ``job``'s version current, to run at once (after ``after``). A
        later round has nothing to wait for: its version's result is already delivered."""
        again = Job(
            job.uri,
            job.version,
            job.source,
            job.settings,
            0,
            job.workspace,
            job.path,
            after=after,
            yields=job.yields if yields is None else yields,
            round_number=job.round_number if round_number is None else round_number,
            resumes=job.resumes if resumes is None else resumes,
            resident_at_start=job.resident_at_start,
        )
        if again.round_number > 1:
            again.settled.set_result(None)
        self._jobs[job.uri] = again
        self._unfinished.add(again)
        again.task = asyncio.get_running_loop().create_task(self._run(again))

    def _collect_due(self) -> None:
        """Queue ``freeze_survivors`` on the worker after an analysis (not awaited: the next job
        of the worker waits for it, the event loop never does)."""
        with contextlib.suppress(RuntimeError):  # the worker was shut down meanwhile
            self._executor.submit(freeze_survivors)

    def _delivered(self, job: Job) -> None:
        """Restart the staleness clock: from now if a newer version is already waiting."""
        if self._jobs.get(job.uri) in (None, job):
            self._waiting_since.pop(job.uri, None)
        else:
            self._waiting_since[job.uri] = asyncio.get_running_loop().time()

    def _progress_reporter(
        self, job: Job, loop: asyncio.AbstractEventLoop
    ) -> Callable[[Progress], None]:
        """The progress callback of ``job``'s analysis: called on the worker thread, it hands
        each report to the event loop, where only the current job's reports reach the observer
        (never a superseded job's, nor one's whose result was delivered)."""

        def on_loop(progress: Progress) -> None:
            if self._jobs.get(job.uri) is not job or job.stop.is_set() or job.settled.done():
                return
            job.progress = progress
            self._observer.progressed(job, progress)

        def reporter(progress: Progress) -> None:
            if job.stop.is_set():
                return
            with contextlib.suppress(RuntimeError):  # the loop closed: the session is over
                loop.call_soon_threadsafe(on_loop, progress)

        return reporter

    def _analyse(self, job: Job, progress: ProgressCallback) -> AnalysisResult | None:
        """Worker thread: run the analysis unless the job was superseded while queued."""
        if job.stop.is_set():
            return None
        job.started.set()
        from tensorls.analyses.incremental import DocumentCache  # with the interpreter: lazily
        from tensorls.analyses.interpreter.budget import resident_bytes

        if job.resident_at_start is None:
            job.resident_at_start = resident_bytes()

        cache = self._caches.setdefault(job.uri, DocumentCache())
        try:
            return self._analyser(
                job.source,
                job.settings,
                should_stop=job.stop.is_set,
                cache=cache,
                workspace=job.workspace,
                path=job.path,
                progress=progress,
            )
        except Exception:
            logger.exception("analysis of %s (version %s) failed", job.uri, job.version)
            self._caches.pop(job.uri, None)
            return AnalysisResult(diagnostics=(), syntax_ok=False)
