"""Notebook documents (LSP ``notebookDocument/*`` sync of ``jupyter-notebook`` Python cells).

A synchronised notebook is analysed as one module: its Python code cells joined in notebook order
(``tensorls.analyses.notebooks.module_of_cells``, IPython syntax handled as for ``.ipynb`` files),
kept as a ``DocumentState`` under the notebook's URI so that scheduling, incremental analysis,
staleness and line maps work as for a text document. An edit in any cell rebuilds the module and
schedules its analysis (incremental: unchanged cells' statements are not re-parsed, and calls
whose inputs did not change are replayed). Facts are mapped back to cells: diagnostics are
published (or pulled) per cell URI, hover and inlay hints answer in the cell's coordinates.

Cells are numbered from 1 among all the notebook's cells (markdown included), as the CLI does.
Cells of another language and markup cells contribute no module line. A cell that does not compile
on its own binds nothing (blank module lines) and its compile error is published on it with the
module's diagnostics (``NotebookModule.cell_syntax_errors``).
"""

from __future__ import annotations

import dataclasses

import attrs
from lsprotocol import types
from tensorls.analyses import Diagnostic, Position, Span
from tensorls.analyses.notebooks import (
    CodeCell,
    ConvertedCell,
    NotebookModule,
    module_of_cells,
)
from tensorls.analyses.text import SourceText

from .diagnostics import ModuleLocator
from .documents import DocumentState
from .encoding import PositionEncoder
from .text_sync import apply_changes

PYTHON = "python"


@attrs.define
class CellState:
    """One cell of a synchronised notebook: its text document (if it has one) and kind."""

    uri: str
    kind: types.NotebookCellKind
    language: str | None = None
    text: SourceText = attrs.field(factory=lambda: SourceText(""))
    execution_order: int | None = None

    @property
    def is_python_code(self) -> bool:
        return self.kind == types.NotebookCellKind.Code and self.language == PYTHON


def _cell(cell: types.NotebookCell, documents: dict[str, types.TextDocumentItem]) -> CellState:
    item = documents.get(cell.document)
    summary = cell.execution_summary
    return CellState(
        cell.document,
        types.NotebookCellKind(cell.kind),
        item.language_id if item is not None else None,
        SourceText(item.text if item is not None else ""),
        summary.execution_order if summary is not None else None,
    )


@attrs.define
class NotebookState:
    """A synchronised notebook: its cells, and its module as a document under its own URI."""

    uri: str
    version: int
    cells: list[CellState]
    converted: dict[str, ConvertedCell] = attrs.field(factory=dict)
    published: dict[str, list[types.Diagnostic]] = attrs.field(factory=dict)
    """The LSP diagnostics last pushed for each cell URI (see ``notebook_sync.publish_cells``)."""
    module: DocumentState = attrs.field(init=False)
    mapping: NotebookModule = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self.mapping = self._joined()
        self.module = DocumentState(self.uri, self.version, SourceText(self.mapping.source))

    @staticmethod
    def opened(params: types.DidOpenNotebookDocumentParams) -> NotebookState:
        documents = {item.uri: item for item in params.cell_text_documents}
        notebook = params.notebook_document
        return NotebookState(
            notebook.uri, notebook.version, [_cell(cell, documents) for cell in notebook.cells]
        )

    def _joined(self) -> NotebookModule:
        """The module of the Python cells; each cell source is converted and compiled once (see
        ``module_of_cells``), and conversions of sources no cell has any more are dropped."""
        code = [
            CodeCell(number, cell.text.text, cell.execution_order)
            for number, cell in enumerate(self.cells, start=1)
            if cell.is_python_code
        ]
        module = module_of_cells(code, self.converted)
        current = {cell.source for cell in code}
        for source in [source for source in self.converted if source not in current]:
            del self.converted[source]
        return module

    def change(self, params: types.DidChangeNotebookDocumentParams, encoding: str) -> None:
        """Apply a ``notebookDocument/didChange`` (structure, execution summaries, cell text)."""
        cells = params.change.cells
        if cells is not None:
            if cells.structure is not None:
                self._restructure(cells.structure)
            for data in cells.data or ():
                self._update_data(data)
            for content in cells.text_content or ():
                cell = self.cell(content.document.uri)
                if cell is not None:
                    cell.text = apply_changes(cell.text, content.changes, encoding)
        self.version = params.notebook_document.version
        self.mapping = self._joined()
        self.module.update_text(self.version, SourceText(self.mapping.source))

    def _restructure(self, structure: types.NotebookDocumentCellChangeStructure) -> None:
        documents = {item.uri: item for item in structure.did_open or ()}
        array = structure.array
        inserted = [_cell(cell, documents) for cell in array.cells or ()]
        self.cells[array.start : array.start + array.delete_count] = inserted
        for item in structure.did_open or ():
            cell = self.cell(item.uri)
            if cell is not None:
                cell.language, cell.text = item.language_id, SourceText(item.text)

    def _update_data(self, data: types.NotebookCell) -> None:
        cell = self.cell(data.document)
        if cell is not None:
            cell.kind = types.NotebookCellKind(data.kind)
            summary = data.execution_summary
            cell.execution_order = summary.execution_order if summary is not None else None

    def cell(self, uri: str) -> CellState | None:
        return next((cell for cell in self.cells if cell.uri == uri), None)

    def cell_number(self, uri: str) -> int | None:
        return next(
            (number for number, cell in enumerate(self.cells, start=1) if cell.uri == uri), None
        )

    def python_cells(self) -> list[CellState]:
        return [cell for cell in self.cells if cell.is_python_code]

    # Coordinates ---------------------------------------------------------------------------

    def cell_span(self, span: Span) -> tuple[CellState, Span] | None:
        """The cell a module span starts in and the span in that cell (cut at the end of its
        first line when it runs into another cell)."""
        start = self.mapping.location_of(span.start.line)
        end = self.mapping.location_of(span.end.line)
        if start is None or end is None or not 0 < start.cell <= len(self.cells):
            return None
        cell = self.cells[start.cell - 1]
        first = Position(start.line, start.cell_character(span.start.character))
        if end.cell == start.cell:
            last = Position(end.line, end.cell_character(span.end.character))
        else:
            last = Position(start.line, len(cell.text.line(start.line)))
        return cell, Span(first, last)

    def module_position(self, uri: str, position: types.Position, encoding: str) -> Position | None:
        """The module position of a client position in cell ``uri``."""
        number, cell = self.cell_number(uri), self.cell(uri)
        if number is None or cell is None:
            return None
        point = PositionEncoder(cell.text, encoding).from_lsp(position)
        line = self.mapping.module_line(number, point.line)
        if line is None:
            return None
        dropped = self.mapping.line_origins[line].dropped_characters
        return Position(line, max(0, point.character - dropped))

    def cell_diagnostics(self, diagnostics: list[Diagnostic]) -> dict[str, list[Diagnostic]]:
        """The module's diagnostics by cell URI, in cell coordinates (every Python cell has an
        entry, empty when clean). A related location in the notebook gets the URI of its cell
        as its ``module`` (see :meth:`locate`); one in another module keeps its path."""
        by_cell: dict[str, list[Diagnostic]] = {cell.uri: [] for cell in self.python_cells()}
        for diagnostic in diagnostics:
            placed = self.cell_span(diagnostic.span)
            if placed is None:
                continue
            cell, span = placed
            related = []
            for item in diagnostic.related:
                located = self.cell_span(item.span) if item.module is None else None
                if located is not None:
                    item = dataclasses.replace(item, span=located[1], module=located[0].uri)
                related.append(
                    dataclasses.replace(item, message=self.mapping.with_cell_lines(item.message))
                )
            by_cell.setdefault(cell.uri, []).append(
                dataclasses.replace(
                    diagnostic,
                    span=span,
                    message=self.mapping.with_cell_lines(diagnostic.message),
                    related=tuple(related),
                )
            )
        return by_cell

    def locate(
        self, module: str, encoding: str, elsewhere: ModuleLocator
    ) -> tuple[str, PositionEncoder]:
        """The URI and encoder of a related location's ``module``: a cell of this notebook, or
        another module of the workspace (``elsewhere``)."""
        cell = self.cell(module)
        if cell is not None:
            return cell.uri, PositionEncoder(cell.text, encoding)
        return elsewhere(module)
