"""The server's notebook features: ``notebookDocument/didOpen|didChange|didClose`` and the
per-cell answers (pushed or pulled diagnostics, hover, inlay hints) for cells of a synchronised
notebook (state and coordinates in :mod:`tensorls.server.notebooks`).

The server announces ``notebookDocumentSync`` for ``jupyter-notebook`` notebooks' Python cells
(:data:`NOTEBOOK_SYNC`); clients then send a matching notebook's cells through these
notifications instead of ``textDocument/didOpen`` for each cell.

Cell diagnostics are pushed to every client, pull clients included, and pulls for a cell are
answered too: vscode-languageclient 9 pulls only for documents it opened with
``textDocument/didOpen`` and shows in a text tab, which notebook cells never are, so a pull client
would otherwise never see a cell's diagnostics.

A URI names one document at a time, the one opened first: a notebook whose URI or one of whose
cells' URIs is already open (as a text document, a notebook or another notebook's cell) is
refused with a warning in the log, and so is a text document opened under a notebook's or a
cell's URI (``server.did_open``); what a refused document's later notifications say is ignored.
Otherwise one document's diagnostics and hovers would be answered from the other's analysis.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from lsprotocol import types
from tensorls.analyses import Span

from .diagnostics import to_lsp_diagnostics
from .documents import Analysis
from .encoding import PositionEncoder
from .hover import hover
from .inlay_hints import inlay_hints
from .notebooks import NotebookState

if TYPE_CHECKING:
    from .server import TensorLanguageServer

logger = logging.getLogger(__name__)

NOTEBOOK_SYNC = types.NotebookDocumentSyncOptions(
    notebook_selector=[
        types.NotebookDocumentFilterWithCells(
            notebook="jupyter-notebook", cells=[types.NotebookCellLanguage(language="python")]
        )
    ]
)


def notebook_of_cell(ls: TensorLanguageServer, uri: str) -> NotebookState | None:
    """The synchronised notebook holding the cell ``uri``, if any."""
    return next(
        (notebook for notebook in ls.notebooks.values() if notebook.cell(uri) is not None), None
    )


def notebook_holding(ls: TensorLanguageServer, uri: str) -> NotebookState | None:
    """The synchronised notebook whose own URI or one of whose cells' URIs is ``uri``, if any."""
    notebook = ls.notebooks.get(uri)
    return notebook if notebook is not None else notebook_of_cell(ls, uri)


def _taken_uri(ls: TensorLanguageServer, notebook: NotebookState) -> str | None:
    """A URI of ``notebook`` (its own or a cell's) that an open document already names."""
    for uri in (notebook.uri, *(cell.uri for cell in notebook.cells)):
        if uri in ls.documents or notebook_holding(ls, uri) is not None:
            return uri
    return None


def cell_lsp_diagnostics(
    ls: TensorLanguageServer, notebook: NotebookState, analysis: Analysis
) -> dict[str, list[types.Diagnostic]]:
    """The LSP diagnostics of every Python cell, from an analysis of the notebook's module and
    the compile errors of the cells that do not compile on their own (always current: the
    module is rebuilt on every change)."""
    encoding = ls.encoding

    def locate(module: str) -> tuple[str, PositionEncoder]:
        return notebook.locate(module, encoding, ls.locate_module)

    placed = notebook.cell_diagnostics(
        [*notebook.mapping.cell_syntax_errors, *notebook.module.current_diagnostics(analysis)]
    )
    answer: dict[str, list[types.Diagnostic]] = {}
    for uri, diagnostics in placed.items():
        cell = notebook.cell(uri)
        if cell is not None:
            encoder = PositionEncoder(cell.text, encoding)
            answer[uri] = to_lsp_diagnostics(diagnostics, encoder, uri, locate)
    return answer


def publish_cells(ls: TensorLanguageServer, notebook: NotebookState, analysis: Analysis) -> None:
    """Push the diagnostics of each Python cell whose diagnostics differ from what was last
    pushed for it (empty ones clear a fixed cell), also to pull clients (see the module
    docstring): an edit in a notebook of thousands of cells sends only the cells it changed."""
    for uri, diagnostics in cell_lsp_diagnostics(ls, notebook, analysis).items():
        if notebook.published.get(uri) == diagnostics:
            continue
        notebook.published[uri] = diagnostics
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics)
        )


async def pulled_cell_diagnostics(
    ls: TensorLanguageServer, notebook: NotebookState, uri: str
) -> list[types.Diagnostic]:
    """A pull for one cell: the cell's diagnostics once the notebook's analysis settled."""
    await ls.scheduler.settled(notebook.uri)
    latest = notebook.module.latest
    if latest is None:
        return []
    return cell_lsp_diagnostics(ls, notebook, latest).get(uri, [])


def cell_hover(
    ls: TensorLanguageServer, notebook: NotebookState, uri: str, position: types.Position
) -> types.Hover | None:
    cell = notebook.cell(uri)
    point = notebook.module_position(uri, position, ls.encoding)
    if cell is None or point is None:
        return None
    module = notebook.module
    module_encoder = PositionEncoder(module.text, ls.encoding)
    found = hover(module, module_encoder.to_lsp(point), ls.encoding, ls.markup)
    if found is None or found.range is None:
        return found
    placed = notebook.cell_span(module_encoder.span(found.range))
    found.range = (
        PositionEncoder(cell.text, ls.encoding).range(placed[1])
        if placed is not None and placed[0] is cell
        else None
    )
    return found


def cell_inlay_hints(
    ls: TensorLanguageServer, notebook: NotebookState, uri: str, lsp_range: types.Range
) -> list[types.InlayHint]:
    """The notebook module's inlay hints that lie in cell ``uri`` and ``lsp_range``."""
    cell = notebook.cell(uri)
    if cell is None:
        return []
    module = notebook.module
    module_encoder = PositionEncoder(module.text, ls.encoding)
    cell_encoder = PositionEncoder(cell.text, ls.encoding)
    whole = types.Range(
        start=types.Position(line=0, character=0),
        end=types.Position(line=len(module.text.lines), character=0),
    )
    hints = []
    for hint in inlay_hints(module, whole, ls.encoding):
        point = module_encoder.from_lsp(hint.position)
        placed = notebook.cell_span(Span(point, point))
        if placed is None or placed[0] is not cell:
            continue
        hint.position = cell_encoder.to_lsp(placed[1].start)
        if _within(hint.position, lsp_range):
            hints.append(hint)
    return hints


def _within(position: types.Position, lsp_range: types.Range) -> bool:
    start, end = lsp_range.start, lsp_range.end
    point = (position.line, position.character)
    return (start.line, start.character) <= point <= (end.line, end.character)


# Notifications -------------------------------------------------------------------------------


def did_open_notebook(
    ls: TensorLanguageServer, params: types.DidOpenNotebookDocumentParams
) -> None:
    notebook = NotebookState.opened(params)
    previous = ls.notebooks.pop(notebook.uri, None)
    if previous is not None:
        logger.warning("%s was opened again without being closed; replacing it", notebook.uri)
        ls.scheduler.forget(previous.uri)
    taken = _taken_uri(ls, notebook)
    if taken is not None:
        if previous is not None:
            did_close_cells(ls, previous)
        logger.warning(
            "notebook %s is not synchronised: %s is already open as another document",
            notebook.uri,
            taken,
        )
        return
    ls.notebooks[notebook.uri] = notebook
    ls.analyse_later(notebook.module, delay_ms=0)


def did_change_notebook(
    ls: TensorLanguageServer, params: types.DidChangeNotebookDocumentParams
) -> None:
    notebook = ls.notebooks.get(params.notebook_document.uri)
    if notebook is None:
        return
    before = {cell.uri for cell in notebook.python_cells()}
    notebook.change(params, ls.encoding)
    ls.analyse_later(notebook.module, delay_ms=ls.settings.debounce_ms)
    for uri in before - {cell.uri for cell in notebook.python_cells()}:
        notebook.published.pop(uri, None)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )


def did_close_notebook(
    ls: TensorLanguageServer, params: types.DidCloseNotebookDocumentParams
) -> None:
    notebook = ls.notebooks.pop(params.notebook_document.uri, None)
    if notebook is None:
        return
    did_close_cells(ls, notebook)


def did_close_cells(ls: TensorLanguageServer, notebook: NotebookState) -> None:
    """Forget ``notebook``'s analysis and clear its cells' diagnostics."""
    ls.scheduler.forget(notebook.uri)
    for cell in notebook.python_cells():
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=cell.uri, diagnostics=[])
        )
