"""The diagnostic for source text CPython rejects: its parser, or its compiler.

The parser (``ast.parse``) misses what only CPython's compiler checks: ``return`` or ``break``
outside their blocks, ``nonlocal`` without a binding, more than 20 nested blocks, code nested
deeper than the compiler's recursion limit... ``compile_failure`` asks the compiler itself:
``compile()`` never executes the code. The compiler's limits depend on the Python recursion limit,
which the analyses never change (CPython runs a file with the same default).
"""

from __future__ import annotations

import ast
import threading
import warnings

from .facts import Diagnostic, Position, Severity, Span
from .text import SourceText

COMPILE_THREAD_STACK = 64 * 1024 * 1024
"""C stack of the thread that compiles text nested too deeply for the tree (CPython's compiler
and parser stop at their own recursion limits well within it)."""
FILE_NAME = "<document>"


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


def compile_failure(source: str, tree: ast.Module | None, text: SourceText) -> Diagnostic | None:
    """The error CPython's compiler reports for ``source``, None when it compiles.

    ``tree`` is ``source`` parsed, or None when ``ast.parse`` gave up (``RecursionError`` or
    ``MemoryError`` on deeply nested code). The tree is compiled when there is one (cheaper than
    the text); when compiling it exceeds the recursion limit of the conversion from Python objects
    (which the compiler of the text does not have), or there is no tree, the text is compiled in a
    fresh thread, so that the recursion depth of the caller does not count, with a large C stack.
    Compiler warnings are not shown.
    """
    if tree is not None:
        try:
            _compile_quietly(tree)
        except SyntaxError as error:
            return syntax_error_diagnostic(error, text)
        except (RecursionError, MemoryError, ValueError, TypeError):
            pass
        else:
            return None
    error = _compile_text_in_fresh_thread(source)
    if isinstance(error, SyntaxError):
        return syntax_error_diagnostic(error, text)
    if isinstance(error, (RecursionError, MemoryError)):
        detail = str(error)
        return Diagnostic(
            span=Span(Position(0, 0), Position(0, 0)),
            severity=Severity.ERROR,
            code="compile-error",
            message=f"{type(error).__name__}: {detail}" if detail else type(error).__name__,
        )
    return None


def _compile_quietly(code: str | ast.Module) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        compile(code, FILE_NAME, "exec", dont_inherit=True)


def _compile_text_in_fresh_thread(source: str) -> BaseException | None:
    """The exception compiling ``source`` raises, None when it compiles."""
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            _compile_quietly(source)
        except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
            outcome.append(error)

    thread = threading.Thread(target=run, name="tensorls-compile", daemon=True)
    try:
        previous = threading.stack_size(COMPILE_THREAD_STACK)
    except (ValueError, RuntimeError):
        previous = None
    try:
        thread.start()
        started = True
    except RuntimeError:
        started = False
    finally:
        if previous is not None:
            threading.stack_size(previous)
    if started:
        thread.join()
    else:
        run()
    return outcome[0] if outcome else None
