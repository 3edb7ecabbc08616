"""Analysing the files of ``tensorls check``, in this process or in worker processes (``--jobs``).

Every analysing process keeps one workspace for the whole run (a module imported by several of
its files is read and summarised once in it, see :mod:`tensorls.analyses.workspace`); with
several workers each has its own. Files are handed out one at a time in the order given and
their outcomes come back in that order. A file analysed to its end gets the same result
whatever the number of workers (a module summary is replayed only where everything it read
still holds, and stands for exactly the run it summarises). Where a file's time budget runs out
it may stop earlier or later than in a serial run: a worker that did not analyse the file's
imports for an earlier file runs their bodies within this file's budget (as a serial run does
for its first importer), and the wall-clock backstop of the budget comes sooner on a busy machine.

On Linux the workers are forked after the interpreter and the library models were imported
here, so they start without importing anything; elsewhere they are spawned and import them
first. A worker analyses with the same settings and limits as a serial run; it reports nothing
itself (its outcome is printed by the parent, in order).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tensorls.analyses import AnalysisSettings, Diagnostic, InternalError
from tensorls.analyses.workspace import ModuleSearch, Workspace
from tensorls.files import read_module_text

if TYPE_CHECKING:
    from tensorls.analyses.coverage import ShapeCoverage

MAX_DEFAULT_JOBS = 8
"""The most workers ``check`` starts by itself (each may hold a few hundred MB at its peak)."""
FILES_PER_WORKER = 4
"""Without ``--jobs``, one worker per this many files (and per usable core): a check of a few
files runs in the process itself, as starting a worker costs more than it saves."""


@dataclass(frozen=True)
class CheckRequest:
    """One file to analyse: its source (a notebook's joined cells), settings and path."""

    source: str
    settings: AnalysisSettings
    path: str
    statistics: bool


@dataclass(frozen=True)
class FileOutcome:
    """What ``check`` prints of one file's analysis (picklable, unlike ``AnalysisResult``)."""

    diagnostics: tuple[Diagnostic, ...]
    internal_errors: tuple[InternalError, ...]
    coverage: ShapeCoverage | None


def usable_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def default_jobs(files: int) -> int:
    """How many processes analyse ``files`` files without ``--jobs``: one per usable core, at
    most :data:`MAX_DEFAULT_JOBS`, and one per :data:`FILES_PER_WORKER` files."""
    return max(1, min(usable_cores(), MAX_DEFAULT_JOBS, files // FILES_PER_WORKER))


def checked_file(request: CheckRequest, workspace: Workspace) -> FileOutcome:
    """Analyse one file in ``workspace``."""
    from tensorls.analyses import analyse
    from tensorls.analyses.coverage import shape_coverage

    result = analyse(request.source, request.settings, workspace=workspace, path=request.path)
    return FileOutcome(
        result.diagnostics,
        result.internal_errors,
        shape_coverage(result) if request.statistics else None,
    )


def check_workspace(roots: Sequence[str]) -> Workspace:
    """The workspace of a check: imports resolve from each analysed file's folder, then from
    ``roots`` (see :mod:`tensorls.analyses.workspace`); module texts are read from the disk."""
    return Workspace(ModuleSearch(tuple(roots), read_module_text))


_worker_workspace: Workspace | None = None
"""The workspace of this worker process (made by ``_start_worker``)."""


def _start_worker(roots: tuple[str, ...]) -> None:
    global _worker_workspace
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and ends the pool
    _worker_workspace = check_workspace(roots)


def _checked_in_worker(request: CheckRequest) -> FileOutcome:
    assert _worker_workspace is not None
    return checked_file(request, _worker_workspace)


def checked_files(
    requests: Iterable[CheckRequest], roots: Sequence[str], jobs: int
) -> Iterator[FileOutcome]:
    """The outcome of each request, in order, analysed by ``jobs`` processes (this one when 1)."""
    if jobs <= 1:
        workspace = check_workspace(roots)
        for request in requests:
            yield checked_file(request, workspace)
        return
    import tensorls.analyses.pipeline  # noqa: F401  (forked workers inherit it)

    context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
    with ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=context,
        initializer=_start_worker,
        initargs=(tuple(roots),),
    ) as pool:
        yield from pool.map(_checked_in_worker, requests)
