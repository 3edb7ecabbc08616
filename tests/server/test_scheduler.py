"""The scheduler on its own: superseded versions never deliver, waiters see the newest result."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import pytest
from tensorls.analyses import AnalysisResult, AnalysisSettings, BudgetStop, Position, analyse
from tensorls.analyses.interpreter import budget
from tensorls.analyses.progress import Progress
from tensorls.server.scheduler import (
    LARGE_DOCUMENT_CHARACTERS,
    MAX_ROUNDS,
    MAX_YIELDS,
    AnalysisScheduler,
    Job,
)

from benchmarks.corpus_files import corpus_file

SETTINGS = AnalysisSettings()
CORPUS = corpus_file("medium")


class Recorder:
    """Keeps what the scheduler delivers and which jobs it started running."""

    def __init__(self) -> None:
        self.delivered: list[tuple[int, AnalysisResult]] = []
        self.delivered_jobs: list[tuple[Job, AnalysisResult]] = []
        self.started: list[int] = []
        self.jobs: list[Job] = []
        self.progressed_jobs: list[tuple[Job, Progress]] = []

    @contextlib.asynccontextmanager
    async def running(self, job: Job) -> AsyncIterator[None]:
        self.started.append(job.version)
        self.jobs.append(job)
        yield

    def progressed(self, job: Job, progress: Progress) -> None:
        self.progressed_jobs.append((job, progress))

    def deliver(self, job: Job, result: AnalysisResult) -> None:
        self.delivered.append((job.version, result))
        self.delivered_jobs.append((job, result))


async def test_only_the_newest_version_is_delivered() -> None:
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder)
    scheduler.schedule("file:///a.py", 1, "def f(:\n", SETTINGS, delay_ms=60_000)
    scheduler.schedule("file:///a.py", 2, "x = (\n", SETTINGS, delay_ms=60_000)
    scheduler.schedule("file:///a.py", 3, "x = 1\n", SETTINGS, delay_ms=0)
    await scheduler.settled("file:///a.py")
    assert recorder.started == [3]
    assert [(version, result.syntax_ok) for version, result in recorder.delivered] == [(3, True)]
    scheduler.shutdown()


async def test_documents_are_scheduled_independently() -> None:
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder)
    scheduler.schedule("file:///a.py", 1, "x = 1\n", SETTINGS, delay_ms=0)
    scheduler.schedule("file:///b.py", 7, "y = (\n", SETTINGS, delay_ms=0)
    await asyncio.gather(scheduler.settled("file:///a.py"), scheduler.settled("file:///b.py"))
    assert sorted(version for version, _ in recorder.delivered) == [1, 7]
    scheduler.shutdown()


async def test_cancelled_document_delivers_nothing_and_waiters_return() -> None:
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder)
    scheduler.schedule("file:///a.py", 1, "x = 1\n", SETTINGS, delay_ms=60_000)
    waiter = asyncio.get_running_loop().create_task(scheduler.settled("file:///a.py"))
    await asyncio.sleep(0)
    scheduler.cancel("file:///a.py")
    await waiter
    assert not scheduler.pending("file:///a.py")
    assert recorder.delivered == []
    scheduler.shutdown()


async def test_cancelling_a_waiter_leaves_the_job_running() -> None:
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder)
    scheduler.schedule("file:///a.py", 1, "x = 1\n", SETTINGS, delay_ms=50)
    waiter = asyncio.get_running_loop().create_task(scheduler.settled("file:///a.py"))
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.gather(waiter, return_exceptions=True)
    assert waiter.cancelled()
    await scheduler.settled("file:///a.py")
    assert [version for version, _ in recorder.delivered] == [1]
    scheduler.shutdown()


async def test_an_overdue_document_lets_the_running_analysis_finish() -> None:
    """Bounded staleness: once the document has waited long enough (here: at once), a new
    version no longer stops the running analysis; both versions deliver, in order."""
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder, stale_after_seconds=0)
    source = CORPUS.read_text(encoding="utf-8")
    first = scheduler.schedule("file:///a.py", 1, source, SETTINGS, delay_ms=0)
    while not first.started.is_set():
        await asyncio.sleep(0.01)
    scheduler.schedule("file:///a.py", 2, source + "x = 1\n", SETTINGS, delay_ms=0)
    await scheduler.settled("file:///a.py")
    assert [version for version, _ in recorder.delivered] == [1, 2]
    scheduler.shutdown()


async def test_a_running_analysis_is_superseded_before_the_bound() -> None:
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder, stale_after_seconds=3600)
    source = CORPUS.read_text(encoding="utf-8")
    first = scheduler.schedule("file:///a.py", 1, source, SETTINGS, delay_ms=0)
    while not first.started.is_set():
        await asyncio.sleep(0.01)
    scheduler.schedule("file:///a.py", 2, "x = 1\n", SETTINGS, delay_ms=0)
    await scheduler.settled("file:///a.py")
    assert [version for version, _ in recorder.delivered] == [2]
    scheduler.shutdown()


MOVED = """import numpy as np

def scale(x, k):
    return x * k

a = np.zeros((3, 4))
b = scale(a, 2.0)
c = np.ones((5, 6)) @ np.ones((6, 2))
d = scale(c, 0.5)
"""


def facts_of(result: AnalysisResult, text: str) -> tuple[object, ...]:
    """The inlay hints, and the hover at every character of ``text``."""
    lines = text.split("\n")
    return (
        tuple(result.inlay_hints),
        tuple(
            result.hover_at(Position(line, character))
            for line, content in enumerate(lines)
            for character in range(len(content) + 1)
        ),
    )


async def test_a_delivered_result_keeps_its_facts_after_the_next_version_moves_its_lines() -> None:
    """Nothing is derived between versions: a result whose hovers and inlay hints were never
    asked for answers them exactly as an analysis from scratch of its own text, even after the
    next version's re-parse moved its statements' nodes in place (lines inserted above them)."""
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder)
    scheduler.schedule("file:///a.py", 1, MOVED, SETTINGS, delay_ms=0)
    await scheduler.settled("file:///a.py")
    edited = MOVED.replace("a = np", "\n\nextra = np.zeros((7,))\na = np")
    scheduler.schedule("file:///a.py", 2, edited, SETTINGS, delay_ms=0)
    await scheduler.settled("file:///a.py")
    scheduler.shutdown()
    (first_version, first), (second_version, second) = recorder.delivered
    assert (first_version, second_version) == (1, 2)
    assert facts_of(first, MOVED) == facts_of(analyse(MOVED, SETTINGS), MOVED)
    assert facts_of(second, edited) == facts_of(analyse(edited, SETTINGS), edited)
    assert [hint.label for hint in first.inlay_hints] == [
        ": (3, 4)",
        ": (3, 4)",
        ": (5, 2)",
        ": (5, 2)",
    ]


async def test_an_edit_after_a_quiet_spell_starts_at_once_and_a_burst_waits() -> None:
    """The debounce applies to versions that follow the previous one within the delay or
    while it is unfinished; a version that ends a quiet spell is not held back."""
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder)
    first = scheduler.schedule("file:///a.py", 1, "x = 1\n", SETTINGS, delay_ms=50)
    assert first.delay_seconds == 0
    await scheduler.settled("file:///a.py")
    await asyncio.sleep(0.1)
    quiet = scheduler.schedule("file:///a.py", 2, "x = 2\n", SETTINGS, delay_ms=50)
    assert quiet.delay_seconds == 0
    burst = scheduler.schedule("file:///a.py", 3, "x = 3\n", SETTINGS, delay_ms=50)
    assert burst.delay_seconds == 0.05
    await scheduler.settled("file:///a.py")
    assert recorder.delivered[-1][0] == 3
    soon = scheduler.schedule("file:///a.py", 4, "x = 4\n", SETTINGS, delay_ms=60_000)
    assert soon.delay_seconds == 60
    scheduler.shutdown()


def large_document() -> str:
    """About 160,000 characters of short NumPy statements (over ``LARGE_DOCUMENT_CHARACTERS``;
    issue 30's probe used documents just under the 1,000,000-character limit)."""
    lines = ["import numpy as np\n"]
    for index in range(3_600):
        lines.append(f"a{index} = np.zeros(({index % 7 + 1}, 3))\nb{index} = a{index} + 1\n")
    return "".join(lines)


async def test_a_small_document_is_analysed_before_a_large_one_already_on_the_worker() -> None:
    """Issue 30, item 3: a small document edited while a large one is analysed got its result
    only once the large one's analysis ended (seconds); the large job now yields the worker."""
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder)
    source = large_document()
    assert len(source) >= LARGE_DOCUMENT_CHARACTERS
    large = scheduler.schedule("file:///large.py", 1, source, SETTINGS, delay_ms=0)
    while not large.started.is_set():
        await asyncio.sleep(0.001)
    scheduler.schedule("file:///small.py", 5, "x = (\n", SETTINGS, delay_ms=0)
    await asyncio.gather(
        scheduler.settled("file:///large.py"), scheduler.settled("file:///small.py")
    )
    assert [version for version, _ in recorder.delivered] == [5, 1]
    assert recorder.delivered[1][1].syntax_ok
    scheduler.shutdown()


async def test_a_large_document_yields_a_bounded_number_of_times() -> None:
    """A small document edited continuously does not starve a large one: one version of the
    large document yields the worker ``MAX_YIELDS`` times, then its analysis runs to the end."""
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder)
    large = "file:///large.py"
    scheduler.schedule(large, 1, large_document(), SETTINGS, delay_ms=0)
    answered: list[Job] = []
    while not any(job.uri == large for job, _ in recorder.delivered_jobs):
        on_worker = [job for job in recorder.jobs if job.uri == large and job.started.is_set()]
        if on_worker and not any(job is on_worker[-1] for job in answered):
            answered.append(on_worker[-1])
            version = 100 + len(answered)
            scheduler.schedule("file:///small.py", version, f"x = {version}\n", SETTINGS, 0)
        await asyncio.sleep(0.005)
    large_runs = [job for job in recorder.jobs if job.uri == large]
    assert [job.yields for job in large_runs] == list(range(MAX_YIELDS + 1))
    assert [job.version for job, _ in recorder.delivered_jobs if job.uri == large] == [1]
    scheduler.shutdown()


def stopped_at(line: int, summaries_made: int = 0) -> AnalysisResult:
    return AnalysisResult(
        diagnostics=(),
        budget_stop=BudgetStop("time", Position(line, 0), False, summaries_made),
    )


class ScriptedAnalyser:
    """Answers each analysis of one document with the next of ``results`` (the scheduler's
    contract holds for any analyser; this one makes the rounds' stops exact)."""

    def __init__(self, results: list[AnalysisResult]) -> None:
        self.results = results
        self.calls = 0

    def __call__(self, source: str, settings: AnalysisSettings, **_: object) -> AnalysisResult:
        result = self.results[min(self.calls, len(self.results) - 1)]
        self.calls += 1
        return result


async def rounds_delivered(recorder: Recorder, uri: str) -> list[Job]:
    """The jobs of ``uri`` delivered once no further round followed for half a second."""
    delivered, quiet = 0, 0
    while quiet < 50:
        await asyncio.sleep(0.01)
        quiet = quiet + 1 if len(recorder.delivered_jobs) == delivered else 0
        delivered = len(recorder.delivered_jobs)
    return [job for job, _ in recorder.delivered_jobs if job.uri == uri]


async def test_rounds_go_on_while_the_analysis_gets_further() -> None:
    recorder = Recorder()
    analyser = ScriptedAnalyser(
        [stopped_at(10), stopped_at(20), stopped_at(20, summaries_made=3), stopped_at(20)]
    )
    scheduler = AnalysisScheduler(analyser, recorder)
    scheduler.schedule("file:///a.py", 1, "x = 1\n", SETTINGS, delay_ms=0)
    await scheduler.settled("file:///a.py")
    assert not scheduler.pending("file:///a.py")
    jobs = await rounds_delivered(recorder, "file:///a.py")
    assert [job.round_number for job in jobs] == [1, 2, 3, 4]
    assert analyser.calls == 4
    scheduler.shutdown()


async def test_rounds_are_bounded() -> None:
    recorder = Recorder()
    analyser = ScriptedAnalyser([stopped_at(line) for line in range(1, 100)])
    scheduler = AnalysisScheduler(analyser, recorder)
    scheduler.schedule("file:///a.py", 1, "x = 1\n", SETTINGS, delay_ms=0)
    jobs = await rounds_delivered(recorder, "file:///a.py")
    assert [job.round_number for job in jobs] == list(range(1, MAX_ROUNDS + 1))
    scheduler.shutdown()


async def test_a_later_round_yields_the_worker_to_another_document() -> None:
    """A long document's later rounds are background work: a small document's first analysis
    goes before the round that would otherwise hold the worker for a whole budget."""
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder)
    slow = AnalysisSettings(time_budget_ms=300)
    long = "file:///long.py"
    scheduler.schedule(long, 1, CORPUS.read_text(encoding="utf-8"), slow, delay_ms=0)
    await scheduler.settled(long)
    on_worker = [job for job in recorder.jobs if job.uri == long]
    while len(on_worker) < 2 or not on_worker[-1].started.is_set():
        await asyncio.sleep(0.001)
        on_worker = [job for job in recorder.jobs if job.uri == long]
    scheduler.schedule("file:///small.py", 5, "x = (\n", SETTINGS, delay_ms=0)
    await scheduler.settled("file:///small.py")
    delivered = [(job.uri, job.round_number) for job, _ in recorder.delivered_jobs]
    assert delivered == [(long, 1), ("file:///small.py", 1)]
    yielded = [job for job in recorder.jobs if job.uri == long][1]
    assert yielded.round_number == 2 and yielded.stop.is_set()
    scheduler.shutdown()


async def test_rounds_stop_once_the_memory_budget_is_used_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each round is bounded by the memory budget from its own start; the rounds of a version
    together stop once the process grew by the budget since the first round started. The
    process's resident memory is simulated: a real allocation may reuse memory freed by earlier
    tests in this process (resident already) or come with other growth, so its effect on the
    resident size depends on the tests that ran before."""
    resident = [100 * 2**20]
    monkeypatch.setattr(budget, "resident_bytes", lambda: resident[0])

    class Growing(ScriptedAnalyser):
        """Grows the (simulated) process by 2 MiB per analysis."""

        def __call__(self, source: str, settings: AnalysisSettings, **_: object) -> AnalysisResult:
            resident[0] += 2 * 2**20
            return super().__call__(source, settings)

    recorder = Recorder()
    analyser = Growing([stopped_at(line) for line in range(1, 100)])
    scheduler = AnalysisScheduler(analyser, recorder)
    small_budget = AnalysisSettings(memory_budget_mb=5)
    scheduler.schedule("file:///a.py", 1, "x = 1\n", small_budget, delay_ms=0)
    jobs = await rounds_delivered(recorder, "file:///a.py")
    assert [job.round_number for job in jobs] == [1, 2, 3]


async def test_progress_reaches_the_observer_before_the_result() -> None:
    """A long analysis's progress reports (``analyses.progress``) reach the observer on the
    event loop, for the running job, each a subset of the result it delivers after them."""
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder)
    source = CORPUS.read_text(encoding="utf-8")
    job = scheduler.schedule("file:///a.py", 1, source, AnalysisSettings(time_budget_ms=60_000), 0)
    await scheduler.settled("file:///a.py")
    assert recorder.progressed_jobs and {seen for seen, _ in recorder.progressed_jobs} == {job}
    (delivered,) = recorder.delivered
    final = set(delivered[1].diagnostics)
    for _, progress in recorder.progressed_jobs:
        assert set(progress.diagnostics) <= final
    assert job.progress is recorder.progressed_jobs[-1][1]
    scheduler.shutdown()


async def test_a_superseded_job_reports_no_more_progress() -> None:
    recorder = Recorder()
    scheduler = AnalysisScheduler(analyse, recorder, stale_after_seconds=3600)
    source = CORPUS.read_text(encoding="utf-8")
    settings = AnalysisSettings(time_budget_ms=60_000)
    first = scheduler.schedule("file:///a.py", 1, source, settings, delay_ms=0)
    while not recorder.progressed_jobs:
        await asyncio.sleep(0.01)
    scheduler.schedule("file:///a.py", 2, "x = 1\n", SETTINGS, delay_ms=0)
    reported = len(recorder.progressed_jobs)
    await scheduler.settled("file:///a.py")
    assert [seen for seen, _ in recorder.progressed_jobs] == [first] * reported
    assert [version for version, _ in recorder.delivered] == [2]
    scheduler.shutdown()
