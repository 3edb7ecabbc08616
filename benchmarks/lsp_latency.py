"""Editor-like latency benchmark: tensorls and basedpyright driven over stdio on the same files.

Usage (from the repository root, with the project's virtual environment):

    .venv/bin/python benchmarks/lsp_latency.py

For each corpus file (``benchmarks/corpus/ml_{small,medium,large}.py``) and each server, a fresh
server process is started in a temporary workspace holding only that file, and driven as an editor
drives it: ``initialize`` (realistic client capabilities), ``initialized``, ``didOpen``, a series
of incremental ``didChange`` edits inside function bodies (each a new version: a float literal
changed, or a local variable renamed throughout its function), ``hover`` requests, ``shutdown`` and
``exit``. It measures

- open -> the first ``textDocument/publishDiagnostics`` for version 1, and open -> the last one
  (the analysis's result: tensorls pushes the diagnostics a long first analysis found so far
  before its result, ``analyses.progress``; the last one is the one after which the server is
  settled, see ``LanguageServer.settled_diagnostics``; the table gives how many there were);
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

``--inject-error`` inserts one certain shape error right after the file's imports (the corpus
files are clean, and an analysis with nothing to show has nothing to show early): the case the
early diagnostics are for, an error near the top of a long file.

This module is the measurement loop (``measure``) and the command line; the servers and the
client that drives them are in ``lsp_servers.py``, the edits and hover spots in
``latency_edits.py``, the tables and targets in ``latency_report.py`` and the corpus files in
``corpus_files.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from corpus_files import CORPUS_FILES, LARGE_FILES, corpus_file
from latency_edits import EDIT_KINDS, apply_changes, hover_positions, make_edit
from latency_report import (
    Measurement,
    diagnostics_report,
    ratio_table,
    results_table,
    targets_report,
)
from lsp_servers import (
    TOOLS,
    VERSIONS,
    LanguageServer,
    PeakRss,
    client_capabilities,
    configuration_sections,
    ensure_tool,
)

SEVERITIES = {1: "error", 2: "warning", 3: "information", 4: "hint"}


async def measure(
    name: str,
    command: Sequence[str],
    corpus_file: Path,
    arguments: argparse.Namespace,
) -> Measurement:
    """Start ``command`` in a fresh workspace holding ``corpus_file`` and drive it like an editor."""
    text = corpus_file.read_text(encoding="utf-8")
    if arguments.inject_error:
        text = with_early_error(text)
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
        final, measurement.open_publishes = await server.settled_diagnostics(
            uri, version, sent, arguments.settle, timeout
        )
        measurement.open_final_ms = 1000 * (final.received - sent)
        measurement.open_final_diagnostics = len(final.diagnostics)
        print(
            f"  {name} {corpus_file.name}: open -> diagnostics {measurement.open_ms:,.1f} ms"
            f" ({measurement.open_diagnostics}), final {measurement.open_final_ms:,.1f} ms"
            f" ({measurement.open_final_diagnostics}, {measurement.open_publishes} publishes)",
            file=sys.stderr,
        )
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


INJECTED_ERROR = "_bench_early_error = np.zeros((2, 3)) @ np.zeros((2, 3))\n"
"""A matmul of mismatched shapes: certain, and reported by tensorls (``shape-matmul``)."""


def with_early_error(text: str) -> str:
    """``text`` with :data:`INJECTED_ERROR` after the line importing NumPy as ``np``."""
    lines = text.splitlines(keepends=True)
    for index, line in enumerate(lines):
        if line.startswith("import numpy as np"):
            return "".join([*lines[: index + 1], INJECTED_ERROR, *lines[index + 1 :]])
    raise ValueError("the file does not import numpy as np")


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
        path = corpus_file(size)
        for name, command in commands.items():
            print(f"{name} on {path.name} ...", file=sys.stderr)
            measurement = await measure(name, command, path, arguments)
            if measurement.error:
                print(f"  {name} on {path.name}: {measurement.error}", file=sys.stderr)
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
        "--settle",
        type=float,
        default=1.0,
        help="idle seconds after initialized, and after the last publish of the opened version",
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
    parser.add_argument(
        "--inject-error",
        action="store_true",
        help="insert a certain shape error after the file's NumPy import (see the docstring)",
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
