"""The diagnostic for source text the stdlib parser rejects."""

from __future__ import annotations

from .facts import Diagnostic, Position, Severity, Span
from .text import SourceText


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
