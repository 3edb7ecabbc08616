"""Hover and inlay-hint facts rendered lazily from the values recorded during interpretation."""

from __future__ import annotations

import ast
import os.path
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence

from ..domains.base import AbstractValue
from ..facts import HoverFact, InlayHintFact, ModuleSpan, Position, Span
from ..text import SourceText

NodeKey = tuple[int, int, int, int]
Positions = dict[int, tuple[ast.AST, NodeKey]]
"""A cache of node positions: ``id(node)`` → the node and its ``NodeKey``."""
HOVER_KINDS = frozenset({"Name", "Attribute", "Call", "Subscript", "arg"})
MAX_EXPRESSION_TEXT = 48


class HoverIndex:
    """Answers ``hover_at`` from the per-node values of one interpretation.

    The index by line is built on the first query (positions only); spans and strings are made
    only for the nodes on the line asked about.
    """

    def __init__(
        self,
        values: Mapping[NodeKey, AbstractValue],
        kinds: Mapping[NodeKey, str],
        names: Mapping[NodeKey, str],
        text: SourceText,
    ) -> None:
        self._values = values
        self._kinds = kinds
        self._names = names
        self._text = text
        self._by_line: dict[int, list[NodeKey]] | None = None

    def _index(self) -> dict[int, list[NodeKey]]:
        """The positions of the hoverable nodes by the (zero-based) lines they cover.

        Only position tuples are stored; spans are made for the candidates of a queried line.
        """
        if self._by_line is None:
            by_line: dict[int, list[NodeKey]] = {}
            values = self._values
            for key, kind in self._kinds.items():
                if kind not in HOVER_KINDS or key not in values:
                    continue
                first = key[0] - 1
                for line in range(first, min(key[2] - 1, first + 20) + 1):
                    entries = by_line.get(line)
                    if entries is None:
                        by_line[line] = [key]
                    else:
                        entries.append(key)
            self._by_line = by_line
        return self._by_line

    def _span(self, key: NodeKey) -> Span:
        start_line, start, end_line, end = key
        return Span(
            Position(start_line - 1, self._text.character_from_utf8(start_line - 1, start)),
            Position(end_line - 1, self._text.character_from_utf8(end_line - 1, end)),
        )

    def hover_at(self, position: Position) -> HoverFact | None:
        best: tuple[Span, NodeKey] | None = None
        for key in self._index().get(position.line, ()):
            span = self._span(key)
            if not span.contains(position):
                continue
            if best is None or (span.start >= best[0].start and span.end <= best[0].end):
                best = (span, key)
        if best is None:
            return None
        span, key = best
        value = self._values[key]
        label = self._names.get(key) or self._source(span)
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
    values: Mapping[NodeKey, AbstractValue], targets: Iterable[NodeKey], text: SourceText
) -> tuple[InlayHintFact, ...]:
    """A hint after each assignment target (by position) whose value has an inlay label (arrays,
    tensors)."""
    hints: list[InlayHintFact] = []
    for key in sorted(set(targets)):
        value = values.get(key)
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


def positions_of(nodes: Iterable[Mapping[int, ast.AST]], positions: Positions) -> Positions:
    """The positions of the nodes of ``nodes`` (``id(node)`` → node) now: a copy of the cache
    ``positions`` once it holds them all (the entries it lacks are added; an entry holds its node,
    so no other object can take its ``id`` while it is there). The copy describes the nodes as
    they are now: later re-parses that move them change neither it nor what is derived from it."""
    for recorded in nodes:
        for key in recorded.keys() - positions.keys():
            node = recorded[key]
            positions[key] = (node, node_key(node))
    return positions.copy()


def group_by_position(
    values: Mapping[int, AbstractValue], positions: Positions
) -> tuple[dict[NodeKey, AbstractValue], dict[NodeKey, str], dict[NodeKey, str]]:
    """The values recorded per node (``id(node)`` → value) keyed by position instead (nodes at
    the same position are joined), and the kind of node (and the name, for names) there.
    ``positions`` holds every recorded node with its position (``positions_of``); the nodes'
    own positions are not read."""
    by_position: dict[NodeKey, AbstractValue] = {}
    kinds: dict[NodeKey, str] = {}
    names: dict[NodeKey, str] = {}
    for key, value in values.items():
        node, position = positions[key]
        old = by_position.get(position)
        if old is None:
            by_position[position] = value
            kinds[position] = type(node).__name__
            if type(node) is ast.Name:
                names[position] = node.id  # type: ignore[attr-defined]
        else:
            by_position[position] = old.join(value)
    return by_position, kinds, names


class RecordedFacts:
    """The hover and inlay-hint facts of one interpretation, derived on first use.

    Built from what the interpretation recorded per node. The positions of the recorded nodes
    and assignment targets are taken when it is built (the end of the interpretation, through
    the call memo's position cache); everything else (grouping by position, the hover index,
    the inlay hints) is computed when first asked for, once, under a lock, from those positions
    only. So a later re-parse that moves the nodes (``reparse`` shifts unchanged statements in
    place) never changes these facts, and nothing needs deriving before the next analysis.
    """

    def __init__(
        self,
        values: Mapping[int, AbstractValue],
        nodes: Mapping[int, ast.AST],
        targets: Mapping[int, ast.AST],
        text: SourceText,
        positions: Positions,
    ) -> None:
        taken = positions_of((nodes, targets), positions)
        self._recorded = (values, taken)
        self._targets = targets.keys()
        self._text = text
        self._lock = threading.Lock()
        self._grouped: (
            tuple[dict[NodeKey, AbstractValue], dict[NodeKey, str], dict[NodeKey, str]] | None
        ) = None
        self._index: HoverIndex | None = None
        self._hints: tuple[InlayHintFact, ...] | None = None

    def _group(self) -> tuple[dict[NodeKey, AbstractValue], dict[NodeKey, str], dict[NodeKey, str]]:
        """The values by position (the hover index and the inlay hints are not built: a rank
        projection reads only the values)."""
        with self._lock:
            if self._grouped is None:
                self._grouped = group_by_position(*self._recorded)
            return self._grouped

    def _derive(self) -> None:
        by_position, kinds, names = self._group()
        with self._lock:
            if self._index is not None:
                return
            positions = self._recorded[1]
            self._hints = inlay_hints(
                by_position, (positions[key][1] for key in self._targets), self._text
            )
            self._index = HoverIndex(by_position, kinds, names, self._text)

    @property
    def values(self) -> dict[NodeKey, AbstractValue]:
        """The joined value of every node reached, by position."""
        return self._group()[0]

    @property
    def inlay_hints(self) -> tuple[InlayHintFact, ...]:
        self._derive()
        assert self._hints is not None
        return self._hints

    def hover_at(self, position: Position) -> HoverFact | None:
        self._derive()
        assert self._index is not None
        return self._index.hover_at(position)


class InlayHints(Sequence[InlayHintFact]):
    """The inlay hints of ``RecordedFacts``, computed when first read."""

    def __init__(self, facts: RecordedFacts) -> None:
        self._facts = facts

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
