"""Hover and inlay-hint facts rendered lazily from the values recorded during interpretation."""

from __future__ import annotations

import ast
from collections.abc import Mapping

from ..domains.base import AbstractValue
from ..facts import HoverFact, InlayHintFact, Position, Span
from ..text import SourceText

NodeKey = tuple[int, int, int, int]
HOVER_KINDS = frozenset({"Name", "Attribute", "Call", "Subscript"})
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
        where = f"established at line {origin.start.line + 1}" if origin is not None else None
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
    values: Mapping[NodeKey, AbstractValue], targets: Mapping[NodeKey, ast.AST], text: SourceText
) -> tuple[InlayHintFact, ...]:
    """A hint after each assignment target whose value has an inlay label (arrays, tensors)."""
    hints: list[InlayHintFact] = []
    for key in sorted(targets):
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
