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

    The index by line is built on the first query; strings are rendered only for the node asked
    about.
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
        self._by_line: dict[int, list[tuple[Span, NodeKey]]] | None = None

    def _index(self) -> dict[int, list[tuple[Span, NodeKey]]]:
        if self._by_line is None:
            by_line: dict[int, list[tuple[Span, NodeKey]]] = {}
            for key, kind in self._kinds.items():
                if kind not in HOVER_KINDS or key not in self._values:
                    continue
                span = self._span(key)
                for line in range(span.start.line, min(span.end.line, span.start.line + 20) + 1):
                    by_line.setdefault(line, []).append((span, key))
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
        for span, key in self._index().get(position.line, ()):
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
