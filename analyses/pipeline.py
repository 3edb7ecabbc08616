"""One document's analysis: parse with the stdlib ``ast``, then run the analyses over the tree."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .facts import AnalysisResult, AnalysisSettings
from .horovod import detect
from .incremental import DocumentCache
from .interpreter import interpret
from .syntax import syntax_error_diagnostic
from .text import SourceText

DEFAULT_SETTINGS = AnalysisSettings()


def analyse(
    source: str,
    settings: AnalysisSettings = DEFAULT_SETTINGS,
    *,
    should_stop: Callable[[], bool] | None = None,
    cache: DocumentCache | None = None,
) -> AnalysisResult:
    """Analyse ``source`` and return its facts.

    A syntax error yields exactly one error diagnostic at the error and no other facts. Otherwise
    the abstract interpreter supplies diagnostics, hovers and inlay hints, and the Horovod
    detector (stdlib ``ast`` only) its training-loop diagnostics and rewrite offer. This function never
    raises for any input text: a failure inside one analysis yields no facts from that analysis
    rather than an exception (the interpreter itself already turns internal errors into ⊤ per
    statement).
    ``should_stop`` is polled during the analysis; when it returns True the analysis stops early
    (the caller is expected to discard that result). ``cache``, kept by the caller for one
    document, makes the next analysis of that document incremental; the result is the same.
    """
    text = SourceText(source)
    cache = cache if cache is not None else DocumentCache()
    try:
        parsed = cache.parse(source)
    except (SyntaxError, ValueError) as error:
        return AnalysisResult(diagnostics=(syntax_error_diagnostic(error, text),), syntax_ok=False)
    except (RecursionError, MemoryError):
        return AnalysisResult(diagnostics=())
    tree = parsed.tree
    try:
        memo = cache.begin(parsed, settings)
        interpretation = interpret(
            tree, settings, text, should_stop, memo=memo, scopes=parsed.scopes
        )
    except Exception:
        interpretation = None
    try:
        training = detect(tree, text)
    except Exception:
        training = None
    shapes = (
        AnalysisResult(diagnostics=())
        if interpretation is None
        else AnalysisResult(
            diagnostics=interpretation.diagnostics,
            hovers=interpretation.hovers,
            inlay_hints=interpretation.inlay_hints,
        )
    )
    if training is None:
        return shapes
    return replace(
        shapes,
        diagnostics=(*shapes.diagnostics, *training.diagnostics),
        rewrites=training.offers,
    )
