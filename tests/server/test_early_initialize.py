"""``initialize`` answered before pygls is imported (:mod:`tensorls.server.early_initialize`).

The oracle of the early answer is pygls itself: for every client capability set the tests use
(the editors pytest-lsp ships, captured from them; the raw sets of the protocol tests and the
fuzzer; the benchmark's; a JupyterLab-shaped one), the early ``InitializeResult`` must equal the
one pygls computes for the server ``create_server`` builds, and the server's state after the
hand-over must equal its state after pygls handled the same request. The end-to-end suites
(tests/server) run through the early path since ``tensorls serve`` takes it.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import re
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest
from pygls.io_ import StdoutWriter
from tensorls.server.early_initialize import answerable, initialize_result, response_frame
from tensorls.server.server import TensorLanguageServer, create_server

from benchmarks.lsp_servers import client_capabilities as benchmark_capabilities

from .raw_session import RawSession, frame
from .test_protocol import CORRUPT_FRAMES, INVALID_PARAMS, PARSE_ERROR, assert_answers_hover

JsonObject = dict[str, Any]


def pytest_lsp_clients() -> dict[str, JsonObject]:
    """The capabilities of every client pytest-lsp ships (VS Code 1.65.2, Neovim 0.6.1 to
    0.11.0, Emacs 29.1), as the editors sent them."""
    folder = resources.files("pytest_lsp") / "clients"
    return {
        entry.name.removesuffix(".json"): json.loads(entry.read_text())["capabilities"]
        for entry in folder.iterdir()
        if entry.name.endswith(".json")
    }


JUPYTERLAB: JsonObject = {
    # The shape of @jupyterlab/lsp 4's LSPConnection.initializeParams (packages/lsp/src/
    # connection.ts and ws-connection/ws-connection.ts of jupyterlab/jupyterlab): explicit false
    # for willSave and willSaveWaitUntil, no positionEncodings, no notebookDocument.
    "textDocument": {
        "hover": {"dynamicRegistration": True, "contentFormat": ["markdown", "plaintext"]},
        "synchronization": {
            "dynamicRegistration": True,
            "willSave": False,
            "didSave": True,
            "willSaveWaitUntil": False,
        },
        "publishDiagnostics": {"tagSupport": {"valueSet": [1, 2]}},
    },
    "workspace": {"didChangeConfiguration": {"dynamicRegistration": False}},
}

CAPABILITY_SETS: dict[str, JsonObject] = {
    **pytest_lsp_clients(),
    "none": {},
    "progress": {"window": {"workDoneProgress": True}},
    **{
        f"fuzzer {encoding}": {
            "general": {"positionEncodings": [encoding]},
            "textDocument": {"diagnostic": {}},
        }
        for encoding in ("utf-8", "utf-16", "utf-32")
    },
    "unknown encodings only": {"general": {"positionEncodings": ["utf-7", "ebcdic"]}},
    "unknown encoding first": {"general": {"positionEncodings": ["utf-7", "utf-32", "utf-8"]}},
    "benchmark": benchmark_capabilities(),
    "jupyterlab": JUPYTERLAB,
    "notebooks": {"notebookDocument": {"synchronization": {"executionSummarySupport": True}}},
    "will save": {"textDocument": {"synchronization": {"willSave": True}}},
}

PARAMS = {
    "processId": 4242,
    "rootUri": "file:///workspace",
    "workspaceFolders": [{"uri": "file:///workspace", "name": "workspace"}],
    "initializationOptions": {"mode": "strict", "timeBudgetMs": 5000},
}


def request(capabilities: JsonObject) -> JsonObject:
    return {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {**PARAMS, "capabilities": capabilities},
    }


@pytest.fixture
def servers() -> Iterator[list[TensorLanguageServer]]:
    """Servers made by the test; the log handlers ``create_server`` adds are removed after."""
    tensorls_logger = logging.getLogger("tensorls")
    handlers = list(tensorls_logger.handlers)
    made: list[TensorLanguageServer] = []
    yield made
    for server in made:
        server.stop_workers()
    tensorls_logger.handlers[:] = handlers


def new_server(servers: list[TensorLanguageServer]) -> tuple[TensorLanguageServer, io.BytesIO]:
    server = create_server()
    servers.append(server)
    written = io.BytesIO()
    server.protocol.set_writer(StdoutWriter(written))
    return server, written


def bodies(written: bytes) -> list[JsonObject]:
    """The messages in the server's output, in order."""
    found = []
    for header in re.finditer(rb"Content-Length: (\d+)\r\n(?:[^\r\n]*\r\n)*\r\n", written):
        start = header.end()
        found.append(json.loads(written[start : start + int(header.group(1))]))
    return found


def state(server: TensorLanguageServer) -> JsonObject:
    """What initialize leaves in pygls and in tensorls, comparable."""
    converter = server.protocol._converter
    workspace = server.workspace
    return {
        "client capabilities": converter.unstructure(server.client_capabilities),
        "process id": server.process_id,
        "root": workspace.root_uri,
        "folders": {uri: converter.unstructure(f) for uri, f in workspace.folders.items()},
        "encoding": server.encoding,
        "initialized": server.protocol._workspace is not None,
        "settings": server.settings,
        "initialization options": server.initialization_options,
        "markup": server.markup,
        "module folders": server.modules.folders,
    }


@pytest.mark.parametrize("name", list(CAPABILITY_SETS))
def test_the_early_answer_is_pygls_answer_and_state(
    name: str, servers: list[TensorLanguageServer], caplog: pytest.LogCaptureFixture
) -> None:
    message = request(CAPABILITY_SETS[name])
    assert answerable(message)
    early = initialize_result(message["params"]["capabilities"])

    async def by_pygls() -> tuple[JsonObject, JsonObject]:
        server, written = new_server(servers)
        server.protocol.handle_body(json.dumps(message).encode())
        (answer,) = [body for body in bodies(written.getvalue()) if body.get("id") == 1]
        return answer["result"], state(server)

    async def handed_over() -> tuple[bytes, JsonObject]:
        server, written = new_server(servers)
        server.protocol.adopt_initialize(message, early)
        return written.getvalue(), state(server)

    pygls_result, pygls_state = asyncio.run(by_pygls())
    assert early == pygls_result
    with caplog.at_level(logging.ERROR):
        handed_over_output, handed_over_state = asyncio.run(handed_over())
    assert [record for record in caplog.records if record.levelno >= logging.ERROR] == []
    assert b'"id": 1' not in handed_over_output  # not answered twice
    assert handed_over_state == pygls_state


def test_a_difference_from_pygls_is_logged(
    servers: list[TensorLanguageServer], caplog: pytest.LogCaptureFixture
) -> None:
    message = request({})
    wrong = initialize_result({"general": {"positionEncodings": ["utf-32"]}})

    async def handed_over() -> None:
        server, _ = new_server(servers)
        server.protocol.adopt_initialize(message, wrong)

    asyncio.run(handed_over())
    assert any("early answer to initialize" in record.message for record in caplog.records)


def test_the_frame_has_pygls_headers() -> None:
    sent = response_frame("a", {"capabilities": {}})
    assert sent.startswith(b"Content-Length: 61\r\nContent-Type: application/vscode-jsonrpc;")
    assert bodies(sent) == [{"id": "a", "jsonrpc": "2.0", "result": {"capabilities": {}}}]


@pytest.mark.parametrize(
    "message",
    [
        {"jsonrpc": "2.0", "id": 1, "method": "initialized", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "id": True, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}},
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": []}},
        {"jsonrpc": "1.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        [{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}],
    ],
)
def test_what_is_not_answered_early(message: object) -> None:
    assert not answerable(message)


SHAPE_ERROR = "import numpy as np\na = np.zeros((2, 3))\nb = np.zeros((4, 5))\nc = a @ b\n"


def test_messages_sent_before_the_answer_are_handled_in_order() -> None:
    """initialize, initialized, didOpen and two didChanges in one write, before the answer:
    the diagnostics of the last version arrive, and the other requests are answered."""
    session = RawSession()
    try:
        uri = "file:///workspace/pipelined.py"
        params = {"processId": None, "rootUri": None, "capabilities": {}}
        changed = SHAPE_ERROR.replace("(4, 5)", "(3, 5)")
        session.write(
            frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params})
            + frame({"jsonrpc": "2.0", "method": "initialized", "params": {}})
            + frame(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didOpen",
                    "params": {
                        "textDocument": {
                            "uri": uri,
                            "languageId": "python",
                            "version": 1,
                            "text": changed,
                        }
                    },
                }
            )
            + frame(
                {
                    "jsonrpc": "2.0",
                    "method": "textDocument/didChange",
                    "params": {
                        "textDocument": {"uri": uri, "version": 2},
                        "contentChanges": [{"text": SHAPE_ERROR}],
                    },
                }
            )
        )
        assert "capabilities" in session.answer(1)["result"]
        while not any(
            message["method"] == "textDocument/publishDiagnostics"
            and message["params"]["version"] == 2
            for message in session.notifications
        ):
            assert session.next_message() is not None
        (published,) = [
            message["params"]
            for message in session.notifications
            if message["method"] == "textDocument/publishDiagnostics"
            and message["params"]["version"] == 2
        ]
        assert [item["code"] for item in published["diagnostics"]] == ["shape-matmul"]
        assert_answers_hover(session)
    finally:
        session.close()


@pytest.mark.parametrize("corrupt", list(CORRUPT_FRAMES), ids=list(CORRUPT_FRAMES))
def test_a_corrupt_first_frame_then_initialize(corrupt: str) -> None:
    session = RawSession()
    try:
        session.write(CORRUPT_FRAMES[corrupt])
        session.initialize()
        assert_answers_hover(session)
        assert 900 not in session.responses and 901 not in session.responses
    finally:
        session.close()


def test_a_first_body_that_is_not_json_gets_a_parse_error() -> None:
    session = RawSession()
    try:
        session.write(b"Content-Length: 3\r\n\r\n{x}")
        assert session.answer(None)["error"]["code"] == PARSE_ERROR
        session.initialize()
        assert_answers_hover(session)
    finally:
        session.close()


def test_an_initialize_without_capabilities_gets_invalid_params_from_pygls() -> None:
    session = RawSession()
    try:
        first = session.request("initialize", {"processId": None})
        assert session.answer(first)["error"]["code"] == INVALID_PARAMS
        session.initialize()
        assert_answers_hover(session)
    finally:
        session.close()
