"""LSP notebook document sync through the real server: a ``jupyter-notebook`` whose Python cells
are analysed as one module, with diagnostics, hover and inlay hints per cell."""

from __future__ import annotations

import asyncio
import itertools

from lsprotocol import types

from .conftest import WAIT_SECONDS, Editor, latest_diagnostics

_notebooks = itertools.count()
FIRST = "import numpy as np\na = np.zeros((3, 4))\n"
NOTES = "# Weights\nThe next cell multiplies."
THIRD = "%matplotlib inline\nb = np.ones((5, 6))\nc = a @ b\n"


def cell_uri(notebook: str, index: int) -> str:
    return f"vscode-notebook-cell:{notebook.removeprefix('file:')}#W{index}sZmlsZQ%3D%3D"


def open_notebook(
    editor: Editor, *more_code: str, notebook: str | None = None, first_cell: str | None = None
) -> tuple[str, list[str]]:
    """Open a three-cell notebook (code, markdown, code) followed by a Python cell for each of
    ``more_code``; its URI and its cells' URIs (``notebook`` and ``first_cell`` name the notebook
    and its first cell instead of fresh URIs)."""
    notebook = notebook or f"file:///workspace/notebook_{next(_notebooks)}.ipynb"
    cells = [cell_uri(notebook, index) for index in range(3 + len(more_code))]
    if first_cell is not None:
        cells[0] = first_cell
    sources = [FIRST, NOTES, THIRD, *more_code]
    kinds = [
        types.NotebookCellKind.Code,
        types.NotebookCellKind.Markup,
        types.NotebookCellKind.Code,
        *[types.NotebookCellKind.Code] * len(more_code),
    ]
    languages = ["python", "markdown", "python", *["python"] * len(more_code)]
    for uri, source in zip(cells, sources, strict=True):
        editor.texts.setdefault(uri, source)
        editor.versions.setdefault(uri, 1)
    editor.client.notebook_document_did_open(
        types.DidOpenNotebookDocumentParams(
            notebook_document=types.NotebookDocument(
                uri=notebook,
                notebook_type="jupyter-notebook",
                version=1,
                cells=[
                    types.NotebookCell(kind=kind, document=uri)
                    for kind, uri in zip(kinds, cells, strict=True)
                ],
            ),
            cell_text_documents=[
                types.TextDocumentItem(uri=uri, language_id=language, version=1, text=source)
                for uri, language, source in zip(cells, languages, sources, strict=True)
            ],
        )
    )
    return notebook, cells


def edit_cell(
    editor: Editor,
    notebook: str,
    version: int,
    uri: str,
    line: int,
    start: int,
    end: int,
    text: str,
) -> None:
    """Replace columns ``start``-``end`` of ``line`` in cell ``uri`` (one notebook change)."""
    lsp_range = types.Range(
        start=editor.position(uri, line, start), end=editor.position(uri, line, end)
    )
    lines = editor.texts[uri].split("\n")
    lines[line] = lines[line][:start] + text + lines[line][end:]
    editor.texts[uri] = "\n".join(lines)
    editor.versions[uri] += 1
    editor.client.notebook_document_did_change(
        types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(
                uri=notebook, version=version
            ),
            change=types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    text_content=[
                        types.NotebookDocumentCellContentChanges(
                            document=types.VersionedTextDocumentIdentifier(
                                uri=uri, version=editor.versions[uri]
                            ),
                            changes=[
                                types.TextDocumentContentChangePartial(range=lsp_range, text=text)
                            ],
                        )
                    ]
                )
            ),
        )
    )


def shape_errors(items: list[types.Diagnostic]) -> list[types.Diagnostic]:
    return [item for item in items if item.code == "shape-matmul"]


async def test_a_cell_diagnostic_relates_to_the_cell_that_made_the_shape(editor: Editor) -> None:
    _notebook, cells = open_notebook(editor)
    items = await latest_diagnostics(editor, cells[2], lambda found: bool(shape_errors(found)))
    [error] = shape_errors(items)
    assert (error.range.start.line, error.range.start.character) == (2, 4)
    related = {
        (item.location.uri, item.location.range.start.line)
        for item in error.related_information or ()
    }
    assert (cells[0], 1) in related
    assert (cells[2], 1) in related
    assert await latest_diagnostics(editor, cells[0], lambda found: True) == []


async def test_hover_and_inlay_hints_answer_in_cell_coordinates(editor: Editor) -> None:
    _notebook, cells = open_notebook(editor)
    await latest_diagnostics(editor, cells[2], lambda found: bool(shape_errors(found)))
    found = await editor.hover(cells[2], 2, 4)
    assert found is not None
    assert isinstance(found.contents, types.MarkupContent)
    assert "(3, 4)" in found.contents.value
    assert found.range is not None
    assert (found.range.start.line, found.range.start.character) == (2, 4)
    hints = await editor.client.text_document_inlay_hint_async(
        types.InlayHintParams(
            text_document=types.TextDocumentIdentifier(uri=cells[0]),
            range=types.Range(
                start=types.Position(line=0, character=0), end=types.Position(line=3, character=0)
            ),
        )
    )
    assert [(hint.position.line, hint.position.character) for hint in hints or ()] == [(1, 1)]


async def test_an_edit_in_one_cell_re_analyses_the_notebook(editor: Editor) -> None:
    notebook, cells = open_notebook(editor)
    await latest_diagnostics(editor, cells[2], lambda found: bool(shape_errors(found)))
    edit_cell(editor, notebook, 2, cells[0], 1, 17, 18, "5")
    items = await latest_diagnostics(editor, cells[2], lambda found: not shape_errors(found))
    assert shape_errors(items) == []
    edit_cell(editor, notebook, 3, cells[2], 1, 13, 14, "7")
    items = await latest_diagnostics(editor, cells[2], lambda found: bool(shape_errors(found)))
    assert "7" in shape_errors(items)[0].message


def syntax_errors(items: list[types.Diagnostic]) -> list[types.Diagnostic]:
    return [item for item in items if item.code == "syntax-error"]


async def test_a_cell_that_does_not_compile_hides_only_itself(editor: Editor) -> None:
    """Jupyter runs the cells around a cell that does not compile, which binds nothing (issue 31,
    item 2; the same notebook is run in IPython in tests/notebooks/test_cells_compiled_alone.py):
    cell 4 would rebind ``a`` but does not compile, so cell 5 multiplies cell 1's ``a``."""
    notebook, cells = open_notebook(editor, "a = np.ones((6, 5)) +\n", "e = a @ np.ones((5, 2))\n")
    items = await latest_diagnostics(editor, cells[4], lambda found: bool(shape_errors(found)))
    assert shape_errors(items)[0].range.start.line == 0
    items = await latest_diagnostics(editor, cells[3], lambda found: bool(syntax_errors(found)))
    [error] = items
    assert (error.range.start.line, error.range.start.character) == (0, 21)
    items = await latest_diagnostics(editor, cells[2], lambda found: bool(shape_errors(found)))
    assert syntax_errors(items) == []
    edit_cell(editor, notebook, 2, cells[3], 0, 19, 21, "")
    items = await latest_diagnostics(editor, cells[4], lambda found: not shape_errors(found))
    assert items == []
    assert await latest_diagnostics(editor, cells[3], lambda found: not found) == []


async def test_cells_that_compile_only_one_by_one_are_analysed(editor: Editor) -> None:
    """A top-level ``await`` and a ``__future__`` import opening a later cell run in Jupyter
    (tests/notebooks/test_cells_compiled_alone.py runs them in IPython): no syntax error, and
    the bad product of the notebook's third cell is still reported."""
    _notebook, cells = open_notebook(
        editor,
        "import asyncio\n\nawait asyncio.sleep(0)\n",
        "from __future__ import annotations\n\ne = a @ np.ones((5, 2))\n",
    )
    items = await latest_diagnostics(editor, cells[4], lambda found: bool(shape_errors(found)))
    assert [item.code for item in items] == ["shape-matmul"]
    assert shape_errors(items)[0].range.start.line == 2
    assert await latest_diagnostics(editor, cells[3], lambda found: True) == []
    items = await latest_diagnostics(editor, cells[2], lambda found: bool(shape_errors(found)))
    assert syntax_errors(items) == []


async def test_cell_diagnostics_are_pushed_to_pull_clients_too(editor: Editor) -> None:
    """vscode-languageclient 9 never pulls for notebook cells: the server pushes them."""
    _notebook, cells = open_notebook(editor)

    def pushed() -> types.PublishDiagnosticsParams | None:
        for params in editor.client.published:
            if params.uri == cells[2] and shape_errors(list(params.diagnostics)):
                return params
        return None

    async with editor.client.changed:
        await asyncio.wait_for(editor.client.changed.wait_for(pushed), WAIT_SECONDS)


async def test_closing_the_notebook_clears_its_cells(editor: Editor) -> None:
    notebook, cells = open_notebook(editor)
    await latest_diagnostics(editor, cells[2], lambda found: bool(shape_errors(found)))
    editor.client.notebook_document_did_close(
        types.DidCloseNotebookDocumentParams(
            notebook_document=types.NotebookDocumentIdentifier(uri=notebook),
            cell_text_documents=[types.TextDocumentIdentifier(uri=uri) for uri in cells],
        )
    )

    def cleared() -> bool:
        pushed = [params for params in editor.client.published if params.uri == cells[2]]
        return not pushed[-1].diagnostics

    async with editor.client.changed:
        await asyncio.wait_for(editor.client.changed.wait_for(cleared), WAIT_SECONDS)


async def test_a_change_naming_an_unknown_cell_keeps_its_other_changes(editor: Editor) -> None:
    """One ``notebookDocument/didChange`` with a text change for a cell the notebook does not
    have and one for a real cell: the real cell's change is applied (pygls' own notebook
    handling raised before tensorls saw the notification, losing both)."""
    notebook, cells = open_notebook(editor)
    await latest_diagnostics(editor, cells[2], lambda found: bool(shape_errors(found)))
    stranger = cell_uri(notebook, 99)
    lsp_range = types.Range(
        start=editor.position(cells[0], 1, 17), end=editor.position(cells[0], 1, 18)
    )
    editor.client.notebook_document_did_change(
        types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(uri=notebook, version=2),
            change=types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    text_content=[
                        types.NotebookDocumentCellContentChanges(
                            document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
                            changes=[
                                types.TextDocumentContentChangePartial(range=lsp_range, text="5")
                            ],
                        )
                        for uri in (stranger, cells[0])
                    ]
                )
            ),
        )
    )
    items = await latest_diagnostics(editor, cells[2], lambda found: not shape_errors(found))
    assert shape_errors(items) == []


async def test_a_notebook_under_an_open_text_documents_uri_is_refused(editor: Editor) -> None:
    """The text document opened first keeps its URI: a notebook opened under the same URI (an
    ``.ipynb`` also open as text) leaves its diagnostics and hovers alone."""
    uri = editor.open("import numpy as np\nz = np.zeros((2, 3)) @ np.zeros((4, 5))\n")
    items = await latest_diagnostics(editor, uri, lambda found: bool(shape_errors(found)))
    assert len(shape_errors(items)) == 1
    open_notebook(editor, notebook=uri)
    await asyncio.sleep(0.5)
    items = await latest_diagnostics(editor, uri, lambda found: True)
    assert [item.code for item in items] == ["shape-matmul"]
    found = await editor.hover(uri, 1, 0)
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    assert found.contents.value.splitlines()[1].startswith("z: ")


async def test_a_cell_under_an_open_text_documents_uri_is_refused(editor: Editor) -> None:
    """A notebook one of whose cells has the URI of an open text document is not synchronised:
    the text document's diagnostics and hovers are its own, never mixed with the cell's."""
    uri = editor.open("import numpy as np\nz = np.zeros((2, 3))\n")
    assert await latest_diagnostics(editor, uri, lambda found: True) == []
    _notebook, cells = open_notebook(editor, first_cell=uri)
    await asyncio.sleep(0.5)
    assert await latest_diagnostics(editor, uri, lambda found: True) == []
    found = await editor.hover(uri, 1, 0)
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    assert "(2, 3)" in found.contents.value
    assert await editor.hover(cells[2], 2, 4) is None


async def test_a_text_document_under_a_cells_uri_is_ignored(editor: Editor) -> None:
    """A ``textDocument/didOpen`` (and its close) naming a synchronised cell changes nothing:
    the cell keeps its diagnostics."""
    _notebook, cells = open_notebook(editor)
    await latest_diagnostics(editor, cells[2], lambda found: bool(shape_errors(found)))
    editor.client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=cells[2], language_id="python", version=1, text="x = 1\n"
            )
        )
    )
    editor.close(cells[2])
    await asyncio.sleep(0.5)
    items = await latest_diagnostics(editor, cells[2], lambda found: True)
    assert len(shape_errors(items)) == 1


async def test_a_cell_ending_in_a_backslash_is_reported_on_that_cell(editor: Editor) -> None:
    """A cell whose last line ends with a line continuation does not compile on its own (IPython
    compiles each cell alone): its error is on that cell, not on the next one."""
    _notebook, cells = open_notebook(editor, "total = 1 + \\", "e = 3\n")
    items = await latest_diagnostics(editor, cells[3], lambda found: bool(syntax_errors(found)))
    assert [item.range.start.line for item in syntax_errors(items)] == [0]
    assert await latest_diagnostics(editor, cells[4], lambda found: True) == []


async def test_an_edit_pushes_only_the_cells_whose_diagnostics_changed(editor: Editor) -> None:
    """In a notebook of 300 cells an edit that fixes one cell's error pushes that cell alone
    (every cell was pushed on every analysis before: 10,000 notifications a keystroke in a
    10,000-cell notebook)."""
    more = [f"v{index} = np.zeros(({index % 5 + 1}, 2))\n" for index in range(297)]
    notebook, cells = open_notebook(editor, *more)
    await latest_diagnostics(editor, cells[2], lambda found: bool(shape_errors(found)))
    cell_uris = set(cells)

    def cell_pushes() -> int:
        return sum(1 for params in editor.client.published if params.uri in cell_uris)

    async def all_pushed() -> None:
        while cell_pushes() < len(cells) - 1:
            await asyncio.sleep(0.05)

    await asyncio.wait_for(all_pushed(), WAIT_SECONDS)
    before = cell_pushes()
    edit_cell(editor, notebook, 2, cells[2], 1, 13, 14, "4")
    items = await latest_diagnostics(editor, cells[2], lambda found: not shape_errors(found))
    assert items == []
    await asyncio.sleep(0.5)
    assert cell_pushes() - before == 1
