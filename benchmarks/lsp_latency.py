"""Editor-like latency benchmark: tensorls and basedpyright driven over stdio on the same files.

Usage (from the repository root, with the project's virtual environment):

    .venv/bin/python benchmarks/lsp_latency.py

For each corpus file (``benchmarks/corpus/ml_{small,medium,large}.py``) and each server, a fresh
server process is started in a temporary workspace holding only that file, and driven as an editor
drives it: ``initialize`` (realistic client capabilities), ``initialized``, ``didOpen``, a series
of incremental ``didChange`` edits inside function bodies (each a new version: a float literal
changed, or a local variable renamed throughout its function), ``hover`` requests, ``shutdown`` and
``exit``. It measures

- open -> the first ``textDocument/publishDiagnostics`` for version 1;
- change -> the first ``publishDiagnostics`` for the new version (median and p95 over the edits);
- hover request -> response (median and p95), on names inside function bodies;
- peak RSS of the server process tree (the sum of ``VmHWM`` from ``/proc/<pid>/status`` over the
  server process and every descendant seen while it ran).

Both servers get push-only capabilities: the client does not announce
``textDocument.diagnostic`` (pull diagnostics), so a server that supports both must push, and
basedpyright pushes anyway. A ``publishDiagnostics`` counts for a version when its ``version`` field
is at least that version, or, for a server that omits the field, when it arrives after the change
was sent.

basedpyright (PyPI package ``basedpyright``) is installed, on first use, into a virtual environment
under ``$XDG_CACHE_HOME/tensorls-bench`` (default ``~/.cache/tensorls-bench``), outside the
repository; ``--basedpyright PATH`` points at an existing ``basedpyright-langserver`` instead. It runs
with ``typeCheckingMode = "standard"`` (pyright's default rule set; ``--basedpyright-mode``),
``diagnosticMode = "openFilesOnly"``, and this interpreter as ``python.pythonPath`` so that it
resolves the real NumPy and its type annotations.

ty (``ty server``) and pyrefly (``pyrefly lsp``), Rust type checkers, are installed and run the
same way (``--ty-version``, ``--pyrefly-version``); every server gets ``VIRTUAL_ENV`` set to the
benchmark interpreter's environment, where ty and pyrefly find NumPy. Edits are made in turn
inside function bodies, at the end of the file, on a module-level literal near the middle, and as
Enter near the middle (``--edit-kinds``; ``EDIT_KINDS``); the corpus includes module-level scripts
and a notebook exported as a script (``make_corpus.py``).
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import collections
import contextlib
import itertools
import json
import math
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCHMARKS = Path(__file__).resolve().parent
CORPUS = BENCHMARKS / "corpus"
CORPUS_FILES = {
    "small": "ml_small.py",
    "medium": "ml_medium.py",
    "large": "ml_large.py",
    "script": "script_medium.py",
    "script-large": "script_large.py",
    "notebook": "notebook_medium.py",
}
LARGE_FILES = frozenset({"ml_large.py", "script_large.py"})
"""Files of about 20,000 lines (basedpyright gets fewer edits there: each re-check takes minutes)."""
BASEDPYRIGHT_VERSION = "1.40.2"
TY_VERSION = "0.0.104"
PYREFLY_VERSION = "1.4.1"
EDIT_KINDS = ("function", "end", "middle", "enter")
"""Where edits are made, in turn: inside a function body (``make_function_edit``), a statement
typed at the end of the file, a float literal of a module-level statement near the middle, and
Enter at the start of a top-level statement near the middle (every line below moves)."""
SEVERITIES = {1: "error", 2: "warning", 3: "information", 4: "hint"}
NOT_HOVERED = frozenset(
    {
        "np",
        "math",
        "self",
        "range",
        "len",
        "float",
        "int",
        "zip",
        "enumerate",
        "max",
        "min",
        "print",
    }
)

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


@dataclass
class Edit:
    """One ``didChange``: content changes applied in order, and what it does."""

    changes: list[JsonObject]
    description: str
    kind: str = "function"


def lsp_range(line: int, start: int, end: int) -> JsonObject:
    """An LSP range on one line (the corpus is ASCII, so UTF-16 columns equal ``ast`` offsets)."""
    return {
        "start": {"line": line, "character": start},
        "end": {"line": line, "character": end},
    }


def apply_changes(text: str, changes: list[JsonObject]) -> str:
    """Apply incremental content changes to ``text`` in order, as the server must."""
    for change in changes:
        lines = text.split("\n")
        start, end = change["range"]["start"], change["range"]["end"]
        offset_start = sum(len(line) + 1 for line in lines[: start["line"]]) + start["character"]
        offset_end = sum(len(line) + 1 for line in lines[: end["line"]]) + end["character"]
        text = text[:offset_start] + change["text"] + text[offset_end:]
    return text


def functions_of(tree: ast.Module) -> list[ast.FunctionDef]:
    """Every function and method except the suite runners, in source order."""
    found = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
        and node.name != "main"
        and not node.name.startswith("run_suite_")
    ]
    return sorted(found, key=lambda node: node.lineno)


def body_nodes(function: ast.FunctionDef) -> list[ast.AST]:
    """The nodes of ``function``'s body (not its signature or decorators)."""
    return [node for statement in function.body for node in ast.walk(statement)]


def float_constants(function: ast.FunctionDef) -> list[ast.Constant]:
    return [
        node
        for node in body_nodes(function)
        if isinstance(node, ast.Constant) and type(node.value) is float
    ]


def renameable_locals(function: ast.FunctionDef) -> list[str]:
    """Local variables assigned in the body that are not parameters, in order of first store."""
    parameters = {
        argument.arg for argument in ast.walk(function.args) if isinstance(argument, ast.arg)
    }
    names: list[str] = []
    for node in body_nodes(function):
        if (
            isinstance(node, ast.Name)
            and isinstance(node.ctx, ast.Store)
            and node.id not in parameters
            and node.id not in names
            and node.id != "_"
        ):
            names.append(node.id)
    return names


def make_edit(text: str, index: int, count: int, version: int, kinds: Sequence[str]) -> Edit:
    """The ``index``-th of ``count`` edits; its kind is ``kinds[index % len(kinds)]`` (see
    ``EDIT_KINDS``). Module-level edits fall back to a function edit in a file whose module level
    has no float literal."""
    kind = kinds[index % len(kinds)]
    tree = ast.parse(text)
    if kind == "end":
        lines = text.split("\n")
        last = len(lines) - 1
        statement = f"edit_{version} = {version}.5 * 2\n"
        prefix = "" if lines[last] == "" else "\n"
        change = {"range": lsp_range(last, len(lines[last]), len(lines[last]))}
        change["text"] = prefix + statement
        return Edit([change], f"typed at the end: {statement.strip()}", kind)
    middle = text.count("\n") // 2
    if kind == "enter":
        statement = min(tree.body, key=lambda node: abs(node.lineno - middle))
        change = {"range": lsp_range(statement.lineno - 1, 0, 0), "text": "\n"}
        return Edit([change], f"Enter before line {statement.lineno}", kind)
    if kind == "middle":
        constants = sorted(
            (
                node
                for statement in tree.body
                if not isinstance(statement, (ast.FunctionDef, ast.ClassDef))
                for node in ast.walk(statement)
                if isinstance(node, ast.Constant) and isinstance(node.value, float)
            ),
            key=lambda node: abs(node.lineno - middle),
        )
        if constants:
            constant = constants[version % min(len(constants), 8)]
            return _literal_edit(text, constant, "module level", kind)
    return make_function_edit(text, index, count, version)


def _literal_edit(text: str, constant: ast.Constant, where: str, kind: str) -> Edit:
    """Scale the float literal ``constant`` by 1.5 (or add 0.5 where that changes nothing)."""
    value = float(constant.value)  # type: ignore[arg-type]
    new_text = repr(value * 1.5) if value * 1.5 != value else repr(value + 0.5)
    line = constant.lineno - 1
    assert constant.end_col_offset is not None
    change = {"range": lsp_range(line, constant.col_offset, constant.end_col_offset)}
    change["text"] = new_text
    old_text = text.split("\n")[line][constant.col_offset : constant.end_col_offset]
    return Edit([change], f"{old_text} -> {new_text} in {where} line {line + 1}", kind)


def make_function_edit(text: str, index: int, count: int, version: int) -> Edit:
    """The ``index``-th of ``count`` edits, spread evenly over the file's functions.

    Even-numbered edits change a float literal inside the body (scaled by 1.5); odd-numbered ones
    rename a local variable at every occurrence in its function (one change per occurrence, last
    first so that earlier ranges stay valid). Functions without a candidate of the wanted kind
    fall back to the other kind or to the next function.
    """
    functions = functions_of(ast.parse(text))
    start = round(index * (len(functions) - 1) / max(count - 1, 1))
    for function in functions[start:] + functions[:start]:
        constants = float_constants(function)
        local_names = renameable_locals(function)
        if index % 2 == 1 and local_names:
            old = local_names[version % len(local_names)]
            new = f"{old}_v{version}"
            occurrences = sorted(
                (
                    (node.lineno - 1, node.col_offset)
                    for node in body_nodes(function)
                    if isinstance(node, ast.Name) and node.id == old
                ),
                reverse=True,
            )
            changes = [
                {"range": lsp_range(line, column, column + len(old)), "text": new}
                for line, column in occurrences
            ]
            return Edit(
                changes,
                f"rename {old} -> {new} in {function.name} ({len(changes)} sites)",
                "function",
            )
        if constants:
            constant = constants[version % len(constants)]
            return _literal_edit(text, constant, function.name, "function")
    raise ValueError("no function with a float literal or a local variable to edit")


def hover_positions(text: str, count: int) -> list[tuple[int, int, str]]:
    """``count`` (line, column, name) spots spread over the file: the middle of names read in bodies."""
    candidates = [
        (node.lineno - 1, node.col_offset + len(node.id) // 2, node.id)
        for function in functions_of(ast.parse(text))
        for node in body_nodes(function)
        if isinstance(node, ast.Name)
        and isinstance(node.ctx, ast.Load)
        and node.id not in NOT_HOVERED
    ]
    candidates.sort()
    step = len(candidates) / count
    return [candidates[int(i * step)] for i in range(count)]


@dataclass
class Measurement:
    """What one server did on one file."""

    server: str
    file: str
    lines: int
    initialize_ms: float = math.nan
    open_ms: float = math.nan
    open_diagnostics: int = 0
    change_ms: list[float] = field(default_factory=list)
    change_kinds: list[str] = field(default_factory=list)
    """The kind of each edit of ``change_ms`` (see ``EDIT_KINDS``)."""
    last_diagnostics: int = 0
    last_codes: dict[str, int] = field(default_factory=dict)
    hover_ms: list[float] = field(default_factory=list)
    hovers_answered: int = 0
    peak_rss_mb: float = math.nan
    error: str | None = None
    started_utc: str = ""
    load_average: float = math.nan


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (p95 of 24 values is the 23rd smallest)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(math.ceil(fraction * len(ordered)) - 1, 0)]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else math.nan


async def measure(
    name: str,
    command: Sequence[str],
    corpus_file: Path,
    arguments: argparse.Namespace,
) -> Measurement:
    """Start ``command`` in a fresh workspace holding ``corpus_file`` and drive it like an editor."""
    text = corpus_file.read_text(encoding="utf-8")
    measurement = Measurement(name, corpus_file.name, text.count("\n"))
    measurement.started_utc = time.strftime("%H:%M", time.gmtime())
    measurement.load_average = os.getloadavg()[0]
    scratch = Path(tempfile.mkdtemp(prefix=f"tensorls-bench-{name}-"))
    workspace = scratch / "workspace"
    workspace.mkdir()
    document = workspace / corpus_file.name
    document.write_text(text, encoding="utf-8")
    uri = document.as_uri()
    sections = configuration_sections(arguments.python, arguments.basedpyright_mode)
    server = LanguageServer(name, command, workspace, sections)
    server.environment = {
        **os.environ,
        "VIRTUAL_ENV": str(Path(arguments.python).absolute().parent.parent),
    }
    await server.start()
    rss = PeakRss(server.pid)
    poller = asyncio.create_task(rss.poll(0.2))
    timeout = arguments.timeout
    try:
        measurement.initialize_ms = (
            1000
            * (
                await server.request(
                    "initialize",
                    {
                        "processId": os.getpid(),
                        "clientInfo": {"name": "tensorls-bench", "version": "1"},
                        "rootUri": workspace.as_uri(),
                        "workspaceFolders": [{"uri": workspace.as_uri(), "name": workspace.name}],
                        "capabilities": client_capabilities(),
                        "trace": "off",
                    },
                    timeout,
                )
            )[0]
        )
        await server.notify("initialized", {})
        await asyncio.sleep(arguments.settle)
        version = 1
        sent = await server.notify(
            "textDocument/didOpen",
            {
                "textDocument": {
                    "uri": uri,
                    "languageId": "python",
                    "version": version,
                    "text": text,
                }
            },
        )
        published = await server.diagnostics_for(uri, version, sent, timeout)
        measurement.open_ms = 1000 * (published.received - sent)
        measurement.open_diagnostics = len(published.diagnostics)
        print(
            f"  {name} {corpus_file.name}: open -> diagnostics {measurement.open_ms:,.1f} ms",
            file=sys.stderr,
        )
        await asyncio.sleep(arguments.settle)
        edits = arguments.edits
        if name == "basedpyright" and corpus_file.name in LARGE_FILES:
            edits = min(edits, arguments.basedpyright_large_edits)
        for index in range(edits):
            version += 1
            edit = make_edit(text, index, edits, version, arguments.edit_kinds)
            text = apply_changes(text, edit.changes)
            sent = await server.notify(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": uri, "version": version},
                    "contentChanges": edit.changes,
                },
            )
            published = await server.diagnostics_for(uri, version, sent, timeout)
            measurement.change_ms.append(1000 * (published.received - sent))
            measurement.change_kinds.append(edit.kind)
            measurement.last_diagnostics = len(published.diagnostics)
            measurement.last_codes = dict(
                collections.Counter(
                    f"{SEVERITIES.get(d.get('severity', 1), '?')}:{d.get('code', '?')}"
                    for d in published.diagnostics
                )
            )
            if arguments.verbose:
                print(
                    f"  {name} {corpus_file.name} v{version}: {edit.description}: "
                    f"{measurement.change_ms[-1]:.1f} ms, {len(published.diagnostics)} diagnostics",
                    file=sys.stderr,
                )
            await asyncio.sleep(arguments.pause)
        for line, column, _ in hover_positions(text, arguments.hovers):
            elapsed, result = await server.request(
                "textDocument/hover",
                {"textDocument": {"uri": uri}, "position": {"line": line, "character": column}},
                timeout,
            )
            measurement.hover_ms.append(1000 * elapsed)
            measurement.hovers_answered += result is not None
        rss.sample()
    except (TimeoutError, asyncio.TimeoutError, ConnectionError, RuntimeError) as error:
        measurement.error = f"{type(error).__name__}: {error} (server log: {server.log_path})"
    finally:
        rss.sample()
        measurement.peak_rss_mb = rss.megabytes
        poller.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await poller
        await server.stop()
    if measurement.error is None:
        shutil.rmtree(scratch, ignore_errors=True)
    return measurement


def format_ms(value: float) -> str:
    return "—" if math.isnan(value) else f"{value:,.1f}"


def ratio(ours: float, theirs: float) -> str:
    if math.isnan(ours) or math.isnan(theirs) or theirs == 0:
        return "—"
    return f"{ours / theirs:.3f}"


def results_table(measurements: list[Measurement]) -> str:
    """A Markdown table of every measurement."""
    rows = [
        "| file | lines | server | init ms | open→diag ms | change→diag median ms | "
        "change→diag p95 ms | edits | hover median ms | hover p95 ms | hovers answered | peak RSS MB | "
        "diagnostics (open/last) | started UTC (load) |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    kinds_rows = [
        "| file | server | " + " | ".join(f"{kind} median / p95 ms" for kind in EDIT_KINDS) + " |",
        "|---|---|" + "---:|" * len(EDIT_KINDS),
    ]
    for m in measurements:
        rows.append(
            f"| {m.file} | {m.lines:,} | {m.server} | {format_ms(m.initialize_ms)} | "
            f"{format_ms(m.open_ms)} | {format_ms(median(m.change_ms))} | "
            f"{format_ms(percentile(m.change_ms, 0.95))} | {len(m.change_ms)} | "
            f"{format_ms(median(m.hover_ms))} | "
            f"{format_ms(percentile(m.hover_ms, 0.95))} | {m.hovers_answered}/{len(m.hover_ms)} | "
            f"{format_ms(m.peak_rss_mb)} | {m.open_diagnostics}/{m.last_diagnostics} | "
            f"{m.started_utc} ({m.load_average:.1f}) |"
        )
        by_kind = [
            [ms for ms, kind in zip(m.change_ms, m.change_kinds, strict=False) if kind == wanted]
            for wanted in EDIT_KINDS
        ]
        kinds_rows.append(
            f"| {m.file} | {m.server} | "
            + " | ".join(
                f"{format_ms(median(values))} / {format_ms(percentile(values, 0.95))} ({len(values)})"
                for values in by_kind
            )
            + " |"
        )
    return (
        "\n".join(rows) + "\n\nChange→diagnostics by edit kind (edits):\n\n" + "\n".join(kinds_rows)
    )


def diagnostics_report(measurements: list[Measurement]) -> str:
    """Diagnostics of the last version per server and file, by severity and code.

    The corpus runs under real NumPy, so an error-severity diagnostic from tensorls is a false
    positive.
    """
    lines = ["Diagnostics on the last version (severity:code x count):"]
    for m in measurements:
        codes = ", ".join(f"{code} x{count}" for code, count in sorted(m.last_codes.items()))
        lines.append(f"- {m.server} on {m.file}: {codes or 'none'}")
    return "\n".join(lines)


def ratio_table(measurements: list[Measurement]) -> str:
    """tensorls / each other server, per metric and file (below 1: tensorls is faster/smaller)."""
    by_key = {(m.server, m.file): m for m in measurements}
    rows = [
        "| file | other server | open→diag | change→diag median | change→diag p95 | hover median"
        " | peak RSS |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for file in dict.fromkeys(m.file for m in measurements):
        ours = by_key.get(("tensorls", file))
        for other in TOOLS:
            theirs = by_key.get((other, file))
            if ours is None or theirs is None:
                continue
            rows.append(
                f"| {file} | {other} | {ratio(ours.open_ms, theirs.open_ms)} | "
                f"{ratio(median(ours.change_ms), median(theirs.change_ms))} | "
                f"{ratio(percentile(ours.change_ms, 0.95), percentile(theirs.change_ms, 0.95))} | "
                f"{ratio(median(ours.hover_ms), median(theirs.hover_ms))} | "
                f"{ratio(ours.peak_rss_mb, theirs.peak_rss_mb)} |"
            )
    return "\n".join(rows)


def verdict(value: float, limit: float, unit: str) -> str:
    if math.isnan(value):
        return "not measured"
    if value <= limit:
        return f"met ({value:,.1f} {unit} ≤ {limit:,.1f} {unit})"
    return f"MISSED by {value - limit:,.1f} {unit} ({value / limit:.1f}× the limit of {limit:,.1f} {unit})"


def targets_report(measurements: list[Measurement]) -> str:
    """The targets of issue 17 (and issue 5's hover target), checked against tensorls' numbers."""
    by_key = {(m.server, m.file): m for m in measurements}
    lines = ["Targets (issue 17), tensorls:"]
    for m in measurements:
        if m.server != "tensorls":
            continue
        if m.file in LARGE_FILES:
            lines.append(
                f"- change→diag median on {m.file} ≤ 200 ms: "
                f"{verdict(median(m.change_ms), 200, 'ms')}"
            )
            lines.append(f"- peak RSS on {m.file} ≤ 300 MB: {verdict(m.peak_rss_mb, 300, 'MB')}")
        elif m.lines >= 2_000:
            lines.append(
                f"- change→diag median on {m.file} ≤ 50 ms: {verdict(median(m.change_ms), 50, 'ms')}"
            )
            lines.append(
                f"- change→diag p95 on {m.file} ≤ 150 ms: "
                f"{verdict(percentile(m.change_ms, 0.95), 150, 'ms')}"
            )
            ty = by_key.get(("ty", m.file))
            if ty is not None:
                lines.append(
                    f"- open→diag on {m.file} ≤ 1.5 × ty's {format_ms(ty.open_ms)} ms: "
                    f"{verdict(m.open_ms, 1.5 * ty.open_ms, 'ms')}"
                )
        lines.append(
            f"- hover median on {m.file} ≤ 10 ms: {verdict(median(m.hover_ms), 10, 'ms')}; "
            f"p95: {format_ms(percentile(m.hover_ms, 0.95))} ms"
        )
    return "\n".join(lines)


def server_commands(arguments: argparse.Namespace) -> dict[str, list[str]]:
    commands: dict[str, list[str]] = {}
    if "tensorls" in arguments.servers:
        commands["tensorls"] = [arguments.python, "-m", "tensorls", "serve"]
    for name, (_, _, server_arguments) in TOOLS.items():
        if name not in arguments.servers:
            continue
        given = getattr(arguments, name)
        version = getattr(arguments, f"{name}_version")
        executable = Path(given) if given else ensure_tool(name, version)
        commands[name] = [str(executable), *server_arguments]
    return commands


def tool_versions(arguments: argparse.Namespace, commands: dict[str, list[str]]) -> list[str]:
    lines = [f"python {sys.version.split()[0]} ({arguments.python})"]
    probe = (
        "import importlib.metadata as m; "
        "print(' / '.join(f'{n} {m.version(n)}' for n in ('tensorls', 'pygls', 'numpy')))"
    )
    completed = subprocess.run(
        [arguments.python, "-c", probe], capture_output=True, text=True, check=False
    )
    lines.append(completed.stdout.strip() or completed.stderr.strip())
    for name in TOOLS:
        if name not in commands:
            continue
        binary = Path(commands[name][0]).with_name(name)
        completed = subprocess.run(
            [str(binary), "--version"], capture_output=True, text=True, check=False
        )
        lines.append(f"{name}: " + " ".join(completed.stdout.split()))
    return lines


async def run(arguments: argparse.Namespace) -> list[Measurement]:
    commands = server_commands(arguments)
    for line in tool_versions(arguments, commands):
        print(line)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    measurements: list[Measurement] = []
    for size in arguments.files:
        corpus_file = CORPUS / CORPUS_FILES[size]
        for name, command in commands.items():
            print(f"{name} on {corpus_file.name} ...", file=sys.stderr)
            measurement = await measure(name, command, corpus_file, arguments)
            if measurement.error:
                print(f"  {name} on {corpus_file.name}: {measurement.error}", file=sys.stderr)
            measurements.append(measurement)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return measurements


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--files",
        nargs="+",
        choices=sorted(CORPUS_FILES),
        default=["small", "medium", "large", "script", "script-large", "notebook"],
    )
    parser.add_argument(
        "--servers",
        nargs="+",
        choices=["tensorls", *TOOLS],
        default=["tensorls", *TOOLS],
    )
    parser.add_argument(
        "--edit-kinds",
        nargs="+",
        choices=EDIT_KINDS,
        default=list(EDIT_KINDS),
        help="where the edits are made, in turn",
    )
    parser.add_argument("--edits", type=int, default=24, help="didChange edits per file (≥ 20)")
    parser.add_argument("--hovers", type=int, default=30, help="hover requests per file (≥ 20)")
    parser.add_argument(
        "--settle", type=float, default=1.0, help="idle seconds after initialized and after open"
    )
    parser.add_argument(
        "--basedpyright-large-edits",
        type=int,
        default=3,
        help="edits for basedpyright on the 20,000-line file (each re-check takes minutes)",
    )
    parser.add_argument("--pause", type=float, default=0.05, help="idle seconds between edits")
    parser.add_argument(
        "--timeout", type=float, default=180.0, help="seconds to wait for any answer"
    )
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="interpreter running tensorls (and basedpyright's pythonPath)",
    )
    for name, (package, executable, _) in TOOLS.items():
        parser.add_argument(f"--{name}", help=f"path of an existing {executable}")
        parser.add_argument(
            f"--{name}-version", default=VERSIONS[name], help=f"{package} from PyPI"
        )
    parser.add_argument("--basedpyright-mode", default="standard", help="typeCheckingMode")
    parser.add_argument("--json", type=Path, help="also write the raw measurements here")
    parser.add_argument(
        "--baseline",
        type=Path,
        nargs="+",
        default=[],
        help="--json files of earlier runs: their measurements of (server, file) pairs not run now "
        "are reported too, the first file listed winning (e.g. basedpyright on the large file)",
    )
    parser.add_argument("--verbose", action="store_true", help="print every edit and its latency")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = parse_arguments(argv)
    measurements = asyncio.run(run(arguments))
    for baseline in arguments.baseline:
        measured = {(m.server, m.file) for m in measurements}
        measurements.extend(
            Measurement(**record)
            for record in json.loads(baseline.read_text(encoding="utf-8"))
            if (record["server"], record["file"]) not in measured
        )
        order = list(CORPUS_FILES.values())
        measurements.sort(key=lambda m: (order.index(m.file), m.server != "tensorls"))
    print()
    print(results_table(measurements))
    print()
    print("Ratios tensorls / other servers (below 1: tensorls is faster or smaller):")
    print()
    print(ratio_table(measurements))
    print()
    print(targets_report(measurements))
    print()
    print(diagnostics_report(measurements))
    if arguments.json:
        arguments.json.write_text(
            json.dumps([m.__dict__ for m in measurements], indent=2), encoding="utf-8"
        )
    return 1 if any(m.error for m in measurements) else 0


if __name__ == "__main__":
    sys.exit(main())
