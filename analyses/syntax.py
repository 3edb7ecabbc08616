"""The diagnostic for source text CPython rejects: its parser, or its compiler.

The parser (``ast.parse``) misses what only CPython's compiler checks: ``return`` or ``break``
outside their blocks, ``nonlocal`` without a binding, more than 20 nested blocks, code nested
deeper than the compiler's recursion limit... ``compile_failure`` asks the compiler itself:
``compile()`` never executes the code. The compiler's limits depend on the Python recursion limit,
which the analyses never change (CPython runs a file with the same default).
"""

from __future__ import annotations
import __future__

import ast
import threading
import warnings
from collections.abc import Callable

from .facts import Diagnostic, Position, Severity, Span
from .sliced_parse import Stopped
from .text import SourceText

COMPILE_THREAD_STACK = 64 * 1024 * 1024
"""C stack of the thread that compiles text nested too deeply for the tree (CPython's compiler
and parser stop at their own recursion limits well within it)."""
FILE_NAME = "<document>"
GROUP_LINES = 2_000
"""About how many lines of top-level statements one call into the compiler compiles (some 15 ms
on a 2 GHz core)."""


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


def compile_failure(
    source: str,
    tree: ast.Module | None,
    text: SourceText,
    compiled_before: ast.Module | None = None,
    flags: int = 0,
    should_stop: Callable[[], bool] | None = None,
) -> Diagnostic | None:
    """The error CPython's compiler reports for ``source``, None when it compiles.

    ``tree`` is ``source`` parsed, or None when ``ast.parse`` gave up (``RecursionError`` or
    ``MemoryError`` on deeply nested code). The tree is compiled when there is one (cheaper than
    the text); when compiling it exceeds the recursion limit of the conversion from Python objects
    (which the compiler of the text does not have), or there is no tree, the text is compiled in a
    fresh thread, so that the recursion depth of the caller does not count, with a large C stack.
    Compiler warnings are not shown.

    ``compiled_before`` is an earlier tree of the same document that compiled: the top-level
    statements ``tree`` shares with it (the same objects, as incremental re-parsing keeps them)
    are not compiled again, unless an error could involve several statements (a misplaced
    ``__future__`` import, a module-level ``global``). ``flags`` are extra compiler flags
    (``ast.PyCF_ALLOW_TOP_LEVEL_AWAIT`` for a notebook cell). ``should_stop`` is polled
    between the groups a long tree is compiled in; ``Stopped`` when it returns True.
    """
    if tree is not None:
        try:
            _compile_in_groups(
                _still_to_compile(tree, compiled_before),
                _future_imports(tree)[0] | flags,
                should_stop,
            )
        except SyntaxError as error:
            return syntax_error_diagnostic(error, text)
        except (RecursionError, MemoryError, ValueError, TypeError):
            pass
        else:
            return None
    error = _compile_text_in_fresh_thread(source, flags)
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


def cell_compile_error(source: str) -> Diagnostic | None:
    """The error CPython reports compiling the notebook cell ``source`` on its own (its parser or
    its compiler, as :func:`compile_failure`), None when it compiles; ``compile()`` never executes
    the code. Top-level ``await`` is allowed, as IPython runs such a cell as a coroutine."""
    text = SourceText(source)
    try:
        tree: ast.Module | None = ast.parse(source, FILE_NAME)
    except (SyntaxError, ValueError) as error:
        return syntax_error_diagnostic(error, text)
    except (RecursionError, MemoryError):
        tree = None
    return compile_failure(source, tree, text, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)


def _still_to_compile(tree: ast.Module, compiled_before: ast.Module | None) -> ast.Module:
    """``tree``, or the module of its top-level statements not in ``compiled_before``."""
    if compiled_before is None or not _statements_independent(tree):
        return tree
    compiled = {id(statement) for statement in compiled_before.body}
    return ast.Module(
        body=[statement for statement in tree.body if id(statement) not in compiled],
        type_ignores=[],
    )


def _statements_independent(tree: ast.Module) -> bool:
    """True unless a compile error could involve several top-level statements of ``tree``: a
    misplaced ``__future__`` import, a module-level ``global``."""
    _, misplaced_future = _future_imports(tree)
    return not misplaced_future and not any(
        _declares_module_global(statement) for statement in tree.body
    )


_MODULE_LEVEL_BLOCKS = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.TryStar, ast.With)


def _declares_module_global(statement: ast.stmt) -> bool:
    """True when ``statement`` holds a ``global`` declaration of the module's own scope."""
    if isinstance(statement, ast.Global):
        return True
    if isinstance(statement, ast.Match):
        return any(_declares_module_global(s) for case in statement.cases for s in case.body)
    if not isinstance(statement, _MODULE_LEVEL_BLOCKS):
        return False
    blocks = [getattr(statement, name, []) for name in ("body", "orelse", "finalbody")]
    blocks.extend(handler.body for handler in getattr(statement, "handlers", []))
    return any(_declares_module_global(s) for block in blocks for s in block)


def _future_imports(tree: ast.Module) -> tuple[int, bool]:
    """The compiler flags of the ``__future__`` imports at the start of ``tree`` (after its
    docstring), and whether a ``__future__`` import comes later (a compile error)."""
    flags = 0
    leading = True
    for index, statement in enumerate(tree.body):
        if isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
            if not leading:
                return flags, True
            for alias in statement.names:
                flags |= getattr(getattr(__future__, alias.name, None), "compiler_flag", 0)
        elif not (
            index == 0
            and isinstance(statement, ast.Expr)
            and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str)
        ):
            leading = False
    return flags, False


def _compile_in_groups(
    module: ast.Module, flags: int, should_stop: Callable[[], bool] | None = None
) -> None:
    """``compile(module)``, made as consecutive groups of its top-level statements of about
    ``GROUP_LINES`` lines each, so that no single call into the compiler holds the GIL long.

    Top-level statements compile independently unless ``_statements_independent`` says
    otherwise (the premise of ``compiled_before``), so then ``module`` compiles when every group
    does; when one does not, or when they are not independent, ``module`` is compiled whole (for
    the error CPython reports first). ``should_stop`` is polled before each group after the
    first (``Stopped``).
    """
    groups: list[list[ast.stmt]] = [[]]
    first_line = 0
    for statement in module.body:
        if groups[-1] and (statement.end_lineno or statement.lineno) - first_line >= GROUP_LINES:
            groups.append([])
        if not groups[-1]:
            first_line = statement.lineno
        groups[-1].append(statement)
    if len(groups) == 1 or not _statements_independent(module):
        _compile_quietly(module, flags)
        return
    for index, group in enumerate(groups):
        if index and should_stop is not None and should_stop():
            raise Stopped
        try:
            _compile_quietly(ast.Module(body=group, type_ignores=[]), flags)
        except Exception:
            _compile_quietly(module, flags)
            return


def _compile_quietly(code: str | ast.Module, flags: int = 0) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        compile(code, FILE_NAME, "exec", flags=flags, dont_inherit=True)


def _compile_text_in_fresh_thread(source: str, flags: int = 0) -> BaseException | None:
    """The exception compiling ``source`` (with ``flags``) raises, None when it compiles."""
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            _compile_quietly(source, flags)
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
