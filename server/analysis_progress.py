"""Work-done progress of the analyses (``window/workDoneProgress``): begun once an analysis
outlasts the progress delay, reporting the line it reached, ended when it ends.

Progress never holds back a result: the end is reported when the analysis ends if the client
has answered ``window/workDoneProgress/create`` by then, otherwise in the background once it
answers (begin/end always pair up). While a create request is unanswered no other progress is
started, so a client that never answers costs one pending request. A delay of 0 always reports.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import AsyncIterator
from pathlib import PurePosixPath
from typing import TYPE_CHECKING

from lsprotocol import types

from .scheduler import Job

if TYPE_CHECKING:
    from .server import TensorLanguageServer

logger = logging.getLogger(__name__)

PROGRESS_DELAY_SECONDS = 0.5


class AnalysisProgress:
    """The work-done progress of one server's analyses."""

    def __init__(self, server: TensorLanguageServer, delay_seconds: float) -> None:
        self._server = server
        self._delay_seconds = delay_seconds
        self._unanswered = False
        self._tokens: dict[Job, str] = {}
        """The token of each running job whose progress has begun."""

    @contextlib.asynccontextmanager
    async def running(self, job: Job) -> AsyncIterator[None]:
        """Report work-done progress for ``job`` if it outlasts the progress delay."""
        if not self._server.shows_progress or self._unanswered:
            yield
            return
        committed = asyncio.Event()
        announcer = asyncio.get_running_loop().create_task(self._announce(job, committed))
        try:
            yield
        finally:
            if not committed.is_set():
                announcer.cancel()
            elif announcer.done():
                self._end(job, announcer)
            else:
                self._server.spawn(self._conclude(job, announcer))

    def report(self, job: Job) -> None:
        """Report the line ``job`` reached (``Job.progress``), if its progress has begun."""
        token = self._tokens.get(job)
        if token is not None:
            self._server.work_done_progress.report(
                token, types.WorkDoneProgressReport(message=message_of(job))
            )

    async def _announce(self, job: Job, committed: asyncio.Event) -> str:
        if self._delay_seconds > 0:
            await asyncio.sleep(self._delay_seconds)
        committed.set()
        token = f"tensorls-analysis-{uuid.uuid4()}"
        progress = self._server.work_done_progress
        self._unanswered = True
        try:
            await progress.create_async(token)
        finally:
            self._unanswered = False
        progress.begin(
            token, types.WorkDoneProgressBegin(title="tensorls", message=message_of(job))
        )
        self._tokens[job] = token
        return token

    async def _conclude(self, job: Job, announcer: asyncio.Task[str]) -> None:
        with contextlib.suppress(Exception):
            await announcer
        self._end(job, announcer)

    def _end(self, job: Job, announcer: asyncio.Task[str]) -> None:
        """Report the end of a finished announcement (nothing if it failed)."""
        self._tokens.pop(job, None)
        if announcer.cancelled():
            return
        if announcer.exception() is not None:
            logger.warning("work-done progress could not be reported: %s", announcer.exception())
            return
        token = announcer.result()
        progress = self._server.work_done_progress
        progress.end(token, types.WorkDoneProgressEnd())
        progress.tokens.pop(token, None)


def message_of(job: Job) -> str:
    """``analysing name.py``, with ``(line N of M)`` once the analysis reported its progress;
    a later round of the version (see the scheduler's rounds) also names its round, and where
    the previous one stopped until it reports."""
    name = PurePosixPath(job.uri).name
    later = job.resumes is not None
    if job.progress is not None:
        where = f"line {job.progress.line:,} of {job.progress.lines:,}"
        return (
            f"analysing {name} ({where}, round {job.round_number})"
            if later
            else (f"analysing {name} ({where})")
        )
    if job.resumes is not None:
        line = job.resumes.position.line + 1
        return f"analysing {name} from line {line} (round {job.round_number})"
    return f"analysing {name}"
