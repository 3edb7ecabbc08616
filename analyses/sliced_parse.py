"""Parsing a long document in slices, so that no single call into the parser holds the GIL long.

``ast.parse`` is one call into C: on a document of a million characters it holds the GIL for
about a second, and every other thread of the process (the language server's event loop
included) waits that long. :func:`parse_module` parses a long text as consecutive slices of about
``SLICE_CHARACTERS`` each, cut at lines that start a top-level statement, and joins their
statements; between two slices other threads run.

Why the joined tree is ``ast.parse(source)``'s. A slice starts at a line whose first character
can start a statement at column 0 (not a blank, ``#``, closing bracket or ``@``-decorated
definition's continuation) and that does not begin ``else``, ``elif``, ``except`` or
``finally`` (the only clauses at column 0 that continue a statement), after a line that does not
end with a backslash. The first slice starts at the text's start; if a slice that starts at a
statement boundary parses alone, it closes every bracket and string it opens and its last line
does not continue, so the tokenizer ends it at a fresh logical line at indentation 0, and the
next slice's first token starts a statement: the boundary is a statement boundary of the whole
text (the argument of ``reparse``). Each slice is parsed preceded by as many empty lines as come
before it, so its positions are the whole text's. A cut inside a string or bracket makes the
slice before it fail; then the rest of the text from that slice's start is parsed as one piece:
its statements if it parses, else its error, the error ``ast.parse`` reports for the whole text
(every statement before the piece parsed as a sequence of statements; the differential fuzzer
checks the message and position). A text naming ``barry_as_FLUFL`` (a future import that changes
how ``<>`` parses), holding a NUL character, or raising anything other than ``SyntaxError`` in a
slice is parsed whole.

Never done: splitting one top-level statement (a class or function body is one slice, however
long), guessing a boundary that was not confirmed by the slice before it parsing alone.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable

SLICE_CHARACTERS = 20_000
"""About how many characters one call into the parser reads (some 20 ms on a 2 GHz core)."""

_BOUNDARY = re.compile(
    r"(?<!\\)(?<!\\\r)(?:\r\n|\r|\n)(?=[^\s#)\]}])(?!(?:else|elif|except|finally)(?!\w))"
)
"""A line break, not continued by a backslash, followed by a line that may start a top-level
statement (see the module docstring)."""

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class Stopped(Exception):
    """The caller's ``should_stop`` said so between two slices (of the parse, or of the compile
    check: ``syntax.compile_failure``); nothing of the work is kept."""


def parse_module(source: str, should_stop: Callable[[], bool] | None = None) -> ast.Module:
    """``ast.parse(source)`` (default arguments), parsed in slices when ``source`` is long.

    Raises what ``ast.parse(source)`` raises; the tree is equal to its tree (``ast.dump`` with
    attributes), the positions included. ``should_stop`` is polled before each slice after the
    first; ``Stopped`` when it returns True.
    """
    if len(source) <= 2 * SLICE_CHARACTERS or "barry_as_FLUFL" in source or "\0" in source:
        return ast.parse(source)
    body: list[ast.stmt] = []
    start, line = 0, 0
    third_line = _third_line(source)
    while start < len(source):
        if start and should_stop is not None and should_stop():
            raise Stopped
        end = _next_boundary(source, max(start + SLICE_CHARACTERS, third_line))
        piece = source[start:end]
        try:
            body.extend(_parsed_at(piece, line))
        except SyntaxError:
            return _with_rest(source, body, start, line)
        except Exception:
            return ast.parse(source)
        line += _line_breaks(piece)
        start = end
    return ast.Module(body=body, type_ignores=[])


def _with_rest(source: str, body: list[ast.stmt], start: int, line: int) -> ast.Module:
    """The module of ``body`` followed by the statements of ``source[start:]`` (beginning on
    zero-based line ``line``) parsed as one piece; that piece's ``SyntaxError`` when it has one."""
    try:
        rest = _parsed_at(source[start:], line)
    except SyntaxError:
        raise
    except Exception:
        return ast.parse(source)
    return ast.Module(body=[*body, *rest], type_ignores=[])


def _next_boundary(source: str, at: int) -> int:
    """The start of the first line after offset ``at`` that may start a top-level statement and
    does not follow a decorator line (``len(source)`` when there is none); never one of the first
    lines."""
    while (match := _BOUNDARY.search(source, at)) is not None:
        boundary = match.end()
        previous_line = max(
            source.rfind("\n", 0, match.start()), source.rfind("\r", 0, match.start())
        )
        if source[previous_line + 1] != "@":
            return boundary
        at = boundary
    return len(source)


def _third_line(source: str) -> int:
    """The offset of the third line (a slice never starts on the first two, where an encoding
    declaration may sit)."""
    position = 0
    for _ in range(2):
        match = _LINE_BREAK.search(source, position)
        if match is None:
            return len(source)
        position = match.end()
    return position


def _parsed_at(piece: str, line: int) -> list[ast.stmt]:
    """The statements of ``piece`` parsed as if it began on zero-based line ``line``."""
    return ast.parse("\n" * line + piece).body


def _line_breaks(text: str) -> int:
    if "\r" not in text:
        return text.count("\n")
    return len(_LINE_BREAK.findall(text))
