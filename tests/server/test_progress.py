"""Work-done progress, with a server whose progress delay is zero (so every analysis reports)."""

from __future__ import annotations

import asyncio
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig

from .conftest import (
    SessionClient,
    assert_quiet,
    make_session_client,
    register_client_features,
    start_editor,
)

IMMEDIATE_PROGRESS = [
    sys.executable,
    "-c",
    "from tensorls.server.server import create_server; "
    "create_server(progress_delay_seconds=0).start_io()",
]


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=IMMEDIATE_PROGRESS, client_factory=make_session_client)
)
async def vscode_client(lsp_client: SessionClient):
    lsp_client.editor_name = "vscode"
    yield
    await lsp_client.shutdown_session()
    assert_quiet(lsp_client)


async def test_analysis_reports_begin_then_end(vscode_client: SessionClient) -> None:
    editor = await start_editor(vscode_client, "vscode")
    uri = editor.open("import numpy as np\nx = np.zeros((2, 2))\n", name="progress")
    await editor.diagnostics(uri)
    for _ in range(600):
        if any(len(reports) == 2 for reports in vscode_client.progress_reports.values()):
            break
        await asyncio.sleep(0.1)
    (reports,) = vscode_client.progress_reports.values()
    assert [type(report) for report in reports] == [
        types.WorkDoneProgressBegin,
        types.WorkDoneProgressEnd,
    ]
    begin = reports[0]
    assert isinstance(begin, types.WorkDoneProgressBegin)
    assert begin.title == "tensorls"
    assert begin.message is not None and "progress_" in begin.message


RELEASE = "release_progress"


async def never_answer(client: SessionClient, params: types.WorkDoneProgressCreateParams) -> None:
    """Leaves ``window/workDoneProgress/create`` unanswered until the session ends."""
    await getattr(client, RELEASE).wait()


def make_unresponsive_progress_client() -> SessionClient:
    client = SessionClient()
    setattr(client, RELEASE, asyncio.Event())
    register_client_features(client, {types.WINDOW_WORK_DONE_PROGRESS_CREATE: never_answer})
    return client


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=IMMEDIATE_PROGRESS, client_factory=make_unresponsive_progress_client
    ),
    params=["vscode", "neovim"],
)
async def unresponsive_client(request: pytest.FixtureRequest, lsp_client: SessionClient):
    lsp_client.editor_name = request.param
    yield
    getattr(lsp_client, RELEASE).set()
    await lsp_client.shutdown_session()
    assert_quiet(lsp_client)


async def test_diagnostics_never_wait_for_progress(unresponsive_client: SessionClient) -> None:
    """The create request stays unanswered; results of every version still arrive."""
    editor = await start_editor(unresponsive_client, unresponsive_client.editor_name)
    uri = editor.open("x = (\n", name="progress")
    assert [item.code for item in await editor.diagnostics(uri)] == ["syntax-error"]
    editor.change(uri, (0, 5), (0, 5), ")")
    assert await editor.diagnostics(uri) == []
    assert unresponsive_client.progress_reports == {}
