"""Multi-module analysis through the real server: a script importing the project's own modules
(open editor buffers, unsaved, or files on disk) and re-analysed when one of them is edited."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path

from lsprotocol import types

from .conftest import WAIT_SECONDS, Editor, SessionClient, latest_diagnostics, start_editor

MODEL = """import numpy as np


def init_weights():
    return np.zeros((128, 10))
"""
TRAIN = """import numpy as np
from model import init_weights

x = np.ones((32, 784))
w = init_weights()
y = x @ w
"""
_projects = itertools.count()


def open_at(editor: Editor, uri: str, text: str) -> None:
    """Open ``text`` under exactly ``uri`` (the harness's ``open`` names files itself)."""
    editor.versions[uri] = 1
    editor.texts[uri] = text
    editor.client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=1, text=text
            )
        )
    )


def project_uris(folder: str = "file:///workspace") -> tuple[str, str]:
    number = next(_projects)
    return f"{folder}/project_{number}/model.py", f"{folder}/project_{number}/train.py"


def shape_errors(items: list[types.Diagnostic]) -> list[types.Diagnostic]:
    return [item for item in items if item.code == "shape-matmul"]


async def test_a_shape_error_from_an_unsaved_imported_buffer(editor: Editor) -> None:
    """The imported module exists only as an open buffer: its shape reaches the importer, whose
    diagnostic relates to the line of the other module where it was established."""
    model_uri, train_uri = project_uris()
    open_at(editor, model_uri, MODEL)
    open_at(editor, train_uri, TRAIN)
    items = await latest_diagnostics(editor, train_uri, lambda found: bool(shape_errors(found)))
    [error] = shape_errors(items)
    assert error.range.start.line == 5
    assert error.severity == types.DiagnosticSeverity.Error
    related = {
        (item.location.uri, item.location.range.start.line)
        for item in error.related_information or ()
    }
    assert (model_uri, 4) in related
    assert (train_uri, 3) in related


async def test_editing_the_imported_module_republishes_the_importer(editor: Editor) -> None:
    model_uri, train_uri = project_uris()
    open_at(editor, model_uri, MODEL)
    open_at(editor, train_uri, TRAIN)
    await latest_diagnostics(editor, train_uri, lambda found: bool(shape_errors(found)))
    editor.change(model_uri, (4, 21), (4, 24), "784")
    items = await latest_diagnostics(editor, train_uri, lambda found: not shape_errors(found))
    assert shape_errors(items) == []
    editor.change(model_uri, (4, 21), (4, 24), "100")
    items = await latest_diagnostics(editor, train_uri, lambda found: bool(shape_errors(found)))
    assert "100" in shape_errors(items)[0].message


async def test_a_transitive_import_is_followed_and_re_analysed(editor: Editor) -> None:
    """train imports model, which takes its sizes from config: an edit of config reaches train."""
    model_uri, train_uri = project_uris()
    config_uri = model_uri.replace("model.py", "config.py")
    open_at(editor, config_uri, "HIDDEN = 128\n")
    open_at(
        editor, model_uri, MODEL.replace("(128, 10)", "(config.HIDDEN, 10)") + "import config\n"
    )
    open_at(editor, train_uri, TRAIN)
    await latest_diagnostics(editor, train_uri, lambda found: bool(shape_errors(found)))
    editor.change(config_uri, (0, 9), (0, 12), "784")
    items = await latest_diagnostics(editor, train_uri, lambda found: not shape_errors(found))
    assert shape_errors(items) == []


async def test_modules_on_disk_and_extra_paths(bare_client: SessionClient, tmp_path: Path) -> None:
    """A module saved on disk is read from there; ``extraPaths`` adds a folder to search."""
    library = tmp_path / "library"
    library.mkdir()
    (library / "sizes.py").write_text("HIDDEN = 128\n")
    project = tmp_path / "project"
    project.mkdir()
    (project / "model.py").write_text(
        MODEL.replace("(128, 10)", "(HIDDEN, 10)") + "from sizes import HIDDEN\n"
    )
    editor = await start_editor(
        bare_client, bare_client.editor_name, {"extraPaths": [str(library)]}
    )
    train_uri = (project / "train.py").as_uri()
    open_at(editor, train_uri, TRAIN)
    items = await latest_diagnostics(editor, train_uri, lambda found: bool(shape_errors(found)))
    [error] = shape_errors(items)
    model_locations = [
        item.location.uri
        for item in error.related_information or ()
        if item.location.uri.endswith("model.py")
    ]
    assert model_locations == [(project / "model.py").as_uri()]


async def test_pull_clients_are_asked_to_pull_again_after_an_imported_module_changed(
    neovim_client: SessionClient,
) -> None:
    def refreshing(capabilities: types.ClientCapabilities) -> None:
        assert capabilities.workspace is not None
        capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(
            refresh_support=True
        )

    neovim = await start_editor(neovim_client, "neovim", adjust=refreshing)
    model_uri, train_uri = project_uris()
    open_at(neovim, model_uri, MODEL)
    open_at(neovim, train_uri, TRAIN)
    await latest_diagnostics(neovim, train_uri, lambda found: bool(shape_errors(found)))
    before = neovim_client.diagnostic_refresh_count
    neovim.change(model_uri, (4, 21), (4, 24), "784")

    async def refreshed() -> None:
        while neovim_client.diagnostic_refresh_count == before:
            await asyncio.sleep(0.02)

    await asyncio.wait_for(refreshed(), WAIT_SECONDS)
    items = await neovim.diagnostics(train_uri)
    assert shape_errors(items) == []
