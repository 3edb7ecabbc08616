"""A notebook sent as one joined Python text document (jupyterlab-lsp 5.3.0, which has no notebook
document sync): line numbers in hover and message text are written in the saved notebook's cell
terms when the document splits into its cells with certainty, and left as they are otherwise.

The joining rule (each cell's lines, two blank lines between cells, one line break at the end;
line magics rewritten line for line) is that of ``VirtualDocument.appendCodeBlock`` and ``value``
in ``@jupyterlab/lsp`` 4.4 and of jupyterlab-lsp 5.3.0's ``src/virtual/document.ts`` and
``src/transclusions/ipython/overrides.ts`` (read from the installed labextension's source maps).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.uris import from_fs_path

from server.joined_notebooks import CellWording, joined_cell_origins

from .conftest import Editor

FIRST = "import numpy as np\na = np.zeros((3, 4))\n"
SECOND = "b = np.zeros((5, 6))\nc = a @ b\n"
NOTES = "# Weights\nThe next cell multiplies."


def notebook_json(*cells: tuple[str, str]) -> str:
    return json.dumps(
        {
            "nbformat": 4,
            "nbformat_minor": 5,
            "metadata": {"language_info": {"name": "python"}},
            "cells": [
                {"cell_type": kind, "metadata": {}, "source": source}
                | ({"execution_count": None, "outputs": []} if kind == "code" else {})
                for kind, source in cells
            ],
        }
    )


def joined(*sources: str) -> str:
    """The text jupyterlab-lsp sends for cells ``sources`` (``lineBlocks`` joined)."""
    return "\n\n".join(source + "\n" for source in sources)


def worded(document: str, notebook: str, line: int) -> str:
    origins = joined_cell_origins(document, notebook)
    return f"at line {line}" if origins is None else origins.with_cell_lines(f"at line {line}")


def test_the_saved_cells_name_every_line() -> None:
    notebook = notebook_json(("code", FIRST), ("code", SECOND))
    document = joined(FIRST, SECOND)
    assert worded(document, notebook, 2) == "at cell 1, line 2"
    assert worded(document, notebook, 6) == "at cell 2, line 1"
    assert worded(document, notebook, 7) == "at cell 2, line 2"
    assert worded(document, notebook, 4) == "at line 4"


@pytest.mark.parametrize("with_notes", [False, True], ids=["markdown-dropped", "markdown-kept"])
def test_cells_are_numbered_among_all_cells_whether_markdown_is_joined_or_not(
    with_notes: bool,
) -> None:
    notebook = notebook_json(("code", FIRST), ("markdown", NOTES), ("code", SECOND))
    document = joined(FIRST, NOTES, SECOND) if with_notes else joined(FIRST, SECOND)
    line = 10 if with_notes else 6
    assert worded(document, notebook, line) == "at cell 3, line 1"


def test_a_line_magic_may_stand_as_its_rewrite() -> None:
    cell = "%matplotlib inline\n" + SECOND
    notebook = notebook_json(("code", FIRST), ("code", cell), ("code", "d = c.T\n"))
    rewritten = 'get_ipython().run_line_magic("matplotlib", " inline")\n' + SECOND
    document = joined(FIRST, rewritten, "d = c.T\n")
    assert worded(document, notebook, 8) == "at cell 2, line 3"
    assert worded(document, notebook, 12) == "at cell 3, line 1"


def test_one_cell_edited_since_the_save_is_counted_from_its_top() -> None:
    notebook = notebook_json(("code", FIRST), ("code", SECOND), ("code", "d = c.T\n"))
    edited = "b = np.zeros((5, 6))\nb = b.T\nc = a @ b\n"
    document = joined(FIRST, edited, "d = c.T\n")
    assert worded(document, notebook, 8) == "at cell 2, line 3"
    assert worded(document, notebook, 12) == "at cell 3, line 1"


@pytest.mark.parametrize(
    "document",
    [
        joined(FIRST, SECOND, "x = 1\n"),
        joined(FIRST, "x = 1", SECOND),
        joined(FIRST, "x = 1\n", "y = 2\n"),
        joined(SECOND),
        joined(FIRST, "b = 1\n\n\nc = 2\n"),
        FIRST + SECOND,
    ],
    ids=["cell-added", "cell-inserted", "two-cells-edited", "cell-deleted", "blank-pair", "plain"],
)
def test_a_document_that_does_not_split_for_certain_keeps_its_lines(document: str) -> None:
    notebook = notebook_json(("code", FIRST), ("code", SECOND))
    assert joined_cell_origins(document, notebook) is None


def test_a_file_that_is_not_a_notebook_gives_no_wording(tmp_path: Path) -> None:
    path = tmp_path / "broken.ipynb"
    path.write_text("{not json")
    assert CellWording(path).message(1, joined(FIRST), "at line 1") == "at line 1"
    assert CellWording(tmp_path / "missing.ipynb").message(1, "x\n", "at line 1") == "at line 1"


def test_the_saved_notebook_is_read_again_when_it_changes(tmp_path: Path) -> None:
    path = tmp_path / "saved.ipynb"
    path.write_text(notebook_json(("code", FIRST + "z = 1\n\n\n"), ("code", SECOND)))
    wording = CellWording(path)
    document = joined(FIRST, "x = 1\n", SECOND)
    assert wording.message(1, document, "at line 10") == "at line 10"
    path.write_text(notebook_json(("code", FIRST), ("code", "x = 1\n"), ("code", SECOND)))
    assert wording.message(2, document, "at line 10") == "at cell 3, line 1"


async def test_hover_of_a_joined_notebook_names_the_cell(editor: Editor, tmp_path: Path) -> None:
    """What jupyterlab-lsp sends: the joined cells under the notebook file's own URI."""
    path = tmp_path / "shapes.ipynb"
    path.write_text(notebook_json(("code", FIRST), ("markdown", NOTES), ("code", SECOND)))
    uri = from_fs_path(str(path))
    assert uri is not None
    text = joined(FIRST, SECOND)
    editor.texts[uri], editor.versions[uri] = text, 1
    editor.client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=1, text=text
            )
        )
    )
    items = await editor.diagnostics(uri)
    assert [item.code for item in items] == ["shape-matmul"]
    found = await editor.hover(uri, 5, 1)
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    assert "Established at cell 3, line 1" in found.contents.value
    assert "line 6" not in found.contents.value
