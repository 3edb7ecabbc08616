"""One document's analysis: parse with the stdlib ``ast``, then run the analyses over the tree."""

from __future__ import annotations

import ast

from .facts import AnalysisResult, AnalysisSettings, Diagnostic, Position, Severity, Span
from .interpreter import interpret
from .text import SourceText

DEFAULT_SETTINGS = AnalysisSettings()


def analyse(source: str, settings: AnalysisSettings = DEFAULT_SETTINGS) -> AnalysisResult:
    """Analyse ``source`` and return its facts.

    A syntax error yields exactly one error diagnostic at the error and no other facts. Otherwise
    the abstract interpreter supplies diagnostics, hovers and inlay hints. This function never
    raises for any input text: a failure inside the analysis yields no facts rather than an
    exception (the interpreter itself already turns internal errors into ⊤ per statement).
    """
    text = SourceText(source)
    try:
        tree = ast.parse(source, type_comments=False)
    except (SyntaxError, ValueError) as error:
        return AnalysisResult(diagnostics=(syntax_error_diagnostic(error, text),), syntax_ok=False)
    except (RecursionError, MemoryError):
        return AnalysisResult(diagnostics=())
    try:
        interpretation = interpret(tree, settings, text)
    except Exception:
        return AnalysisResult(diagnostics=())
    return AnalysisResult(
        diagnostics=interpretation.diagnostics,
        hovers=interpretation.hovers,
        inlay_hints=interpretation.inlay_hints,
    )


def syntax_error_diagnostic(error: SyntaxError | ValueError, text: SourceText) -> Diagnostic:
    """A diagnostic for a failed parse, placed at the offending token.

    ``SyntaxError.offset`` is a one-based code-point column (CPython converts it from bytes);
    ``ValueError`` (e.g. a null byte in the source) has no position and is placed at the start.
    """
    if isinstance(error, SyntaxError) and error.lineno is not None:
        line = max(error.lineno - 1, 0)
        start = max((error.offset or 1) - 1, 0)
        if (
            error.end_lineno is not None
            and error.end_offset is not None
            and (
                error.end_lineno - 1,
                error.end_offset - 1,
            )
            > (line, start)
        ):
            end = Position(error.end_lineno - 1, error.end_offset - 1)
        else:
            end = Position(line, min(start + 1, max(len(text.line(line)), start)))
        message = error.msg
    else:
        line, start, end = 0, 0, Position(0, 0)
        message = str(error)
    return Diagnostic(
        span=Span(Position(line, start), end),
        severity=Severity.ERROR,
        code="syntax-error",
        message=message,
    )
