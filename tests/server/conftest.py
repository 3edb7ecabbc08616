"""End-to-end harness: the real ``tensorls serve`` driven by pytest-lsp's language client.

Two capability sets, both shipped by pytest-lsp (captured from the real editors): VS Code 1.65.2
(UTF-16 positions, pushed diagnostics) and Neovim 0.11.0 (offers UTF-8 first, pulls diagnostics).
:class:`Editor` hides the difference: ``diagnostics(uri)`` waits for the push of the current
version or pulls, as the client would.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import sys
from collections.abc import Callable
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

VSCODE = "visual-studio-code@v1.65.2"
NEOVIM = "neovim@v0.11.0"
CLIENTS = {"vscode": VSCODE, "neovim": NEOVIM}
SERVE = [sys.executable, "-m", "tensorls", "serve"]
WAIT_SECONDS = 60


class RecordingClient(LanguageClient):
    """pytest-lsp's client, also keeping every publishDiagnostics and answering the requests a
    real editor answers (registerCapability, inlay hint and diagnostic refresh)."""

    def __init__(self) -> None:
        super().__init__()
        self.published: list[types.PublishDiagnosticsParams] = []
        self.inlay_refreshes = 0
        self.registrations: list[types.Registration] = []
        self.changed = asyncio.Condition()

    async def record(self, params: types.PublishDiagnosticsParams) -> None:
        async with self.changed:
            self.published.append(params)
            self.diagnostics[params.uri] = params.diagnostics
            self.changed.notify_all()


def register_client_features(
    client: RecordingClient, overrides: dict[str, Callable[..., Any]] | None = None
) -> None:
    """pytest-lsp's client features plus the recording ones, with ``overrides`` replacing any."""
    features: dict[str, Any] = dict(DEFAULT_CLIENT_FEATURES)

    async def publish(client: RecordingClient, params: types.PublishDiagnosticsParams) -> None:
        await client.record(params)

    def register(client: RecordingClient, params: types.RegistrationParams) -> None:
        client.registrations.extend(params.registrations)

    def inlay_refresh(client: RecordingClient, params: None) -> None:
        client.inlay_refreshes += 1

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish
    features[types.CLIENT_REGISTER_CAPABILITY] = register
    features[types.WORKSPACE_INLAY_HINT_REFRESH] = inlay_refresh
    features.update(overrides or {})
    register_lsp_features(client, features)


_document_numbers = itertools.count()
LINE_END_KEPT = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def lsp_lines(text: str) -> list[str]:
    """The lines of ``text`` as LSP counts them (only ``\\n``, ``\\r\\n``, ``\\r`` end one)."""
    return re.split(r"\r\n|\r|\n", text)


class Editor:
    """A client session with one open-document vocabulary shared by both capability sets."""

    def __init__(self, client: RecordingClient, name: str, result: types.InitializeResult):
        self.client = client
        self.name = name
        self.encoding = str(result.capabilities.position_encoding or "utf-16")
        self.versions: dict[str, int] = {}
        self.texts: dict[str, str] = {}
        self.result_ids: dict[str, str | None] = {}

    @property
    def pulls(self) -> bool:
        return self.name == "neovim"

    def column(self, line_text: str, characters: int) -> int:
        """The client's column for a code-point column of ``line_text``."""
        prefix = line_text[:characters]
        if self.encoding == "utf-8":
            return len(prefix.encode("utf-8"))
        if self.encoding == "utf-16":
            return len(prefix.encode("utf-16-le")) // 2
        return len(prefix)

    def position(self, uri: str, line: int, characters: int) -> types.Position:
        line_text = lsp_lines(self.texts[uri])[line]
        return types.Position(line=line, character=self.column(line_text, characters))

    def open(self, text: str, name: str = "script") -> str:
        uri = f"file:///workspace/{name}_{next(_document_numbers)}.py"
        self.versions[uri] = 1
        self.texts[uri] = text
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=uri, language_id="python", version=1, text=text
                )
            )
        )
        return uri

    def change(self, uri: str, start: tuple[int, int], end: tuple[int, int], new_text: str) -> None:
        """Replace code-point range ``start``-``end`` (line, column) incrementally."""
        lines = LINE_END_KEPT.findall(self.texts[uri])
        lsp_range = types.Range(start=self.position(uri, *start), end=self.position(uri, *end))
        offsets = [sum(len(line) for line in lines[:row]) + column for row, column in (start, end)]
        text = self.texts[uri]
        self.texts[uri] = text[: offsets[0]] + new_text + text[offsets[1] :]
        self.versions[uri] += 1
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(
                    uri=uri, version=self.versions[uri]
                ),
                content_changes=[
                    types.TextDocumentContentChangePartial(range=lsp_range, text=new_text)
                ],
            )
        )

    def close(self, uri: str) -> None:
        self.client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )

    async def pull(
        self, uri: str, previous_result_id: str | None = None
    ) -> types.DocumentDiagnosticReport:
        return await asyncio.wait_for(
            self.client.text_document_diagnostic_async(
                types.DocumentDiagnosticParams(
                    text_document=types.TextDocumentIdentifier(uri=uri),
                    previous_result_id=previous_result_id,
                )
            ),
            WAIT_SECONDS,
        )

    async def pushed(self, uri: str, version: int | None) -> list[types.Diagnostic]:
        """The diagnostics pushed for ``uri`` at ``version`` (waiting for them to arrive)."""

        def find() -> types.PublishDiagnosticsParams | None:
            for params in self.client.published:
                if params.uri == uri and params.version == version:
                    return params
            return None

        async with self.client.changed:
            await asyncio.wait_for(self.client.changed.wait_for(find), WAIT_SECONDS)
        found = find()
        assert found is not None
        return list(found.diagnostics)

    async def diagnostics(self, uri: str) -> list[types.Diagnostic]:
        """The diagnostics of the current version, pushed or pulled as this client does."""
        if not self.pulls:
            return await self.pushed(uri, self.versions[uri])
        report = await self.pull(uri)
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        return list(report.items)

    async def hover(self, uri: str, line: int, characters: int) -> types.Hover | None:
        return await self.client.text_document_hover_async(
            types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=self.position(uri, line, characters),
            )
        )


async def latest_diagnostics(
    editor: Editor, uri: str, accept: Callable[[list[types.Diagnostic]], bool]
) -> list[types.Diagnostic]:
    """The diagnostics of ``uri`` once they satisfy ``accept``: pulled again and again by a pull
    client, else waited for among the pushes (a re-analysis keeps the document's version)."""
    if editor.pulls:
        deadline = asyncio.get_running_loop().time() + WAIT_SECONDS
        while True:
            items = await editor.diagnostics(uri)
            if accept(items) or asyncio.get_running_loop().time() > deadline:
                return items
            await asyncio.sleep(0.05)

    def find() -> types.PublishDiagnosticsParams | None:
        pushed = [params for params in editor.client.published if params.uri == uri]
        if pushed and accept(list(pushed[-1].diagnostics)):
            return pushed[-1]
        return None

    async with editor.client.changed:
        await asyncio.wait_for(editor.client.changed.wait_for(find), WAIT_SECONDS)
    found = find()
    assert found is not None
    return list(found.diagnostics)


async def start_editor(
    client: RecordingClient,
    name: str,
    initialization_options: object = None,
    adjust: Callable[[types.ClientCapabilities], None] | None = None,
) -> Editor:
    """Initialize ``client`` with the capabilities of editor ``name``, changed by ``adjust``
    (to impersonate a differently configured or newer client)."""
    capabilities = client_capabilities(CLIENTS[name])
    if adjust is not None:
        adjust(capabilities)
    result = await client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            initialization_options=initialization_options,
            workspace_folders=[types.WorkspaceFolder(uri="file:///workspace", name="workspace")],
        )
    )
    return Editor(client, name, result)


def assert_quiet(client: LanguageClient) -> None:
    """The server never pops up a message and logged no internal error during the session."""
    assert client.messages == []
    errors = [item.message for item in client.log_messages if item.type == types.MessageType.Error]
    assert errors == []


class SessionClient(RecordingClient):
    """A recording client that knows which editor it impersonates (set by the fixture)."""

    editor_name: str = ""
    editor: Editor | None = None


def make_session_client() -> SessionClient:
    client = SessionClient()
    register_client_features(client)
    return client


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=SERVE, client_factory=make_session_client),
    params=list(CLIENTS),
)
async def bare_client(request: pytest.FixtureRequest, lsp_client: SessionClient):
    """A client of a running server, not yet initialized (tests choose settings first)."""
    lsp_client.editor_name = request.param
    yield
    await lsp_client.shutdown_session()
    assert_quiet(lsp_client)


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=SERVE, client_factory=make_session_client)
)
async def neovim_client(lsp_client: SessionClient):
    """A client of a running server impersonating Neovim 0.11, not yet initialized."""
    lsp_client.editor_name = "neovim"
    yield
    await lsp_client.shutdown_session()
    assert_quiet(lsp_client)


@pytest.fixture
async def editor(bare_client: SessionClient) -> Editor:
    """An initialized session with default settings."""
    return await start_editor(bare_client, bare_client.editor_name)
