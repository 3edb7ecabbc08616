"""The language servers the latency benchmark drives, and the editor-like client that drives them.

- ``TOOLS`` / ``VERSIONS`` / ``ensure_tool``: the other servers (basedpyright, ty, pyrefly), each
  installed from PyPI at a pinned version into a virtual environment under
  ``$XDG_CACHE_HOME/tensorls-bench`` (default ``~/.cache/tensorls-bench``), never inside the
  repository;
- ``client_capabilities`` / ``configuration_sections``: what the client announces (close to VS
  Code, without pull diagnostics, so every server pushes) and answers to
  ``workspace/configuration``;
- ``LanguageServer``: one server subprocess in its own session, spoken to with JSON-RPC over stdio;
  it records every ``publishDiagnostics`` as ``Published``. A ``publishDiagnostics`` counts for a
  version when its ``version`` field is at least that version, or, for a server that omits the
  field, when it arrives after the change was sent. It also follows work-done progress
  (``$/progress``), so that the last ``publishDiagnostics`` of a version can be told from an
  early one (``settled_diagnostics``: tensorls pushes a long first analysis's diagnostics found
  so far before its result);
- ``PeakRss``: the peak resident set of a server's process tree, polled from ``/proc`` (Linux).

Nothing here measures or reports; ``lsp_latency.py`` does.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BASEDPYRIGHT_VERSION = "1.40.2"
TY_VERSION = "0.0.104"
PYREFLY_VERSION = "1.4.1"

JsonObject = dict[str, Any]


def cache_folder() -> Path:
    """Where the benchmark keeps tools it installs (never inside the repository)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "tensorls-bench"


TOOLS = {
    "basedpyright": ("basedpyright", "basedpyright-langserver", ("--stdio",)),
    "ty": ("ty", "ty", ("server",)),
    "pyrefly": ("pyrefly", "pyrefly", ("lsp",)),
}
"""Per other server: its PyPI package, its executable and the arguments that start its language
server on stdio."""
VERSIONS = {"basedpyright": BASEDPYRIGHT_VERSION, "ty": TY_VERSION, "pyrefly": PYREFLY_VERSION}


def ensure_tool(name: str, version: str) -> Path:
    """The executable of server ``name`` (a key of ``TOOLS``), installing its PyPI package at
    ``version`` into a virtual environment in the cache if needed."""
    package, executable_name, _ = TOOLS[name]
    venv = cache_folder() / f"{package}-{version}"
    executable = venv / "bin" / executable_name
    if executable.exists():
        return executable
    print(f"installing {package} {version} into {venv} ...", file=sys.stderr)
    venv.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run(
        [str(venv / "bin" / "pip"), "install", "--quiet", f"{package}=={version}"], check=True
    )
    return executable


def client_capabilities() -> JsonObject:
    """Capabilities close to VS Code's, minus pull diagnostics (so both servers push)."""
    return {
        "general": {
            "positionEncodings": ["utf-16"],
            "staleRequestSupport": {
                "cancel": True,
                "retryOnContentModified": [
                    "textDocument/semanticTokens/full",
                    "textDocument/semanticTokens/range",
                    "textDocument/semanticTokens/full/delta",
                ],
            },
        },
        "window": {"workDoneProgress": True, "showMessage": {}, "showDocument": {"support": True}},
        "workspace": {
            "applyEdit": True,
            "workspaceEdit": {"documentChanges": True, "resourceOperations": ["create", "rename"]},
            "didChangeConfiguration": {"dynamicRegistration": True},
            "didChangeWatchedFiles": {"dynamicRegistration": True},
            "configuration": True,
            "workspaceFolders": True,
            "inlayHint": {"refreshSupport": True},
        },
        "textDocument": {
            "synchronization": {
                "dynamicRegistration": True,
                "willSave": True,
                "willSaveWaitUntil": True,
                "didSave": True,
            },
            "publishDiagnostics": {
                "relatedInformation": True,
                "versionSupport": True,
                "tagSupport": {"valueSet": [1, 2]},
                "codeDescriptionSupport": True,
                "dataSupport": True,
            },
            "hover": {"dynamicRegistration": True, "contentFormat": ["markdown", "plaintext"]},
            "inlayHint": {
                "dynamicRegistration": True,
                "resolveSupport": {"properties": ["tooltip", "label.tooltip", "textEdits"]},
            },
            "codeAction": {
                "dynamicRegistration": True,
                "isPreferredSupport": True,
                "dataSupport": True,
                "resolveSupport": {"properties": ["edit"]},
                "codeActionLiteralSupport": {
                    "codeActionKind": {
                        "valueSet": ["", "quickfix", "refactor", "refactor.rewrite", "source"]
                    }
                },
            },
        },
    }


def configuration_sections(python: str, basedpyright_mode: str) -> dict[str, object]:
    """Answers to ``workspace/configuration`` by section; other sections get null (defaults)."""
    analysis = {"typeCheckingMode": basedpyright_mode, "diagnosticMode": "openFilesOnly"}
    return {
        "python": {"pythonPath": python},
        "basedpyright": {"analysis": analysis},
        "basedpyright.analysis": analysis,
        "tensorls": {},
    }


@dataclass
class Published:
    """One ``publishDiagnostics`` notification as received."""

    received: float
    uri: str
    version: int | None
    diagnostics: list[JsonObject]


class PeakRss:
    """Tracks the peak resident set of a process tree by polling ``/proc`` (Linux only).

    ``VmHWM`` is each process's own high-water mark, so polling only has to see every process once
    while it is alive; the reported peak is the sum over processes of their high-water marks, an
    upper bound of the tree's true simultaneous peak.
    """

    def __init__(self, root: int) -> None:
        self.root = root
        self.high_water_kb: dict[int, int] = {}

    def descendants(self) -> list[int]:
        parents: dict[int, list[int]] = {}
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", encoding="ascii", errors="replace") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents.setdefault(int(fields[1]), []).append(int(entry.name))
        found: list[int] = []
        frontier = [self.root]
        while frontier:
            pid = frontier.pop()
            found.append(pid)
            frontier.extend(parents.get(pid, ()))
        return found

    def sample(self) -> None:
        for pid in self.descendants():
            try:
                with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as status:
                    for line in status:
                        if line.startswith("VmHWM:"):
                            kb = int(line.split()[1])
                            self.high_water_kb[pid] = max(self.high_water_kb.get(pid, 0), kb)
                            break
            except OSError:
                continue

    async def poll(self, interval: float) -> None:
        while True:
            self.sample()
            await asyncio.sleep(interval)

    @property
    def megabytes(self) -> float:
        return sum(self.high_water_kb.values()) / 1024


class LanguageServer:
    """A language server subprocess spoken to with JSON-RPC over stdio (``Content-Length`` framing)."""

    def __init__(self, name: str, command: Sequence[str], workspace: Path, sections: JsonObject):
        self.name = name
        self.command = list(command)
        self.workspace = workspace
        self.sections = sections
        self.process: asyncio.subprocess.Process | None = None
        self.log_path = workspace.parent / f"{name}.stderr.log"
        self.pending: dict[int, asyncio.Future[tuple[float, JsonObject]]] = {}
        self.published: list[Published] = []
        self.arrived = asyncio.Event()
        self.ids = itertools.count(1)
        self.reader: asyncio.Task[None] | None = None
        self.environment: dict[str, str] | None = None
        """The process environment (None: this process's)."""
        self.progress_open: set[object] = set()
        """The work-done progress tokens begun and not ended."""
        self.last_activity = 0.0
        """When the last ``publishDiagnostics`` or ``$/progress`` arrived."""

    async def start(self) -> None:
        with open(self.log_path, "wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                *self.command,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=log,
                cwd=self.workspace,
                start_new_session=True,
                env=self.environment,
            )
        self.reader = asyncio.create_task(self._read_messages())

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def _write(self, message: JsonObject) -> None:
        assert self.process is not None and self.process.stdin is not None
        body = json.dumps(message, separators=(",", ":")).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        await self.process.stdin.drain()

    async def _read_messages(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        stream = self.process.stdout
        while True:
            try:
                header = await stream.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, ConnectionError):
                break
            length = 0
            for line in header.decode("ascii").split("\r\n"):
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            body = await stream.readexactly(length)
            received = time.perf_counter()
            await self._dispatch(json.loads(body), received)
        for future in self.pending.values():
            if not future.done():
                future.set_exception(ConnectionError(f"{self.name} closed its output"))

    async def _dispatch(self, message: JsonObject, received: float) -> None:
        if "method" not in message:
            future = self.pending.pop(message.get("id"), None)
            if future is not None and not future.done():
                future.set_result((received, message))
            return
        method = message["method"]
        params = message.get("params") or {}
        if method == "textDocument/publishDiagnostics":
            self.published.append(
                Published(received, params["uri"], params.get("version"), params["diagnostics"])
            )
            self.last_activity = received
            self.arrived.set()
        if method == "$/progress":
            kind = (params.get("value") or {}).get("kind")
            if kind == "begin":
                self.progress_open.add(params.get("token"))
            elif kind == "end":
                self.progress_open.discard(params.get("token"))
            self.last_activity = received
            self.arrived.set()
        if "id" in message:
            await self._write(
                {"jsonrpc": "2.0", "id": message["id"], "result": self._answer(method, params)}
            )

    def _answer(self, method: str, params: JsonObject) -> object:
        """What an editor answers to a server-to-client request (null where it just agrees)."""
        if method == "workspace/configuration":
            return [self.sections.get(item.get("section", "")) for item in params.get("items", [])]
        if method == "workspace/workspaceFolders":
            return [{"uri": self.workspace.as_uri(), "name": self.workspace.name}]
        return None

    async def request(self, method: str, params: object, timeout: float) -> tuple[float, object]:
        """Send a request; return (seconds until the response arrived, its result)."""
        identifier = next(self.ids)
        future: asyncio.Future[tuple[float, JsonObject]] = (
            asyncio.get_running_loop().create_future()
        )
        self.pending[identifier] = future
        sent = time.perf_counter()
        await self._write({"jsonrpc": "2.0", "id": identifier, "method": method, "params": params})
        received, response = await asyncio.wait_for(future, timeout)
        if "error" in response:
            raise RuntimeError(f"{self.name}: {method} failed: {response['error']}")
        return received - sent, response.get("result")

    async def notify(self, method: str, params: object) -> float:
        """Send a notification; return the time it was sent."""
        sent = time.perf_counter()
        await self._write({"jsonrpc": "2.0", "method": method, "params": params})
        return sent

    async def diagnostics_for(
        self, uri: str, version: int, sent: float, timeout: float
    ) -> Published:
        """The first ``publishDiagnostics`` for ``uri`` that answers ``version`` (see module doc)."""
        deadline = time.perf_counter() + timeout
        while True:
            for published in self.published:
                if published.uri != uri or published.received < sent:
                    continue
                if published.version is None or published.version >= version:
                    return published
            self.arrived.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: no diagnostics for version {version}")
            with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), remaining)

    async def settled_diagnostics(
        self, uri: str, version: int, sent: float, quiet: float, timeout: float
    ) -> tuple[Published, int]:
        """The last ``publishDiagnostics`` for ``uri`` answering ``version`` once the server is
        settled (no work-done progress open, and ``quiet`` seconds without a publish or a
        progress notification), and how many answered it. Call it once the first one arrived."""
        deadline = time.perf_counter() + timeout
        while self.progress_open or time.perf_counter() - self.last_activity < quiet:
            self.arrived.clear()
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: version {version} never settled")
            wait = remaining if self.progress_open else quiet
            with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), min(wait, remaining))
        answering = [
            published
            for published in self.published
            if published.uri == uri
            and published.received >= sent
            and (published.version is None or published.version >= version)
        ]
        return answering[-1], len(answering)

    async def stop(self) -> None:
        """``shutdown`` and ``exit``; then end whatever is left of the server's process group.

        The server runs in its own session, so its group holds exactly the processes it started
        (basedpyright's launcher and its ``node``). A server still busy with an analysis may not
        answer ``shutdown`` in time; its group is killed after 10 s.
        """
        assert self.process is not None
        with contextlib.suppress(Exception):
            await self.request("shutdown", None, timeout=10)
            await self.notify("exit", None)
        with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
            await asyncio.wait_for(self.process.wait(), 10)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.pid, signal.SIGKILL)
        await self.process.wait()
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader
