"""One document's analysis: parse with the stdlib ``ast``, then run the analyses over the tree."""

from __future__ import annotations

import gc
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

from .collector import full_collections_deferred
from .facts import (
    AnalysisResult,
    AnalysisSettings,
    Diagnostic,
    InternalError,
    Position,
    Severity,
    Span,
)
from .horovod import detect
from .incremental import DocumentCache
from .interpreter import interpret
from .interpreter.budget import Budget
from .interpreter.core.machine import MAX_INTERNAL_ERROR_DESCRIPTION
from .interpreter.modules.imports import importer_for, modules_used
from .loader_conventions import names_injected_by_loader
from .percent_cells import cells_module, in_file
from .progress import Progress, ProgressCallback, ProgressClock
from .ranks import check_ranks
from .ranks.hovers import RankHovers
from .ranks.projections import imported_modules, projection_settings
from .sliced_parse import Stopped
from .syntax import compile_failure, syntax_error_diagnostic
from .text import SourceText
from .workspace import Workspace

DEFAULT_SETTINGS = AnalysisSettings()
MAX_SOURCE_LENGTH = 1_000_000
"""Longest document analysed, in characters. Parsing, building scopes and compiling cannot poll the
time budget; this bounds them (one to two seconds together on a 2 GHz core; parsing and compiling
are made in bounded slices, ``sliced_parse`` and ``syntax``, so no single call holds the GIL that
long), except that the
parser of Python 3.10 and 3.11 takes time quadratic in the replacement fields of one f-string
(80,000 of them: about 4 s). A longer document gets one information diagnostic saying it is not
analysed."""
BUDGET_CODE = "analysis-budget"
logger = logging.getLogger(__name__)


def analyse(
    source: str,
    settings: AnalysisSettings = DEFAULT_SETTINGS,
    *,
    should_stop: Callable[[], bool] | None = None,
    cache: DocumentCache | None = None,
    workspace: Workspace | None = None,
    path: str | None = None,
    progress: ProgressCallback | None = None,
) -> AnalysisResult:
    """Analyse ``source`` and return its facts.

    Code CPython rejects (its parser or its compiler, see ``syntax``) yields exactly one error
    diagnostic there and no other facts (the compiler is not asked about the joined cells of a
    notebook, see ``AnalysisSettings.cells_compiled``). Otherwise the abstract interpreter supplies diagnostics,
    hovers and inlay hints, and the Horovod detector (stdlib ``ast`` only) its training-loop
    diagnostics and rewrite offer. This function never raises for any input text, and an internal
    error never hides the other results: the interpreter confines one to the annotation,
    statement or function where it happened (that unit becomes ⊤); one that escapes an analysis
    loses that analysis's facts only. Each is in ``internal_errors`` with its position and logged
    (logger ``tensorls.analyses.pipeline``, warning).

    The time budget of ``settings`` covers the whole analysis, parsing included: it starts here.
    A document longer than ``MAX_SOURCE_LENGTH`` is not analysed (one information diagnostic).
    ``path`` names the document's file: its imports are resolved from there (with ``workspace``)
    and a file a tool runs with names defined (``loader_conventions``) has them bound to ⊤.
    ``should_stop`` is polled during the analysis; when it returns True the analysis stops early
    (the caller is expected to discard that result). ``cache``, kept by the caller for one
    document, makes the next analysis of that document incremental; the result is the same.
    Full collections of the cyclic garbage collector are deferred meanwhile (``collector``).
    ``progress``, when given, is called on this thread while a long analysis runs, with the
    diagnostics already certain to be in the result and the line reached (``analyses.progress``).
    """
    with full_collections_deferred():
        return _analysed(source, settings, should_stop, cache, workspace, path, progress)


def _analysed_as_cells(
    source: str,
    settings: AnalysisSettings,
    should_stop: Callable[[], bool] | None,
    workspace: Workspace | None,
    path: str | None,
    progress: ProgressCallback | None,
) -> AnalysisResult | None:
    """The analysis of a ``# %%`` file that does not compile, as the cells that run one by one
    (``percent_cells``); None for a notebook's own module or a file without cells."""
    if settings.cells_compiled or (path is not None and not path.endswith(".py")):
        return None
    module = cells_module(source)
    if module is None:
        return None
    cells_settings = replace(settings, cells_compiled=True)

    def progress_in_file(reached: Progress) -> None:
        assert progress is not None
        placed = tuple(in_file(module, diagnostic) for diagnostic in reached.diagnostics)
        progress(replace(reached, diagnostics=placed))

    result = _analysed(
        module.source,
        cells_settings,
        should_stop,
        None,
        workspace,
        path,
        None if progress is None else progress_in_file,
    )
    diagnostics = [*module.cell_syntax_errors, *result.diagnostics]
    return replace(
        result,
        diagnostics=tuple(in_file(module, diagnostic) for diagnostic in diagnostics),
        syntax_ok=False,
    )


def _analysed(
    source: str,
    settings: AnalysisSettings,
    should_stop: Callable[[], bool] | None,
    cache: DocumentCache | None,
    workspace: Workspace | None,
    path: str | None,
    progress: ProgressCallback | None = None,
) -> AnalysisResult:
    budget = Budget(settings, should_stop)
    clock = (
        None
        if progress is None
        else ProgressClock(progress, source.count("\n") + (not source.endswith("\n")))
    )
    if len(source) > MAX_SOURCE_LENGTH:
        return AnalysisResult(diagnostics=(_too_long(len(source)),))
    text = SourceText(source)
    cache = cache if cache is not None else DocumentCache()
    try:
        with _collector_paused():
            parsed = cache.parse(source, should_stop)
            failure = (
                None
                if settings.cells_compiled
                else compile_failure(
                    source, parsed.tree, text, cache.compiled, should_stop=should_stop
                )
            )
    except Stopped:
        return AnalysisResult(diagnostics=())
    except (SyntaxError, ValueError) as error:
        failure = syntax_error_diagnostic(error, text)
        cells = _analysed_as_cells(source, settings, should_stop, workspace, path, progress)
        return cells or AnalysisResult(diagnostics=(failure,), syntax_ok=False)
    except (RecursionError, MemoryError):
        failure = compile_failure(source, None, text)
        if failure is not None:
            return AnalysisResult(diagnostics=(failure,), syntax_ok=False)
        return AnalysisResult(diagnostics=(_too_deep(),))
    tree = parsed.tree
    cache.compiled = tree if failure is None else None
    if failure is not None:
        cells = _analysed_as_cells(source, settings, should_stop, workspace, path, progress)
        return cells or AnalysisResult(diagnostics=(failure,), syntax_ok=False)
    importer = None if workspace is None else importer_for(workspace, settings, budget, path)
    internal_errors: list[InternalError] = []
    loader_names = names_injected_by_loader(path)
    try:
        memo = cache.begin(parsed, settings)
        interpretation = interpret(
            tree,
            settings,
            text,
            should_stop,
            memo=memo,
            scopes=parsed.scopes,
            budget=budget,
            importer=importer,
            checkpoints=cache.checkpoints,
            loader_names=loader_names,
            progress=clock,
        )
        internal_errors.extend(interpretation.internal_errors)
    except Exception as error:
        interpretation = None
        internal_errors.append(_whole_analysis_failed("shape analysis", error))
    try:
        training = detect(tree, text)
    except Exception as error:
        training = None
        internal_errors.append(_whole_analysis_failed("Horovod detection", error))
    try:
        ranks = check_ranks(
            tree,
            text,
            settings,
            interpretation,
            budget,
            cache.begin_projections(parsed, projection_settings(settings)),
            parsed.scopes,
            loader_names,
            workspace,
            path,
            imported_modules(importer),
        )
    except Exception as error:
        ranks = None
        internal_errors.append(_whole_analysis_failed("rank analysis", error))
    for internal_error in internal_errors:
        logger.warning(
            "tensorls internal error in %s (that part is not analysed): %s",
            path or "the document",
            internal_error,
        )
    rank_diagnostics = ranks.diagnostics if ranks is not None else ()
    shapes = (
        AnalysisResult(
            diagnostics=rank_diagnostics,
            modules=modules_used(importer),
            internal_errors=tuple(internal_errors),
        )
        if interpretation is None
        else AnalysisResult(
            diagnostics=(
                interpretation.diagnostics
                if ranks is None
                else ranks.merged_with(interpretation.diagnostics)
            ),
            hovers=RankHovers.over(interpretation.hovers, ranks, text),
            inlay_hints=interpretation.inlay_hints,
            modules=modules_used(importer),
            internal_errors=tuple(internal_errors),
            budget_stop=interpretation.budget_stop,
        )
    )
    if training is None:
        return shapes
    return replace(
        shapes,
        diagnostics=(*shapes.diagnostics, *training.diagnostics),
        rewrites=training.offers,
    )


def _whole_analysis_failed(analysis: str, error: Exception) -> InternalError:
    """The record of an internal error that one analysis of the document did not contain."""
    description = f"{type(error).__name__}: {error}"
    if len(description) > MAX_INTERNAL_ERROR_DESCRIPTION:
        description = description[: MAX_INTERNAL_ERROR_DESCRIPTION - 1] + "…"
    return InternalError(Position(0, 0), f"{analysis} failed: {description}")


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pause Python's cyclic garbage collector while parsing and compiling (parsing allocates
    millions of objects, none in a cycle; a collection every few thousand of them makes parsing a
    large file twice as slow, and the first collections after it traverse them all: better done
    during the interpretation, which polls the budget, than during the compilation, which cannot)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _notice(message: str) -> Diagnostic:
    return Diagnostic(
        span=Span(Position(0, 0), Position(0, 0)),
        severity=Severity.INFORMATION,
        code=BUDGET_CODE,
        message=message,
    )


def _too_long(length: int) -> Diagnostic:
    return _notice(
        f"this document is not analysed: it has {length:,} characters, more than the analysis"
        f" limit of {MAX_SOURCE_LENGTH:,}"
    )


def _too_deep() -> Diagnostic:
    return _notice("this document is not analysed: its code is nested too deeply for the analysis")
