"""Per-document state: the current text and the analyses that describe it.

The server keeps its own copy of each document's text (see
:mod:`~tensorls.server.text_sync`); each document here holds it with its version, the latest
analysis (possibly of an older version, see the scheduler's bounded staleness) and
the latest analysis that parsed (which keeps serving hover and inlay hints while the text has a
syntax error). Analyses of older text are used only where the text did not change: a
:class:`LineMap` maps the untouched lines before and after the edited region, and anything inside
it has no facts until the next analysis lands.
"""

from __future__ import annotations

import dataclasses

import attrs
from tensorls.analyses import AnalysisResult, Diagnostic, Position, Span
from tensorls.analyses.text import SourceText

from .joined_notebooks import CellWording


@attrs.frozen
class Analysis:
    """One analysis result together with the exact text and version it describes."""

    version: int
    text: SourceText
    result: AnalysisResult


class LineMap:
    """Maps lines between an analysed text and the current text through unchanged lines.

    Lines in the longest common prefix and suffix (compared as whole lines) correspond one to
    one; lines in between have no counterpart. Exact, never guesses, linear in the line count.
    """

    __slots__ = ("_current_count", "_old_count", "_prefix", "_suffix")

    def __init__(self, old: SourceText, current: SourceText) -> None:
        old_lines, current_lines = old.lines, current.lines
        limit = min(len(old_lines), len(current_lines))
        prefix = 0
        while prefix < limit and old_lines[prefix] == current_lines[prefix]:
            prefix += 1
        suffix = 0
        while (
            suffix < limit - prefix
            and old_lines[len(old_lines) - 1 - suffix]
            == current_lines[len(current_lines) - 1 - suffix]
        ):
            suffix += 1
        self._prefix = prefix
        self._suffix = suffix
        self._old_count = len(old_lines)
        self._current_count = len(current_lines)

    @staticmethod
    def _map(line: int, prefix: int, suffix: int, from_count: int, to_count: int) -> int | None:
        if line < prefix:
            return line
        if from_count - suffix <= line < from_count:
            return line - from_count + to_count
        return None

    def to_old(self, position: Position) -> Position | None:
        """The analysed-text position of a current-text position, or None inside the edit."""
        line = self._map(
            position.line, self._prefix, self._suffix, self._current_count, self._old_count
        )
        return None if line is None else Position(line, position.character)

    def to_current(self, position: Position) -> Position | None:
        """The current-text position of an analysed-text position, or None inside the edit."""
        line = self._map(
            position.line, self._prefix, self._suffix, self._old_count, self._current_count
        )
        return None if line is None else Position(line, position.character)

    def span_to_current(self, span: Span) -> Span | None:
        """The current-text span of an analysed-text span, or None if either end moved away."""
        start, end = self.to_current(span.start), self.to_current(span.end)
        if start is None or end is None:
            return None
        return Span(start, end)


def _moved(line_map: LineMap, span: Span) -> Span | None:
    """``span`` in the current text if all its lines are untouched (both ends moved alike)."""
    moved = line_map.span_to_current(span)
    if moved is None or moved.start.line - span.start.line != moved.end.line - span.end.line:
        return None
    return moved


@attrs.define
class DocumentState:
    """Everything the server keeps about one open document (evicted on didClose)."""

    uri: str
    version: int
    text: SourceText
    latest: Analysis | None = None
    last_parsed: Analysis | None = None
    cell_wording: CellWording | None = None
    """For a notebook sent as one joined text document: its messages in cell terms."""
    early: Analysis | None = None
    """While the document's first analysis runs: the diagnostics it already found (certain to be
    in its result, ``analyses.progress``), as an analysis of that version with nothing else."""
    _line_maps: dict[int, LineMap] = attrs.field(factory=dict)

    def update_text(self, version: int, text: SourceText) -> None:
        """Record a new version of the text; earlier analyses stay until replaced."""
        self.version = version
        self.text = text
        self.early = None
        self._line_maps.clear()

    def record(self, analysis: Analysis) -> None:
        """Store an analysis of the current version (it replaces the early diagnostics)."""
        self.latest = analysis
        self.early = None
        if analysis.result.syntax_ok:
            self.last_parsed = analysis

    def current_analysis(self) -> Analysis | None:
        """The latest analysis if it describes the current version, else None."""
        if self.latest is not None and self.latest.version == self.version:
            return self.latest
        return None

    def fact_source(self) -> Analysis | None:
        """The analysis whose facts (hover, inlay hints) serve the current text.

        The latest one if it parsed, otherwise the last one that did; possibly of an older
        version, so callers map positions through :meth:`line_map`.
        """
        if self.latest is not None and self.latest.result.syntax_ok:
            return self.latest
        return self.last_parsed

    def current_diagnostics(self, analysis: Analysis) -> list[Diagnostic]:
        """``analysis``'s diagnostics placed in the current text.

        All of them when it describes the current version; for an older version, those whose
        span lies in lines untouched since (moved by :meth:`line_map`), their related
        information likewise; anything in edited lines is left out, never guessed.
        """
        if analysis.version == self.version:
            return list(analysis.result.diagnostics)
        line_map = self.line_map(analysis)
        moved: list[Diagnostic] = []
        for diagnostic in analysis.result.diagnostics:
            span = _moved(line_map, diagnostic.span)
            if span is None:
                continue
            related = []
            for item in diagnostic.related:
                if item.module is not None:
                    related.append(item)
                    continue
                item_span = _moved(line_map, item.span)
                if item_span is not None:
                    related.append(dataclasses.replace(item, span=item_span))
            moved.append(dataclasses.replace(diagnostic, span=span, related=tuple(related)))
        return moved

    def worded(self, analysis: Analysis, text: str) -> str:
        """``text`` (a hover of ``analysis``) with its line numbers in cell terms when this is a
        notebook sent as one joined document that splits into its saved cells."""
        if self.cell_wording is None:
            return text
        return self.cell_wording.message(analysis.version, analysis.text.text, text)

    def worded_diagnostics(
        self, analysis: Analysis, diagnostics: list[Diagnostic]
    ) -> list[Diagnostic]:
        """``diagnostics`` of ``analysis`` with their messages worded as by :meth:`worded`."""
        if self.cell_wording is None:
            return diagnostics
        return self.cell_wording.diagnostics(analysis.version, analysis.text.text, diagnostics)

    def line_map(self, analysis: Analysis) -> LineMap:
        """The line map from ``analysis``'s text to the current text (cached per version)."""
        line_map = self._line_maps.get(analysis.version)
        if line_map is None:
            line_map = LineMap(analysis.text, self.text)
            self._line_maps[analysis.version] = line_map
        return line_map
