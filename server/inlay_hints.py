"""Inlay hints (kind Type): inferred shapes after assignment targets, from cached analyses."""

from __future__ import annotations

from lsprotocol import types

from .documents import DocumentState
from .encoding import PositionEncoder


def inlay_hints(
    state: DocumentState, requested: types.Range, encoding: str
) -> list[types.InlayHint]:
    """The hints inside ``requested`` of the current text (see ``hover`` for stale analyses),
    made for the analysed text's lines that map into it only (all of them when an end of the
    range lies in an edited region of a stale analysis: the map then says nothing of it).

    The tooltip is cheap (computed by the analysis), so hints are sent complete and need no
    ``inlayHint/resolve``.
    """
    analysis = state.fact_source()
    if analysis is None:
        return []
    current = PositionEncoder(state.text, encoding)
    window = current.span(requested)
    line_map = state.line_map(analysis)
    first = line_map.to_old(window.start)
    last = line_map.to_old(window.end)
    candidates = analysis.result.inlay_hints_between(
        0 if first is None else first.line,
        len(analysis.text.lines) if last is None else last.line,
    )
    hints: list[types.InlayHint] = []
    for fact in candidates:
        position = line_map.to_current(fact.position)
        if position is None or not window.contains(position):
            continue
        hints.append(
            types.InlayHint(
                position=current.to_lsp(position),
                label=fact.label,
                kind=types.InlayHintKind.Type,
                tooltip=fact.tooltip,
            )
        )
    return hints
