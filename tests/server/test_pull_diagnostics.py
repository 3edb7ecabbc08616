"""Pulled diagnostics (Neovim 0.11 declares textDocument.diagnostic): result ids and reports."""

from __future__ import annotations

import asyncio
import uuid

import pytest
from lsprotocol import types

from .conftest import Editor, SessionClient, start_editor


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
