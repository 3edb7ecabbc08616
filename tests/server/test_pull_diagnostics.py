"""Pulled diagnostics (Neovim 0.11 declares textDocument.diagnostic): result ids and reports."""

from __future__ import annotations

import asyncio
import uuid

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig

from .conftest import (
    SERVE,
    Editor,
    SessionClient,
    assert_quiet,
    register_client_features,
    start_editor,
)


@pytest.fixture
async def neovim(neovim_client: SessionClient) -> Editor:
    """Neovim 0.11 is the capability set that pulls diagnostics."""
    return await start_editor(neovim_client, "neovim")


async def test_unchanged_report_when_the_diagnostics_did_not_change(neovim: Editor) -> None:
    uri = neovim.open("x = 1\ndef f(:\n")
    first = await neovim.pull(uri)
    assert isinstance(first, types.RelatedFullDocumentDiagnosticReport)
    assert [item.code for item in first.items] == ["syntax-error"]
    assert first.result_id
    neovim.change(uri, (0, 5), (0, 5), "  # a comment")
    second = await neovim.pull(uri, previous_result_id=first.result_id)
    assert isinstance(second, types.RelatedUnchangedDocumentDiagnosticReport)
    assert second.result_id == first.result_id


async def test_full_report_when_the_diagnostics_changed(neovim: Editor) -> None:
    uri = neovim.open("x = 1\ndef f(:\n")
    first = await neovim.pull(uri)
    assert isinstance(first, types.RelatedFullDocumentDiagnosticReport)
    neovim.change(uri, (0, 0), (0, 0), "\n")
    second = await neovim.pull(uri, previous_result_id=first.result_id)
    assert isinstance(second, types.RelatedFullDocumentDiagnosticReport)
    assert second.result_id != first.result_id
    assert [item.range.start.line for item in second.items] == [2]


async def test_pull_clients_are_not_pushed_to(neovim: Editor) -> None:
    uri = neovim.open("def f(:\n")
    report = await neovim.pull(uri)
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert len(report.items) == 1
    assert [params for params in neovim.client.published if params.uri == uri] == []


async def test_cancelled_pull_is_answered_with_request_cancelled(
    neovim_client: SessionClient,
) -> None:
    """A pull waiting for a long debounce is cancelled by ``$/cancelRequest``."""
    neovim = await start_editor(neovim_client, "neovim", {"debounceMs": 10_000})
    uri = neovim.open("x = 1\n")
    await neovim.pull(uri)
    neovim.change(uri, (0, 5), (0, 5), " +")
    request_id = str(uuid.uuid4())
    pending = neovim_client.protocol.send_request(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri)),
        msg_id=request_id,
    )
    neovim_client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id=request_id))
    with pytest.raises(Exception, match="cancel"):
        await asyncio.wait_for(asyncio.wrap_future(pending), 60)


async def test_settings_change_asks_refreshing_clients_to_pull_again(
    neovim_client: SessionClient,
) -> None:
    """A client declaring ``workspace.diagnostics.refreshSupport`` (as VS Code does since 1.73)
    is asked to re-pull once the documents are re-analysed under new settings."""

    def refreshing(capabilities: types.ClientCapabilities) -> None:
        assert capabilities.workspace is not None
        capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(
            refresh_support=True
        )

    neovim = await start_editor(neovim_client, "neovim", adjust=refreshing)
    uri = neovim.open("x = 1\n")
    await neovim.pull(uri)
    assert neovim_client.diagnostic_refresh_count == 0
    neovim_client.set_configuration({"mode": "possible"}, section="tensorls")
    neovim_client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings=None)
    )

    async def refreshed() -> None:
        while neovim_client.diagnostic_refresh_count == 0:
            await asyncio.sleep(0.02)

    await asyncio.wait_for(refreshed(), 60)


class CancellingPuller:
    """The pull loop of vscode-languageclient 9.0.1 (``DiagnosticRequestor.pullAsync`` in its
    lib/common/diagnostic.js): a change while a pull is in flight cancels it (``$/cancelRequest``)
    and marks it for rescheduling; when the cancelled pull returns, the document is pulled again;
    a change while no pull is in flight pulls at once (``diagnosticPullOptions.onChange``), and so
    does ``workspace/diagnostic/refresh``."""

    def __init__(self, client: SessionClient, uri: str) -> None:
        self.client = client
        self.uri = uri
        self.in_flight: asyncio.Task[None] | None = None
        self.request_id: str | None = None
        self.reschedule = False
        self.answers: list[list[types.Diagnostic]] = []
        self.cancelled = 0

    def pull(self) -> None:
        if self.in_flight is not None and not self.in_flight.done():
            if not self.reschedule and self.request_id is not None:
                self.client.protocol.notify(
                    types.CANCEL_REQUEST, types.CancelParams(id=self.request_id)
                )
            self.reschedule = True
            return
        self.in_flight = asyncio.ensure_future(self._request())

    async def _request(self) -> None:
        self.request_id = str(uuid.uuid4())
        self.reschedule = False
        pending = self.client.protocol.send_request(
            types.TEXT_DOCUMENT_DIAGNOSTIC,
            types.DocumentDiagnosticParams(
                text_document=types.TextDocumentIdentifier(uri=self.uri)
            ),
            msg_id=self.request_id,
        )
        try:
            report = await asyncio.wait_for(asyncio.wrap_future(pending), 60)
        except Exception as error:
            assert "cancel" in str(error).lower(), error
            self.cancelled += 1
        else:
            self.answers.append(list(report.items))
        if self.reschedule:
            self.in_flight = asyncio.ensure_future(self._request())


PULLER = "puller"


async def repull(client: SessionClient, params: None) -> None:
    """``workspace/diagnostic/refresh``: the ``CancellingPuller`` pulls again."""
    client.diagnostic_refresh_count += 1
    puller = getattr(client, PULLER, None)
    if puller is not None:
        puller.pull()


def make_repulling_client() -> SessionClient:
    client = SessionClient()
    register_client_features(client, {types.WORKSPACE_DIAGNOSTIC_REFRESH: repull})
    return client


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=SERVE, client_factory=make_repulling_client)
)
async def typing_client(lsp_client: SessionClient):
    lsp_client.editor_name = "neovim"
    yield
    await lsp_client.shutdown_session()
    assert_quiet(lsp_client)


async def test_pulls_are_answered_while_the_user_types(typing_client: SessionClient) -> None:
    """With vscode-languageclient's cancel-and-repull loop (``CancellingPuller``) and a change
    every 0.2 s in a 3,000-line file, pulls keep being answered (the successor of a cancelled
    pull gets the latest finished analysis at once), and once typing stops the client is asked
    to pull again and gets the current text's diagnostics."""

    def refreshing(capabilities: types.ClientCapabilities) -> None:
        assert capabilities.workspace is not None
        capabilities.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(
            refresh_support=True
        )

    editor = await start_editor(typing_client, "neovim", adjust=refreshing)
    body = "".join(f"w{index} = np.zeros(({index % 7 + 1}, 3))\n" for index in range(3000))
    uri = editor.open("import numpy as np\n" + body + "z = np.zeros((2, 3)) @ w0\n")
    puller = CancellingPuller(typing_client, uri)
    setattr(typing_client, PULLER, puller)
    puller.pull()
    for _keystroke in range(40):
        editor.change(uri, (0, 18), (0, 18), " ")
        puller.pull()
        await asyncio.sleep(0.2)
    assert len(puller.answers) >= 3, (len(puller.answers), puller.cancelled)
    assert puller.cancelled >= 3, (len(puller.answers), puller.cancelled)
    last_line = 3001
    editor.change(uri, (last_line, 25), (last_line, 25), ".T")
    puller.pull()

    async def fixed() -> None:
        while not (puller.answers and puller.answers[-1] == []):
            await asyncio.sleep(0.05)

    await asyncio.wait_for(fixed(), 60)
