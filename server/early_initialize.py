"""Answering ``initialize`` before pygls is imported (issue 33).

Importing pygls and lsprotocol costs 0.5 to 0.9 s (lsprotocol defines about a thousand attrs
classes at import), and a client sends nothing else until ``initialize`` is answered. So
``tensorls serve`` over stdio (:func:`serve_stdio`) reads the first message itself with the
server's framing, answers it at once when it is an ``initialize`` request (:func:`answerable`)
with the ``InitializeResult`` built from plain data (:func:`initialize_result`). The server is
imported on a thread from the start: its import overlaps with the wait for the first message and
for the next ones, and the answer never waits for it (the thread holds the GIL for at most the
interpreter's switch interval, 5 ms, at a time). The server then takes over the reader with what it has buffered (no byte is lost;
messages that arrived meanwhile are handled in order) and processes the answered request as pygls
does, without answering it again (:meth:`~tensorls.server.protocol.TensorProtocol.adopt_initialize`):
client capabilities, root, workspace folders, position encoding, ``processId`` and tensorls's
settings from ``initializationOptions`` are what they would be had pygls read the message.

Anything else first (another message, a body that is not JSON or not an ``initialize`` request
with an object of params holding an object of capabilities, an error while building the answer)
is handed to the server unanswered, which handles it as any message. ``--tcp`` is not affected.

The answer is what pygls's ``ServerCapabilitiesBuilder`` computes for the server
:func:`~tensorls.server.server.create_server` builds: :data:`SERVER_CAPABILITIES`, plus what pygls
derives from the client's capabilities (the position encoding, notebook synchronisation, its
``willSave`` quirk). tests/server/test_early_initialize.py checks it against pygls's own answer for
every client capability set the tests use; the hand-over logs an error if pygls's answer differs.

Known difference from pygls: params that pass :func:`answerable` but that lsprotocol cannot
structure (a field of the wrong type deep inside) are answered here; the hand-over then logs an
error and the session stays uninitialised, where pygls would have answered Invalid Params.

This module and :mod:`~tensorls.server.framing` import only ``json``, ``logging``, ``re``, ``sys``,
``threading`` and ``typing``.
"""

from __future__ import annotations

import json
import logging
import sys
import threading
from typing import Any, BinaryIO, NoReturn

from tensorls import __version__

from .framing import BlockingSource, FrameReader

logger = logging.getLogger(__name__)

JsonObject = dict[str, Any]

SERVER_INFO: JsonObject = {"name": "tensorls", "version": __version__}
SERVER_CAPABILITIES: JsonObject = {
    "textDocumentSync": {"openClose": True, "change": 2, "save": False},
    "hoverProvider": True,
    "codeActionProvider": {
        "codeActionKinds": ["quickfix", "refactor.rewrite", "source"],
        "resolveProvider": True,
    },
    "executeCommandProvider": {"commands": ["tensorls.showRankProgram"]},
    "inlayHintProvider": {"resolveProvider": False},
    "diagnosticProvider": {
        "interFileDependencies": False,
        "workspaceDiagnostics": False,
        "identifier": "tensorls",
    },
    "workspace": {
        "workspaceFolders": {"supported": True, "changeNotifications": True},
        "fileOperations": {},
    },
}
"""The server's capabilities for a client that declares none, position encoding aside."""
NOTEBOOK_DOCUMENT_SYNC: JsonObject = {
    "notebookSelector": [{"notebook": "jupyter-notebook", "cells": [{"language": "python"}]}]
}
"""``notebookDocumentSync`` (:data:`tensorls.server.notebook_sync.NOTEBOOK_SYNC`), announced to
clients that declare ``notebookDocument`` capabilities."""
POSITION_ENCODINGS = ("utf-8", "utf-16", "utf-32")
DEFAULT_POSITION_ENCODING = "utf-16"
CONTENT_TYPE = b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"


class EarlyStart:
    """What the server takes over from :func:`serve_stdio`: the reader, and either the answered
    ``initialize`` (``answered``: the request and the result sent) or the first body unanswered
    (``body``; None at the end of the stream)."""

    __slots__ = ("answered", "body", "frames")

    def __init__(
        self,
        frames: FrameReader,
        body: bytes | None,
        answered: tuple[JsonObject, JsonObject] | None,
    ) -> None:
        self.frames = frames
        self.body = body
        self.answered = answered


def answerable(message: object) -> bool:
    """Whether ``message`` is a JSON-RPC ``initialize`` request whose params are an object with
    an object of ``capabilities`` (the id an integer or a string, as the server requires)."""
    if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
        return False
    msg_id, params = message.get("id"), message.get("params")
    return (
        message.get("method") == "initialize"
        and isinstance(msg_id, (int, str))
        and not isinstance(msg_id, bool)
        and isinstance(params, dict)
        and isinstance(params.get("capabilities"), dict)
    )


def _field(value: object, *names: str) -> object:
    """``value[names[0]][names[1]]...``, None where an object or a name is missing."""
    for name in names:
        value = value.get(name) if isinstance(value, dict) else None
    return value


def position_encoding(client: JsonObject) -> str:
    """pygls's choice: the first of the client's ``general.positionEncodings`` it supports,
    else UTF-16."""
    offered = _field(client, "general", "positionEncodings")
    for encoding in offered if isinstance(offered, list) else ():
        if encoding in POSITION_ENCODINGS:
            return str(encoding)
    return DEFAULT_POSITION_ENCODING


def initialize_result(client: JsonObject) -> JsonObject:
    """The ``InitializeResult`` pygls sends the server of ``create_server`` for a client with
    capabilities ``client`` (see the module docstring)."""
    capabilities: JsonObject = {"positionEncoding": position_encoding(client)}
    capabilities.update(SERVER_CAPABILITIES)
    synchronisation = dict(SERVER_CAPABILITIES["textDocumentSync"])
    for name in ("willSave", "willSaveWaitUntil"):
        # pygls announces ``client's value and the feature is registered``: false where the
        # client declares the capability (tensorls registers neither), nothing where it does not.
        declined = _field(client, "textDocument", "synchronization", name) and False
        if declined is not None:
            synchronisation[name] = declined
    capabilities["textDocumentSync"] = synchronisation
    if client.get("notebookDocument") is not None:
        capabilities["notebookDocumentSync"] = NOTEBOOK_DOCUMENT_SYNC
    return {"capabilities": capabilities, "serverInfo": SERVER_INFO}


def response_frame(msg_id: int | str, result: JsonObject) -> bytes:
    """The framed response, with the headers pygls writes."""
    body = json.dumps({"id": msg_id, "jsonrpc": "2.0", "result": result}).encode("utf-8")
    return b"Content-Length: %d\r\n%s\r\n%s" % (len(body), CONTENT_TYPE, body)


def answer_initialize(body: bytes, stdout: BinaryIO) -> tuple[JsonObject, JsonObject] | None:
    """Answer ``body`` on ``stdout`` if it is an answerable ``initialize`` request; the request
    and the result sent, or None (nothing written) for the server to handle it."""
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not answerable(message):
        return None
    try:
        result = initialize_result(message["params"]["capabilities"])
        frame = response_frame(message["id"], result)
    except Exception:
        logger.exception("answering initialize early failed; the server answers it")
        return None
    stdout.write(frame)
    stdout.flush()
    return message, result


def run_to_end(coroutine: Any) -> Any:
    """The value of ``coroutine``, run without an event loop: it must never suspend (a
    :class:`~tensorls.server.framing.FrameReader` over a ``BlockingSource``)."""
    try:
        coroutine.send(None)
    except StopIteration as finished:
        return finished.value
    coroutine.close()
    raise RuntimeError("the coroutine suspended without an event loop")


def log_warnings_on_stderr() -> None:
    """Log warnings and errors of every logger on stderr (``tensorls serve``)."""
    stderr = logging.StreamHandler(sys.stderr)
    stderr.setLevel(logging.WARNING)
    stderr.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    logging.getLogger().addHandler(stderr)


def _import_server() -> None:
    """Import the server (pygls, lsprotocol, asyncio) while the first message is awaited and
    answered; a failure is raised again by the import in :func:`serve_stdio`."""
    import tensorls.server.server  # noqa: F401


def serve_stdio(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> NoReturn:
    """Serve over stdio, answering ``initialize`` without waiting for the server's import (made
    on a thread meanwhile); ends the process (see ``TensorLanguageServer.start_io``)."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    importing = threading.Thread(target=_import_server, name="tensorls-import", daemon=True)
    importing.start()
    frames = FrameReader(BlockingSource(stdin))
    body = run_to_end(frames.next_body())
    answered = answer_initialize(body, stdout) if body is not None else None
    importing.join()
    from .server import create_server

    create_server().start_io(stdin, stdout, EarlyStart(frames, body, answered))
