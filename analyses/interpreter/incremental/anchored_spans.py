"""Spans that follow their syntax node when an edit moves its lines.

Values carry the span where they were established (an array's ``established``) and reports carry
related spans. Re-parsing an edited document keeps every unchanged top-level statement as the same
node objects and moves their lines in place (``analyses.reparse``): whole lines move, so columns
and the lines' text are unchanged. An ``AnchoredSpan`` holds its node and the line the node started
on when the span was made; its ``start`` and ``end`` are the span made then, moved by however far
the node has moved since. A value, call summary or module checkpoint made before an edit that only
moved its lines therefore shows exactly the positions an analysis of the new text from scratch
would give it, so moving lines does not invalidate it.

Two anchored spans are equal when they are of the same node: a span of a node an edit replaced
(a value kept in a call summary from before the edit) never equals the span of the node now at its
place, since the two would not move alike; a summary reading one is not replayed for the other.
An anchored span equals (and hashes like) a plain ``Span`` at the same positions, now. Its hash
changes when its node moves, so a hashed container holding one across an edit misses it after the
edit: the call memo's keys hold its node instead (``provenance``), and text that names a line
number and values that keep spans in sets take a plain span from ``MachineCore.fixed_span_of``,
whose position counts as used (an edit moving it invalidates what used it). Results handed to
clients hold plain spans only (``plain``).

The size a call alone knows (the number of elements a mask selects, ``CallModel.fresh``) is named
after its line: ``AnchoredSymbol`` names it from its anchored span when read, so it follows its
node like the span, orders by its position (its place among other symbols does not change when
lines move) and, like the span, equals only a symbol of the same node. Its name turned into text
while an analysis runs (a report's message, a hover's words) is an absolute use of its line:
reading ``name``, ``key`` or ``provenance`` tells the running analysis (``reading_positions``),
which counts the position as used, as ``fixed_span_of`` does.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from ...arrays.dims import Symbol, SymbolicDim
from ...facts import Position, Span


class AnchoredSpan(Span):
    """``span`` (the span of ``node`` now), following ``node`` when re-parsing moves its lines."""

    __slots__ = ("_end", "_line", "_node", "_start")

    def __init__(self, node: ast.AST, span: Span) -> None:
        object.__setattr__(self, "_node", node)
        object.__setattr__(self, "_line", node.lineno)  # type: ignore[attr-defined]
        object.__setattr__(self, "_start", span.start)
        object.__setattr__(self, "_end", span.end)

    @property
    def node(self) -> ast.AST:
        """The node the span follows."""
        return self._node

    @property  # type: ignore[override]
    def start(self) -> Position:
        delta = _line_of(self._node) - self._line
        start = self._start
        return start if not delta else Position(start.line + delta, start.character)

    @property  # type: ignore[override]
    def end(self) -> Position:
        delta = _line_of(self._node) - self._line
        end = self._end
        return end if not delta else Position(end.line + delta, end.character)

    def _key(self) -> tuple[int, int, int, int]:
        delta = _line_of(self._node) - self._line
        start, end = self._start, self._end
        return (start.line + delta, start.character, end.line + delta, end.character)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        kind = type(other)
        if kind is AnchoredSpan:
            return self._node is other._node  # type: ignore[attr-defined]
        if kind is Span:
            return self._key() == _plain_key(other)  # type: ignore[arg-type]
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.start, self.end))

    def _compared(self, other: object) -> tuple[int, int, int, int] | None:
        kind = type(other)
        if kind is AnchoredSpan:
            return other._key()  # type: ignore[attr-defined]
        if kind is Span:
            return _plain_key(other)  # type: ignore[arg-type]
        return None

    def __lt__(self, other: object) -> bool:
        key = self._compared(other)
        return NotImplemented if key is None else self._key() < key

    def __le__(self, other: object) -> bool:
        key = self._compared(other)
        return NotImplemented if key is None else self._key() <= key

    def __gt__(self, other: object) -> bool:
        key = self._compared(other)
        return NotImplemented if key is None else self._key() > key

    def __ge__(self, other: object) -> bool:
        key = self._compared(other)
        return NotImplemented if key is None else self._key() >= key

    def __repr__(self) -> str:
        return f"Span(start={self.start!r}, end={self.end!r})"

    def __copy__(self) -> AnchoredSpan:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> AnchoredSpan:
        return self

    def __reduce__(self) -> tuple[type[Span], tuple[Position, Position]]:
        return Span, (self.start, self.end)


def _plain_key(span: Span) -> tuple[int, int, int, int]:
    start, end = span.start, span.end
    return (start.line, start.character, end.line, end.character)


def plain(span: Span) -> Span:
    """``span`` as a plain ``Span`` at its current positions (anything else is returned as is)."""
    if type(span) is AnchoredSpan:
        return Span(span.start, span.end)
    return span


_LINES_TAKEN: ContextVar[Mapping[int, tuple[ast.AST, tuple[int, int, int, int]]] | None] = (
    ContextVar("lines_taken", default=None)
)
"""Node positions taken when a result was built, read instead of the nodes' current lines while
that result's facts are rendered (``rendering_as_built``)."""


def _line_of(node: ast.AST) -> int:
    """``node``'s first line: as taken for the result being rendered when it holds the node,
    else where the node is now."""
    taken = _LINES_TAKEN.get()
    if taken is not None:
        entry = taken.get(id(node))
        if entry is not None and entry[0] is node:
            return entry[1][0]
    return node.lineno  # type: ignore[attr-defined]


@contextmanager
def rendering_as_built(
    positions: Mapping[int, tuple[ast.AST, tuple[int, int, int, int]]],
) -> Iterator[None]:
    """Within the block, spans and sizes anchored to a node of ``positions`` (``id(node)`` → the
    node and its position when a result was built) are where they were then, even if a later
    re-parse moved the node: a result's hover text and inlay hints asked after the next version
    was parsed still name its own version's lines."""
    token = _LINES_TAKEN.set(positions)
    try:
        yield
    finally:
        _LINES_TAKEN.reset(token)


_POSITION_READ: ContextVar[Callable[[ast.AST], None] | None] = ContextVar(
    "position_read", default=None
)
"""What the running analysis does when a node's absolute position is read (None: none runs)."""


@contextmanager
def reading_positions(note: Callable[[ast.AST], None]) -> Iterator[None]:
    """Within the block, ``note(node)`` is called whenever a symbol anchored to ``node`` is turned
    into text."""
    token = _POSITION_READ.set(note)
    try:
        yield
    finally:
        _POSITION_READ.reset(token)


class AnchoredSymbol(Symbol):
    """The size named ``prefix`` + its line, made at ``span`` (see the module docstring);
    ``words`` say what it counts."""

    __slots__ = ("_prefix", "_span", "_words")

    def __init__(self, prefix: str, words: str, span: AnchoredSpan) -> None:
        object.__setattr__(self, "_prefix", prefix)
        object.__setattr__(self, "_words", words)
        object.__setattr__(self, "_span", span)

    @property
    def span(self) -> AnchoredSpan:
        """Where the size was made (its identity, with the prefix)."""
        return self._span

    def _line(self) -> Position:
        note = _POSITION_READ.get()
        if note is not None:
            note(self._span._node)
        return self._span.start

    @property  # type: ignore[override]
    def name(self) -> str:
        return f"{self._prefix}{self._line().line + 1}"

    @property  # type: ignore[override]
    def key(self) -> str:
        start = self._line()
        return f"{start.line}:{start.character}:{self._prefix}"

    @property  # type: ignore[override]
    def provenance(self) -> str:
        return f"{self._words} at line {self._line().line + 1}"

    def __eq__(self, other: object) -> bool:
        return self is other or (
            type(other) is AnchoredSymbol
            and self._prefix == other._prefix
            and self._span == other._span
        )

    def __hash__(self) -> int:
        return hash((self._prefix, self._span._start.character))

    def sort_key(self) -> tuple[object, ...]:
        start = self._span.start
        return ("s", f"{self._prefix}#{start.line:010d}", f"{start.character:010d}")

    def __repr__(self) -> str:
        return f"Symbol(name={self.name!r}, key={self.key!r}, provenance={self.provenance!r})"

    def __copy__(self) -> AnchoredSymbol:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> AnchoredSymbol:
        return self

    def __reduce__(self) -> tuple[type[Symbol], tuple[str, str, str]]:
        return Symbol, (self.name, self.key, self.provenance)


def anchored_symbol(prefix: str, words: str, span: AnchoredSpan) -> SymbolicDim:
    """The dimension consisting of one ``AnchoredSymbol``."""
    return SymbolicDim((((AnchoredSymbol(prefix, words, span),), 1),))
