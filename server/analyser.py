"""The analyser the server calls, loaded lazily: the interpreter and the library models are
imported after the answer to ``initialize`` (on the analysis worker, after ``initialized``), or
at the first analysis, never at the server's start."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tensorls.analyses import AnalysisResult, AnalysisSettings
from tensorls.analyses.collector import freeze_survivors

if TYPE_CHECKING:
    from tensorls.analyses.incremental import DocumentCache
    from tensorls.analyses.progress import ProgressCallback
    from tensorls.analyses.workspace import Workspace


def load_analyser() -> None:
    """Import :func:`tensorls.analyses.analyse` with the interpreter and the library models (0.2
    to 0.6 s of CPU on the benchmark machine): after ``initialized`` (see
    ``AnalysisScheduler.prepare``), never before the answer to ``initialize``. The modules, classes and model tables it made live as long as
    the process: they are frozen (``freeze_survivors``), so that the collections of the
    analyses do not traverse them."""
    import tensorls.analyses.pipeline  # noqa: F401

    freeze_survivors()


def analyse_on_first_use(
    source: str,
    settings: AnalysisSettings,
    *,
    should_stop: Callable[[], bool] | None = None,
    cache: DocumentCache | None = None,
    workspace: Workspace | None = None,
    path: str | None = None,
    progress: ProgressCallback | None = None,
) -> AnalysisResult:
    """:func:`tensorls.analyses.analyse`, imported at its first call (see :func:`load_analyser`)."""
    from tensorls.analyses import analyse

    return analyse(
        source,
        settings,
        should_stop=should_stop,
        cache=cache,
        workspace=workspace,
        path=path,
        progress=progress,
    )
