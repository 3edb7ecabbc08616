"""Early diagnostics end to end: a long document's first analysis shows what it found so far
(``analyses.progress``) before its result, with the line reached in its work-done progress, and
never for a version the user has edited since."""

from __future__ import annotations

import asyncio
import sys

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig

from .conftest import (
    WAIT_SECONDS,
    SessionClient,
    assert_quiet,
    make_session_client,
    start_editor,
)
from .test_notebook_sync import open_notebook
from .test_progress import IMMEDIATE_PROGRESS
from .test_pull_diagnostics import PULLER, CancellingPuller, make_repulling_client

LINES = 3_000
EARLY_ERROR_LINE = 1
LATE_ERROR_LINE = LINES + 2
LONG_TIME_BUDGET = {"timeBudgetMs": 120_000}
"""The whole document is analysed, however loaded the machine (the budget is CPU time)."""


def long_document() -> str:
    """A 3,003-line script (about 1.5 s of analysis) failing on its second and its last line."""
    body = "".join(
        f"v{index} = np.zeros(({index % 7 + 1}, 4)).reshape(4, {index % 7 + 1}).T + {index}.0\n"
        for index in range(LINES)
    )
    return (
        "import numpy as np\n"
        "early = np.zeros((2, 3)) @ np.zeros((2, 3))\n"
        + body
        + "late = np.ones((5,)) + np.ones((6,))\n"
    )


def lines_of(diagnostics: list[types.Diagnostic]) -> list[int]:
    return sorted(diagnostic.range.start.line for diagnostic in diagnostics)


async def wait_until(condition, seconds: float = WAIT_SECONDS) -> None:  # type: ignore[no-untyped-def]
    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), seconds)


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=IMMEDIATE_PROGRESS, client_factory=make_session_client)
)
async def vscode_client(lsp_client: SessionClient):
    lsp_client.editor_name = "vscode"
    yield
    await lsp_client.shutdown_session()
    assert_quiet(lsp_client)


async def test_the_early_error_is_pushed_before_the_result(vscode_client: SessionClient) -> None:
    """VS Code's capabilities (pushed diagnostics, work-done progress): the first push of version
    1 holds the early error alone, the last one both errors; the progress reports the line
    reached between its begin and its end."""
    editor = await start_editor(vscode_client, "vscode", LONG_TIME_BUDGET)
    uri = editor.open(long_document(), name="early")

    def pushes() -> list[types.PublishDiagnosticsParams]:
        return [params for params in vscode_client.published if params.uri == uri]

    await wait_until(lambda: any(len(params.diagnostics) == 2 for params in pushes()))
    assert {params.version for params in pushes()} == {1}
    assert lines_of(list(pushes()[0].diagnostics)) == [EARLY_ERROR_LINE]
    assert lines_of(list(pushes()[-1].diagnostics)) == [EARLY_ERROR_LINE, LATE_ERROR_LINE]
    assert all(len(params.diagnostics) == 1 for params in pushes()[:-1])
    await wait_until(
        lambda: any(
            isinstance(reports[-1], types.WorkDoneProgressEnd)
            for reports in vscode_client.progress_reports.values()
        )
    )
    (reports,) = vscode_client.progress_reports.values()
    assert isinstance(reports[0], types.WorkDoneProgressBegin)
    assert isinstance(reports[-1], types.WorkDoneProgressEnd)
    middle = reports[1:-1]
    assert middle and all(isinstance(report, types.WorkDoneProgressReport) for report in middle)
    messages = [report.message or "" for report in middle]
    assert all(f"of {LINES + 3:,})" in message for message in messages), messages
    assert all(message.startswith("analysing early_") for message in messages), messages


NEVER_STALE = [
    sys.executable,
    "-c",
    "from tensorls.server.server import create_server; "
    "create_server(progress_delay_seconds=0, stale_after_seconds=3600).start_io()",
]
"""A server whose edits always stop the running analysis (no bounded staleness, which would let
the edited version's analysis finish and deliver, by design, however loaded the machine)."""


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=NEVER_STALE, client_factory=make_session_client)
)
async def never_stale_client(lsp_client: SessionClient):
    lsp_client.editor_name = "vscode"
    yield
    await lsp_client.shutdown_session()
    assert_quiet(lsp_client)


async def test_no_push_for_a_version_edited_since(never_stale_client: SessionClient) -> None:
    """An edit once the early error is shown (the error commented out): once the server has
    read the edit (a hover answered after it), nothing more is pushed for version 1, and
    version 2's result (the late error alone) arrives."""
    editor = await start_editor(never_stale_client, "vscode", LONG_TIME_BUDGET)
    uri = editor.open(long_document(), name="stale")
    published = never_stale_client.published
    await wait_until(lambda: any(params.uri == uri for params in published))
    editor.change(uri, (1, 0), (1, 0), "# ")
    await editor.hover(uri, 0, 0)
    read = len(published)
    final = await editor.pushed(uri, 2)
    assert lines_of(final) == [LATE_ERROR_LINE]
    after_edit = [params for params in published[read:] if params.uri == uri]
    assert after_edit and {params.version for params in after_edit} == {2}


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=IMMEDIATE_PROGRESS, client_factory=make_repulling_client
    )
)
async def repulling_client(lsp_client: SessionClient):
    lsp_client.editor_name = "neovim"
    yield
    await lsp_client.shutdown_session()
    assert_quiet(lsp_client)


async def test_a_pull_gets_the_early_error_then_is_asked_to_pull_again(
    repulling_client: SessionClient,
) -> None:
    """A pull client that accepts ``workspace/diagnostic/refresh`` (vscode-languageclient's loop,
    ``CancellingPuller``): its first pull is answered with the early error while the analysis
    runs; it is asked to pull again and gets both errors."""

    def refreshing(capabilities: types.ClientCapabilities) -> None:
        assert capabilities.workspace is not None
        capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(
            refresh_support=True
        )

    editor = await start_editor(repulling_client, "neovim", LONG_TIME_BUDGET, adjust=refreshing)
    uri = editor.open(long_document(), name="pulled")
    puller = CancellingPuller(repulling_client, uri)
    setattr(repulling_client, PULLER, puller)
    puller.pull()
    await wait_until(lambda: any(len(answer) == 2 for answer in puller.answers))
    assert lines_of(puller.answers[0]) == [EARLY_ERROR_LINE]
    assert lines_of(puller.answers[-1]) == [EARLY_ERROR_LINE, LATE_ERROR_LINE]
    assert repulling_client.diagnostic_refresh_count >= 1
    assert repulling_client.published == []


async def test_a_notebooks_cells_get_the_early_error_first(vscode_client: SessionClient) -> None:
    """A notebook (``notebookDocument`` sync): the early round pushes every Python cell, the
    cell of the early error with it and the last cell empty; the result then pushes the last
    cell's error."""
    editor = await start_editor(vscode_client, "vscode", LONG_TIME_BUDGET)
    source = long_document().splitlines(keepends=True)
    early_cell, body, late_cell = "".join(source[:2]), "".join(source[2:-1]), source[-1]
    _notebook, cells = open_notebook(editor, early_cell, body, late_cell)
    early_uri, late_uri = cells[-3], cells[-1]
    published = vscode_client.published

    def pushes(uri: str) -> list[types.PublishDiagnosticsParams]:
        return [params for params in published if params.uri == uri]

    await wait_until(lambda: any(params.diagnostics for params in pushes(late_uri)))
    assert lines_of(list(pushes(early_uri)[0].diagnostics)) == [EARLY_ERROR_LINE]
    assert [len(params.diagnostics) for params in pushes(late_uri)] == [0, 1]
    assert published.index(pushes(early_uri)[0]) < published.index(pushes(late_uri)[0])
