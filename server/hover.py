"""Hover: the abstract value of the expression under the cursor, from cached analyses only."""

from __future__ import annotations

from lsprotocol import types

from .documents import DocumentState
from .encoding import PositionEncoder


def preferred_markup(capabilities: types.ClientCapabilities) -> types.MarkupKind:
    """Markdown unless the client's ``hover.contentFormat`` prefers plain text or omits Markdown."""
    text_document = capabilities.text_document
    hover = text_document.hover if text_document is not None else None
    formats = hover.content_format if hover is not None else None
    if not formats:
        return types.MarkupKind.PlainText
    for markup in formats:
        if markup in (types.MarkupKind.Markdown, types.MarkupKind.PlainText):
            return types.MarkupKind(markup)
    return types.MarkupKind.PlainText


def hover(
    state: DocumentState, position: types.Position, encoding: str, markup: types.MarkupKind
) -> types.Hover | None:
    """The hover at ``position`` of the current text, or None.

    Answers from the analysis that serves facts (see ``DocumentState.fact_source``); when that
    analysis describes older text, only positions on lines the edit left untouched are answered.
    Never analyses.
    """
    analysis = state.fact_source()
    if analysis is None:
        return None
    current = PositionEncoder(state.text, encoding)
    line_map = state.line_map(analysis)
    old_position = line_map.to_old(current.from_lsp(position))
    if old_position is None:
        return None
    fact = analysis.result.hover_at(old_position)
    if fact is None:
        return None
    value = state.worded(
        analysis, fact.markdown if markup == types.MarkupKind.Markdown else fact.plaintext
    )
    span = line_map.span_to_current(fact.span)
    return types.Hover(
        contents=types.MarkupContent(kind=markup, value=value),
        range=current.range(span) if span is not None else None,
    )
