"""JSON-RPC message handling over pygls' ``LanguageServerProtocol``, strict where pygls is lax.

pygls drops what it cannot parse or dispatch without answering; this subclass answers as
JSON-RPC 2.0 and LSP require and keeps the session going:

- a body that is not JSON gets a Parse error (-32700, ``id`` null), and the framing reader
  resynchronises (see :mod:`tensorls.server.framing`);
- JSON that is not a request, notification or response gets Invalid Request (-32600, with the
  request's ``id`` when it has a usable one);
- a request whose params do not match the method's type gets Invalid Params (-32602); such a
  notification is logged and dropped;
- a request for an unknown method gets Method Not Found (-32601) and is not logged as an error;
  unknown notifications (``$/``-prefixed or not) are ignored silently;
- before ``initialize``, requests get Server Not Initialized (-32002) and notifications other
  than ``exit`` are dropped; after ``shutdown``, requests get Invalid Request and notifications
  other than ``exit`` are ignored;
- ``exit`` raises ``SystemExit`` with 0 after ``shutdown`` and 1 without it; the server ends
  the process with that status without waiting for a running analysis.

An ``initialize`` answered before pygls was imported is processed by :meth:`adopt_initialize`.

Text and notebook synchronisation notifications go straight to tensorls' handlers: the server
keeps its own copy of each document (:mod:`tensorls.server.text_sync`,
:mod:`tensorls.server.notebooks`), never pygls' workspace documents. (pygls' own notebook handling
raises on a change that names a cell the notebook does not have, before any handler runs, which
would lose the valid changes the same notification carries.)
"""

from __future__ import annotations

import contextvars
import json
import logging
from concurrent.futures import Future
from typing import Any

from lsprotocol import types
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.protocol.json_rpc import (
    JsonRPCNotification,
    JsonRPCRequestMessage,
    JsonRPCResponseMessage,
)

logger = logging.getLogger(__name__)

JSONRPC_VERSION = "2.0"


def _usable_id(value: object) -> bool:
    return isinstance(value, (int, str)) and not isinstance(value, bool)


class TensorProtocol(LanguageServerProtocol):
    """pygls' LSP protocol with the error answers listed in the module docstring."""

    def send_error(self, msg_id: object, code: int, message: str) -> None:
        """Send an error response; ``msg_id`` None is sent as ``"id": null``."""
        self._send_data(
            {
                "jsonrpc": JSONRPC_VERSION,
                "id": msg_id if _usable_id(msg_id) else None,
                "error": {"code": code, "message": message},
            }
        )

    def handle_body(self, body: bytes) -> bool:
        """Handle one frame's body; False if it is not JSON (answered with a parse error)."""
        try:
            data = json.loads(body)
        except (ValueError, RecursionError) as error:
            logger.error("received a message that is not JSON: %s", error)
            self.send_error(None, types.ErrorCodes.ParseError, f"Parse error: {error}")
            return False
        try:
            self.handle_data(data)
        except Exception:
            logger.exception("handling a message failed")
            msg_id = data.get("id") if isinstance(data, dict) and "method" in data else None
            if msg_id is not None:
                self.send_error(msg_id, types.ErrorCodes.InternalError, "Internal error")
        return True

    def handle_data(self, data: object) -> None:
        """Check the shape of one decoded message, structure it and dispatch it."""
        if not isinstance(data, dict) or data.get("jsonrpc") != JSONRPC_VERSION:
            msg_id = data.get("id") if isinstance(data, dict) else None
            self._invalid(msg_id, "not a JSON-RPC 2.0 message")
            return
        if "method" not in data:
            if "id" not in data:
                self._invalid(None, "neither a request, a notification nor a response")
                return
            self._dispatch(data, None)
            return
        method = data["method"]
        if not isinstance(method, str) or ("id" in data and not _usable_id(data["id"])):
            self._invalid(data.get("id"), "the method or the id has the wrong type")
            return
        is_request = "id" in data
        if self._workspace is None and method not in (types.INITIALIZE, types.EXIT):
            if is_request:
                self.send_error(
                    data["id"], types.ErrorCodes.ServerNotInitialized, "not initialized"
                )
            return
        if self._shutdown and method != types.EXIT:
            if is_request:
                self.send_error(
                    data["id"], types.ErrorCodes.InvalidRequest, "the server has been shut down"
                )
            return
        if method != types.CANCEL_REQUEST and not self._knows(method):
            logger.debug("unknown method %r", method)
            if is_request:
                self.send_error(
                    data["id"], types.ErrorCodes.MethodNotFound, f"Method not found: {method}"
                )
            return
        self._dispatch(data, data["id"] if is_request else None)

    def adopt_initialize(self, request: dict[str, Any], answered: dict[str, Any]) -> None:
        """Process the ``initialize`` ``request`` that :mod:`tensorls.server.early_initialize`
        answered with ``answered`` before the server started: pygls's own handler runs (client
        capabilities, workspace, position encoding, the server's ``initialize`` feature), its
        result is not sent again but compared with ``answered`` (an error is logged if they
        differ). Params lsprotocol cannot structure are logged; the session then stays
        uninitialised. Must run on the event loop (the server's ``initialize`` feature needs it)."""
        msg_id = request["id"]
        try:
            params = self._converter.structure(request["params"], types.InitializeParams)
        except Exception as error:
            logger.error("initialize was answered early but its params are invalid: %s", error)
            return

        def compare(result: Future[Any]) -> None:
            self._request_futures.pop(msg_id, None)
            if result.cancelled() or result.exception() is not None:
                logger.error("initialize failed after its early answer: %r", result.exception())
                return
            computed = json.loads(json.dumps(result.result(), default=self._serialize_message))
            if computed != answered:
                logger.error("the early answer to initialize %s, pygls's %s", answered, computed)

        def run() -> None:
            self._ctx_msg_id.set(msg_id)
            self._execute_handler(
                msg_id, self._get_handler(types.INITIALIZE), compare, args=(params,)
            )

        contextvars.copy_context().run(run)

    def structure_message(self, data: dict[str, Any]) -> Any:
        """The typed message of a JSON-RPC object (pygls' choice of type; raises on a mismatch
        instead of logging a traceback)."""
        method = data.get("method")
        if isinstance(method, str):
            generic = JsonRPCRequestMessage if "id" in data else JsonRPCNotification
            kind = self.get_message_type(method) or generic
        elif "error" in data:
            kind = types.ResponseErrorMessage
        else:
            kind = self._result_types.pop(data.get("id"), None) or JsonRPCResponseMessage
        return self._converter.structure(data, kind)

    def _dispatch(self, data: dict[str, Any], request_id: object) -> None:
        """Structure a well-formed message and hand it to pygls; a request whose params do not
        match its method gets Invalid Params, any other mismatch is logged."""
        try:
            message = self.structure_message(data)
        except Exception as error:
            if request_id is not None:
                logger.warning("request %r with invalid params", data["method"])
                self.send_error(request_id, types.ErrorCodes.InvalidParams, "Invalid params")
            else:
                logger.warning("dropped an ill-typed message: %s", error)
            return
        self.handle_message(message)

    def _invalid(self, msg_id: object, reason: str) -> None:
        logger.error("invalid JSON-RPC message: %s", reason)
        self.send_error(msg_id, types.ErrorCodes.InvalidRequest, f"Invalid Request: {reason}")

    def _knows(self, method: str) -> bool:
        return method in self.fm.builtin_features or method in self.fm.features

    def _handle_cancel_notification(self, msg_id: Any) -> None:
        """``$/cancelRequest`` for a request already answered is normal: no log."""
        future = self._request_futures.pop(msg_id, None)
        if future is not None:
            future.cancel()

    @property
    def shut_down(self) -> bool:
        """Whether ``shutdown`` was requested."""
        return self._shutdown

    @lsp_method(types.EXIT)
    def lsp_exit(self, *args: Any) -> None:
        """End the process: status 0 after ``shutdown``, 1 without."""
        code = 0 if self._shutdown else 1
        logger.info("exit requested (status %d)", code)
        raise SystemExit(code)

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Any:
        yield self.fm.features[types.TEXT_DOCUMENT_DID_OPEN], (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams) -> Any:
        yield self.fm.features[types.TEXT_DOCUMENT_DID_CHANGE], (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Any:
        yield self.fm.features[types.TEXT_DOCUMENT_DID_CLOSE], (params,), None

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def lsp_notebook_document__did_open(self, params: types.DidOpenNotebookDocumentParams) -> Any:
        yield self.fm.features[types.NOTEBOOK_DOCUMENT_DID_OPEN], (params,), None

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def lsp_notebook_document__did_change(
        self, params: types.DidChangeNotebookDocumentParams
    ) -> Any:
        yield self.fm.features[types.NOTEBOOK_DOCUMENT_DID_CHANGE], (params,), None

    @lsp_method(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def lsp_notebook_document__did_close(self, params: types.DidCloseNotebookDocumentParams) -> Any:
        yield self.fm.features[types.NOTEBOOK_DOCUMENT_DID_CLOSE], (params,), None
