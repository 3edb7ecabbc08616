"""Hover and inlay-hint facts rendered lazily from the values recorded during interpretation."""

from __future__ import annotations

import ast
import bisect
import os.path
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from ...domains.base import AbstractValue
from ...facts import HoverFact, InlayHintFact, ModuleSpan, Position, Span
from ...text import SourceText
from ..incremental.anchored_spans import rendering_as_built

NodeKey = tuple[int, int, int, int]
Positions = dict[int, tuple[ast.AST, NodeKey]]
"""Node positions: ``id(node)`` → the node and its ``NodeKey``."""
HOVER_KINDS = frozenset({"Name", "Attribute", "Call", "Subscript", "arg"})
MAX_EXPRESSION_TEXT = 48


class HoverIndex:
    """Answers ``hover_at`` from the per-node values of one interpretation.

    The index by line (record ids only) is built with it, in one pass over the records; the
    values at a position are joined, and spans and strings made, only for the nodes on the line
    asked about.
    """

    def __init__(
        self, values: Mapping[int, AbstractValue], positions: Positions, text: SourceText
    ) -> None:
        self._values = values
        self._positions = positions
        self._text = text
        by_line: dict[int, list[int]] = {}
        for ident in values:
            first, _, last, _ = positions[ident][1]
            if first == last:
                entries = by_line.get(first - 1)
                if entries is None:
                    by_line[first - 1] = [ident]
                else:
                    entries.append(ident)
                continue
            for line in range(first - 1, min(last, first + 20)):
                entries = by_line.get(line)
                if entries is None:
                    by_line[line] = [ident]
                else:
                    entries.append(ident)
        self._by_line = by_line
        """The recorded nodes (``id``, in recording order) by the (zero-based) lines they cover,
        at most the first 21 lines of each."""

    def value_at(self, key: NodeKey) -> AbstractValue | None:
        """The join of the values of the nodes at position ``key`` (in recording order, as
        ``group_by_position`` joins them), None when none was recorded there."""
        value = None
        for ident in self._by_line.get(key[0] - 1, ()):
            if self._positions[ident][1] == key:
                other = self._values[ident]
                value = other if value is None else value.join(other)
        return value

    def _span(self, key: NodeKey) -> Span:
        start_line, start, end_line, end = key
        return Span(
            Position(start_line - 1, self._text.character_from_utf8(start_line - 1, start)),
            Position(end_line - 1, self._text.character_from_utf8(end_line - 1, end)),
        )

    def hover_at(self, position: Position) -> HoverFact | None:
        """The fact of the innermost hoverable expression at ``position``: the join of the values
        of the nodes at its position (in recording order, as ``group_by_position`` joins them),
        described as the first of them (its kind decides whether the position is hoverable)."""
        positions = self._positions
        at: dict[NodeKey, list[int]] = {}
        for ident in self._by_line.get(position.line, ()):
            at.setdefault(positions[ident][1], []).append(ident)
        best: tuple[Span, NodeKey] | None = None
        for key, idents in at.items():
            if type(positions[idents[0]][0]).__name__ not in HOVER_KINDS:
                continue
            span = self._span(key)
            if not span.contains(position):
                continue
            if best is None or (span.start >= best[0].start and span.end <= best[0].end):
                best = (span, key)
        if best is None:
            return None
        span, key = best
        first, *others = at[key]
        value = self._values[first]
        for ident in others:
            value = value.join(self._values[ident])
        node = positions[first][0]
        label = node.id if type(node) is ast.Name else self._source(span)  # type: ignore[attr-defined]
        line = f"{label}: {value.describe()}"
        origin = value.origin
        where = None if origin is None else f"established at line {origin.start.line + 1}"
        if isinstance(origin, ModuleSpan):
            where = f"{where} of {os.path.basename(origin.module)}"
        markdown = f"```python\n{line}\n```"
        plaintext = line
        if where is not None:
            markdown += f"\n\n{where[0].upper()}{where[1:]}"
            plaintext += f"\n{where[0].upper()}{where[1:]}"
        return HoverFact(span=span, markdown=markdown, plaintext=plaintext)

    def _source(self, span: Span) -> str:
        if span.start.line != span.end.line:
            text = self._text.line(span.start.line)[span.start.character :] + " ..."
        else:
            text = self._text.line(span.start.line)[span.start.character : span.end.character]
        if len(text) > MAX_EXPRESSION_TEXT:
            text = text[: MAX_EXPRESSION_TEXT - 3] + "..."
        return text


def inlay_hints(
    targets: Iterable[NodeKey],
    value_at: Callable[[NodeKey], AbstractValue | None],
    text: SourceText,
) -> tuple[InlayHintFact, ...]:
    """A hint after each assignment target (by position, in order) whose value has an inlay
    label (arrays, tensors)."""
    hints: list[InlayHintFact] = []
    for key in targets:
        value = value_at(key)
        if value is None:
            continue
        label = value.inlay_label()
        if label is None:
            continue
        _, _, end_line, end = key
        position = Position(end_line - 1, text.character_from_utf8(end_line - 1, end))
        hints.append(InlayHintFact(position=position, label=f": {label}", tooltip=value.describe()))
    return tuple(hints)


def node_key(node: ast.AST) -> NodeKey:
    """A node's position: ``(lineno, col_offset, end_lineno, end_col_offset)``."""
    return (
        node.lineno,  # type: ignore[attr-defined]
        node.col_offset,  # type: ignore[attr-defined]
        node.end_lineno or node.lineno,  # type: ignore[attr-defined]
        node.end_col_offset if node.end_col_offset is not None else node.col_offset,  # type: ignore[attr-defined]
    )


class PositionCache:
    """The positions of nodes recorded by one document's analyses (``id(node)`` → the node and
    its ``NodeKey``), kept from one analysis to the next while the nodes do not move.

    An entry holds its node, so no other object takes its ``id`` while it is there. Entries are
    also kept sorted by the line their node ends on, so that an edit moving the lines from some
    line on drops theirs in time proportional to what it drops (an edit typed at the end moves
    the last line only).
    """

    SORTED_INSERTS = 64
    """New entries inserted one by one into the sorted order; more are appended and sorted."""

    def __init__(self) -> None:
        self._positions: Positions = {}
        self._ends: list[int] = []
        """The line every entry's node ends on, sorted (two flat lists rather than one of
        ``(line, id)`` pairs: a pair costs more than its two references)."""
        self._ids: list[int] = []
        """The entries' ids, in the order of ``_ends``."""

    def clear(self) -> None:
        self._positions = {}
        self._ends = []
        self._ids = []

    def drop_from(self, first_line: int) -> None:
        """Forget the nodes ending on line ``first_line`` or later (their lines moved)."""
        start = bisect.bisect_left(self._ends, first_line)
        positions = self._positions
        for key in self._ids[start:]:
            del positions[key]
        del self._ends[start:]
        del self._ids[start:]

    def taken(self, nodes: Sequence[Mapping[int, ast.AST]]) -> Positions:
        """The positions of the nodes of ``nodes`` (``id(node)`` → node) now: a copy of the
        cache once it holds them all (the entries it lacks are added). The copy describes the
        nodes as they are now: later re-parses that move them change neither it nor what is
        derived from it.

        Entries of other nodes (statements edited away) are dropped once they outnumber these
        nodes, so the copy stays within twice their number."""
        positions, ends, ids = self._positions, self._ends, self._ids
        added: list[tuple[int, int]] = []
        for recorded in nodes:
            for key in recorded.keys() - positions.keys():
                node = recorded[key]
                position = node_key(node)
                positions[key] = (node, position)
                added.append((position[2], key))
        if len(added) <= self.SORTED_INSERTS:
            for end, key in added:
                at = bisect.bisect_right(ends, end)
                ends.insert(at, end)
                ids.insert(at, key)
        elif added:
            added.extend(zip(ends, ids, strict=True))
            added.sort()
            self._ends = ends = [end for end, _ in added]
            self._ids = ids = [key for _, key in added]
        if len(positions) > 2 * sum(len(recorded) for recorded in nodes):
            live: set[int] = set().union(*(recorded.keys() for recorded in nodes))
            for key in positions.keys() - live:
                del positions[key]
            kept = [at for at, key in enumerate(ids) if key in positions]
            self._ends = [ends[at] for at in kept]
            self._ids = [ids[at] for at in kept]
        return positions.copy()


def group_by_position(
    values: Mapping[int, AbstractValue], positions: Positions
) -> dict[NodeKey, AbstractValue]:
    """The values recorded per node (``id(node)`` → value) keyed by position instead (the values
    of nodes at the same position joined, in recording order). ``positions`` holds every
    recorded node with its position (``PositionCache.taken``); the nodes' own positions are not
    read."""
    by_position: dict[NodeKey, AbstractValue] = {}
    for ident, value in values.items():
        key = positions[ident][1]
        old = by_position.get(key)
        by_position[key] = value if old is None else old.join(value)
    return by_position


class RecordedFacts:
    """The hover and inlay-hint facts of one interpretation, derived on first use.

    Built from what the interpretation recorded per node. The positions of the recorded nodes
    and assignment targets are taken when it is built (the end of the interpretation, through
    the call memo's position cache); everything else is computed from those positions only, when
    first asked for, under a lock: the index of the records by line (one pass over them, shared by
    hover and inlay hints), then per query only what the line or lines asked about need; the
    values of every position only when a caller reads ``values`` (a rank projection). A later
    re-parse that moves the nodes (``reparse`` shifts unchanged statements in place) never
    changes these facts, so nothing needs deriving before the next analysis.
    """

    def __init__(
        self,
        values: Mapping[int, AbstractValue],
        nodes: Mapping[int, ast.AST],
        targets: Mapping[int, ast.AST],
        text: SourceText,
        positions: PositionCache,
    ) -> None:
        self._values = values
        self._positions = positions.taken((nodes, targets))
        self._targets = targets.keys()
        self._text = text
        self._lock = threading.Lock()
        self._grouped: dict[NodeKey, AbstractValue] | None = None
        self._index: HoverIndex | None = None
        self._by_end_line: list[tuple[int, NodeKey]] | None = None
        """The targets' positions, each after the (one-based) line it ends on, sorted."""
        self._hints: tuple[InlayHintFact, ...] | None = None

    @property
    def values(self) -> dict[NodeKey, AbstractValue]:
        """The joined value of every node reached, by position."""
        with self._lock:
            if self._grouped is None:
                self._grouped = group_by_position(self._values, self._positions)
            return self._grouped

    def _lines(self) -> HoverIndex:
        with self._lock:
            if self._index is None:
                self._index = HoverIndex(self._values, self._positions, self._text)
            return self._index

    def _targets_by_end_line(self) -> list[tuple[int, NodeKey]]:
        with self._lock:
            if self._by_end_line is None:
                positions = self._positions
                self._by_end_line = sorted(
                    {(positions[ident][1][2], positions[ident][1]) for ident in self._targets}
                )
            return self._by_end_line

    def hints_between(self, first_line: int, last_line: int) -> tuple[InlayHintFact, ...]:
        """The inlay hints placed on lines ``first_line`` to ``last_line`` (zero-based,
        inclusive), in order: ``inlay_hints`` restricted to them, made for them only (or taken
        from ``inlay_hints`` once that was made, or when they are all of them)."""
        by_end_line = self._targets_by_end_line()
        start = bisect.bisect_left(by_end_line, (first_line + 1,))
        stop = bisect.bisect_left(by_end_line, (last_line + 2,))
        if self._hints is not None or (start, stop) == (0, len(by_end_line)):
            return tuple(
                hint for hint in self.inlay_hints if first_line <= hint.position.line <= last_line
            )
        targets = sorted(key for _, key in by_end_line[start:stop])
        with rendering_as_built(self._positions):
            return inlay_hints(targets, self._lines().value_at, self._text)

    @property
    def inlay_hints(self) -> tuple[InlayHintFact, ...]:
        """Every inlay hint of the module, in order (made once)."""
        if self._hints is None:
            targets = sorted(key for _, key in self._targets_by_end_line())
            with rendering_as_built(self._positions):
                self._hints = inlay_hints(targets, self._lines().value_at, self._text)
        return self._hints

    def hover_at(self, position: Position) -> HoverFact | None:
        with rendering_as_built(self._positions):
            return self._lines().hover_at(position)


class InlayHints(Sequence[InlayHintFact]):
    """The inlay hints of ``RecordedFacts``, computed when first read (or only those of some
    lines, ``between``)."""

    def __init__(self, facts: RecordedFacts) -> None:
        self._facts = facts

    def between(self, first_line: int, last_line: int) -> Sequence[InlayHintFact]:
        """The hints on lines ``first_line`` to ``last_line`` (zero-based, inclusive)."""
        return self._facts.hints_between(first_line, last_line)

    def __len__(self) -> int:
        return len(self._facts.inlay_hints)

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        return self._facts.inlay_hints[index]

    def __iter__(self) -> Iterator[InlayHintFact]:
        return iter(self._facts.inlay_hints)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))
