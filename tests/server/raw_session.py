"""A real ``tensorls serve`` subprocess spoken to in raw bytes (no LSP client library).

For what a client library cannot send: corrupt frames, malformed JSON, out-of-order lifecycle
messages. A reader thread decodes the server's frames (the server's own output is well formed)
into a queue; the test waits for answers with a generous timeout that only detects hangs.
"""

from __future__ import annotations

import itertools
import json
import queue
import subprocess
import sys
import threading
from typing import Any

SERVE = [sys.executable, "-m", "tensorls", "serve"]
WAIT_SECONDS = 60


def frame(message: object) -> bytes:
    body = json.dumps(message).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


class RawSession:
    """One server process; ``send``/``request`` write frames, ``answer`` waits for a response."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            SERVE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self._ids = itertools.count(1)
        self._incoming: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.responses: dict[object, dict[str, Any]] = {}
        self.notifications: list[dict[str, Any]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            length = None
            while (line := stdout.readline()) not in (b"\r\n", b""):
                name, _, value = line.decode("ascii").partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if not line or length is None:
                self._incoming.put(None)
                return
            self._incoming.put(json.loads(stdout.read(length)))

    def write(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        self.write(frame({"jsonrpc": "2.0", **message}))

    def notify(self, method: str, params: object = None) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: object = None) -> int:
        msg_id = next(self._ids)
        self.send({"id": msg_id, "method": method, "params": params})
        return msg_id

    def next_message(self, timeout: float = WAIT_SECONDS) -> dict[str, Any] | None:
        """The next message from the server (None once its output ended); answers the
        server's own requests (registration, configuration, progress) with null."""
        message = self._incoming.get(timeout=timeout)
        if message is None:
            return None
        if "method" in message:
            if "id" in message:
                self.send({"id": message["id"], "result": None})
            else:
                self.notifications.append(message)
        elif "id" in message:
            self.responses[message["id"]] = message
        return message

    def answer(self, msg_id: object, timeout: float = WAIT_SECONDS) -> dict[str, Any]:
        """The response to request ``msg_id`` (an AssertionError if the output ends first)."""
        while msg_id not in self.responses:
            assert self.next_message(timeout) is not None, f"no answer to {msg_id!r}"
        return self.responses.pop(msg_id)

    def initialize(self, capabilities: object | None = None, options: object = None) -> None:
        msg_id = self.request(
            "initialize",
            {
                "processId": None,
                "rootUri": None,
                "capabilities": capabilities or {},
                "initializationOptions": options,
            },
        )
        assert "result" in self.answer(msg_id)
        self.notify("initialized", {})

    def wait_exit(self, timeout: float = WAIT_SECONDS) -> int:
        """Close stdin if still open and wait for the process to end; its exit status."""
        try:
            return self.process.wait(timeout)
        finally:
            self.close()

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()

    def stderr(self) -> str:
        assert self.process.stderr is not None
        return self.process.stderr.read().decode("utf-8", "replace")
