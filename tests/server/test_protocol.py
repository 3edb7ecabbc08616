"""The base protocol and JSON-RPC over a real ``tensorls serve`` process, in raw bytes.

Every corrupt frame is followed by a valid request that must be answered: the server recovers
at the next valid header and never hangs silently. Lifecycle: answers after ``shutdown``, exit
statuses, and ``exit`` while a long analysis runs.
"""

from __future__ import annotations

import json
import socket
import subprocess
import time
from collections.abc import Iterator

import pytest

from benchmarks.corpus_files import corpus_file

from .raw_session import SERVE, WAIT_SECONDS, RawSession, frame

HOVER = {
    "textDocument": {"uri": "file:///workspace/none.py"},
    "position": {"line": 0, "character": 0},
}
PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
SERVER_NOT_INITIALIZED = -32002
LARGE_FILE = corpus_file("large")


@pytest.fixture
def session() -> Iterator[RawSession]:
    session = RawSession()
    session.initialize()
    yield session
    session.close()


def body(message: dict[str, object]) -> bytes:
    return json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")


def error_logs(session: RawSession) -> list[str]:
    return [
        message["params"]["message"]
        for message in session.notifications
        if message["method"] == "window/logMessage" and message["params"]["type"] == 1
    ]


def assert_answers_hover(session: RawSession) -> None:
    msg_id = session.request("textDocument/hover", HOVER)
    assert session.answer(msg_id) == {"jsonrpc": "2.0", "id": msg_id, "result": None}


CORRUPT_FRAMES = {
    "too small": b"Content-Length: 12\r\n\r\n" + body({"id": 900, "method": "shutdown"}),
    "non-numeric": b"Content-Length: twelve\r\n\r\n" + body({"id": 901, "method": "shutdown"}),
    "negative": b"Content-Length: -40\r\n\r\n" + body({"id": 902, "method": "shutdown"}),
    "absurd": b"Content-Length: 99999999999999999999\r\n\r\n{}",
    "above the cap": b"Content-Length: 268435457\r\n\r\n{}",
    "no length": b"Content-Type: application/vscode-jsonrpc\r\n\r\n{}",
    "junk": b"\x00\xffGET / HTTP/1.1\r\nHost: x\r\n\r\n",
    "junk without newline": b"%PDF-1.4 \x00\x01\x02" * 50,
}


@pytest.mark.parametrize("corrupt", list(CORRUPT_FRAMES), ids=list(CORRUPT_FRAMES))
def test_a_valid_request_after_a_corrupt_frame_is_answered(
    session: RawSession, corrupt: str
) -> None:
    session.write(CORRUPT_FRAMES[corrupt])
    assert_answers_hover(session)
    assert_answers_hover(session)
    assert 900 not in session.responses and 901 not in session.responses
    assert session.process.poll() is None


def test_a_too_large_length_ends_at_the_next_header(session: RawSession) -> None:
    """The client then waits for an answer: the server must not wait for the missing bytes."""
    request = body({"id": 77, "method": "textDocument/hover", "params": HOVER})
    session.write(b"Content-Length: %d\r\n\r\n%s" % (len(request) + 500, request))
    assert_answers_hover(session)
    assert session.answer(77)["result"] is None


def test_header_names_are_case_insensitive(session: RawSession) -> None:
    request = body({"id": 41, "method": "textDocument/hover", "params": HOVER})
    session.write(b"content-length: %d\r\nCONTENT-TYPE: x\r\n\r\n%s" % (len(request), request))
    assert session.answer(41) == {"jsonrpc": "2.0", "id": 41, "result": None}


def test_a_body_that_is_not_json_gets_a_parse_error(session: RawSession) -> None:
    session.write(b"Content-Length: 9\r\n\r\n{invalid}")
    error = session.answer(None)
    assert error["error"]["code"] == PARSE_ERROR
    session.write(b"Content-Length: 4\r\n\r\n\xff\xfe\x00\x01")
    assert session.answer(None)["error"]["code"] == PARSE_ERROR
    assert_answers_hover(session)


def test_json_that_is_not_a_message_gets_invalid_request(session: RawSession) -> None:
    for payload in (b"[1, 2]", b'{"id": 5, "method": "shutdown"}', b'{"jsonrpc": "2.0"}'):
        session.write(b"Content-Length: %d\r\n\r\n%s" % (len(payload), payload))
        assert session.answer(None if b'"id"' not in payload else 5)["error"]["code"] == (
            INVALID_REQUEST
        )
    assert_answers_hover(session)


def test_invalid_params_and_unknown_methods(session: RawSession) -> None:
    invalid = session.request("textDocument/hover", {"textDocument": {"uri": 3}})
    assert session.answer(invalid)["error"]["code"] == INVALID_PARAMS
    unknown = session.request("tensorls/noSuchRequest", {})
    assert session.answer(unknown)["error"]["code"] == METHOD_NOT_FOUND
    session.notify("tensorls/noSuchNotification", {})
    session.notify("$/noSuchNotification", {"x": 1})
    session.notify("$/cancelRequest", {"id": 12345})
    assert_answers_hover(session)
    assert error_logs(session) == []


def test_after_shutdown_requests_are_invalid_and_exit_is_zero(session: RawSession) -> None:
    assert session.answer(session.request("shutdown"))["result"] is None
    late = session.request("textDocument/hover", HOVER)
    assert session.answer(late)["error"]["code"] == INVALID_REQUEST
    unknown = session.request("tensorls/noSuchRequest", {})
    assert session.answer(unknown)["error"]["code"] == INVALID_REQUEST
    session.notify("exit")
    assert session.wait_exit() == 0


def test_requests_before_initialize_get_server_not_initialized() -> None:
    session = RawSession()
    try:
        session.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///a.py"}})
        early = session.request("textDocument/hover", HOVER)
        assert session.answer(early)["error"]["code"] == SERVER_NOT_INITIALIZED
        session.initialize()
        assert_answers_hover(session)
    finally:
        session.close()


def test_exit_without_shutdown_exits_one(session: RawSession) -> None:
    assert_answers_hover(session)
    session.notify("exit")
    assert session.wait_exit() == 1


def open_large_file_and_wait_for_progress() -> RawSession:
    """A session analysing the 20,000-line corpus file with a ten-minute budget, returned once
    the analysis has run long enough to report work-done progress."""
    session = RawSession()
    session.initialize({"window": {"workDoneProgress": True}}, {"timeBudgetMs": 600_000})
    session.notify(
        "textDocument/didOpen",
        {
            "textDocument": {
                "uri": "file:///workspace/large.py",
                "languageId": "python",
                "version": 1,
                "text": LARGE_FILE.read_text(encoding="utf-8"),
            }
        },
    )
    while True:
        message = session.next_message()
        assert message is not None
        if message.get("method") == "$/progress" and message["params"]["value"]["kind"] == "begin":
            return session


def test_shutdown_and_exit_during_a_long_analysis() -> None:
    session = open_large_file_and_wait_for_progress()
    assert session.answer(session.request("shutdown"))["result"] is None
    session.notify("exit")
    assert session.wait_exit() == 0


def test_end_of_input_during_a_long_analysis_ends_the_process() -> None:
    """The client vanished without ``shutdown``: status 1, as for ``exit`` without it."""
    session = open_large_file_and_wait_for_progress()
    assert session.process.stdin is not None
    session.process.stdin.close()
    assert session.wait_exit() == 1


def test_end_of_input_after_shutdown_exits_zero(session: RawSession) -> None:
    assert session.answer(session.request("shutdown"))["result"] is None
    assert session.process.stdin is not None
    session.process.stdin.close()
    assert session.wait_exit() == 0


def test_frames_split_and_joined_arbitrarily(session: RawSession) -> None:
    """Several messages in one write, and one message in single-byte writes."""
    session.write(
        frame({"jsonrpc": "2.0", "id": 501, "method": "textDocument/hover", "params": HOVER})
        + frame({"jsonrpc": "2.0", "id": 502, "method": "textDocument/hover", "params": HOVER})
    )
    for byte in frame(
        {"jsonrpc": "2.0", "id": 503, "method": "textDocument/hover", "params": HOVER}
    ):
        session.write(bytes([byte]))
    assert [session.answer(msg_id)["result"] for msg_id in (501, 502, 503)] == [None] * 3


def _second_client_is_turned_away(port: int) -> bool:
    """True when a second connection to the port is refused or closed without an answer to its
    request (the session belongs to the first client)."""
    try:
        intruder = socket.create_connection(("127.0.0.1", port), timeout=WAIT_SECONDS)
    except ConnectionRefusedError:
        return True
    with intruder:
        try:
            intruder.sendall(
                frame({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": HOVER})
            )
            return intruder.recv(1) == b""
        except ConnectionError:
            return True


def _start_tcp_server() -> tuple[subprocess.Popen[bytes], int]:
    """A ``tensorls serve --tcp`` process and its port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [*SERVE, "--tcp", "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    return process, port


def _connect(port: int) -> socket.socket:
    for _ in range(WAIT_SECONDS * 10):
        try:
            return socket.create_connection(("127.0.0.1", port))
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on port {port}")


def _end(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.kill()
    process.wait()
    assert process.stderr is not None
    process.stderr.close()


def test_tcp_client_leaving_without_exit_ends_the_server() -> None:
    """A client that closes its connection without ``exit``: the process ends with status 1
    (from Python 3.12 the listener waits for the connection to close before it ends)."""
    process, port = _start_tcp_server()
    try:
        with _connect(port) as connection:
            initialize = {"processId": None, "rootUri": None, "capabilities": {}}
            connection.sendall(
                frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize})
            )
            assert connection.recv(1)
        assert process.wait(WAIT_SECONDS) == 1
    finally:
        _end(process)


def test_tcp_session_answers_and_exits() -> None:
    """``tensorls serve --tcp``: the same reader and exit over a socket; a second client is
    turned away."""
    process, port = _start_tcp_server()
    try:
        connection = _connect(port)
        with connection, connection.makefile("rb") as replies:
            initialize = {"processId": None, "rootUri": None, "capabilities": {}}
            connection.sendall(
                b"Content-Length: 3\r\n\r\n{x}"
                + frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": initialize})
                + frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
            )
            received: list[dict[str, object]] = []
            while not any(message.get("id") == 2 for message in received):
                length = 0
                while (line := replies.readline()) != b"\r\n":
                    assert line, "the connection closed before the shutdown answer"
                    name, _, value = line.decode("ascii").partition(":")
                    length = int(value) if name.lower() == "content-length" else length
                received.append(json.loads(replies.read(length)))
            answers = {message["id"]: message for message in received if "method" not in message}
            assert answers[None]["error"]["code"] == PARSE_ERROR  # type: ignore[index]
            assert "result" in answers[1] and "result" in answers[2]
            assert _second_client_is_turned_away(port)
            connection.sendall(frame({"jsonrpc": "2.0", "method": "exit"}))
            assert process.wait(WAIT_SECONDS) == 0
    finally:
        _end(process)
