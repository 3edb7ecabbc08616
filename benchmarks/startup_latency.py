"""Server start to the answer to ``initialize``, and ``initialized`` to the first diagnostics.

Usage (from the repository root):

    .venv/bin/python benchmarks/startup_latency.py --python .venv/bin/python \
        --python /work/main/.venv/bin/python --repeats 7

Each repeat starts ``PYTHON -m tensorls serve`` once per ``--python`` (in turn, so that both see
the same load), sends ``initialize`` (the capabilities of ``lsp_servers.client_capabilities``)
right after spawning it, then, as soon as the answer arrives, ``initialized`` and the ``didOpen``
of a corpus file (``--file``, default ``small``). It records the wall time from spawning to the
answer and the server's CPU time (``/proc/PID/stat``: user + system) when it arrives, then the wall
time from ``initialized`` to the first ``publishDiagnostics`` and the CPU time then. Minimum and
median per interpreter are printed with the load average; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO, Any

from corpus_files import CORPUS_FILES, corpus_file
from lsp_servers import client_capabilities

TICKS = os.sysconf("SC_CLK_TCK")


def frame(message: dict[str, Any]) -> bytes:
    body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def read_message(stream: IO[bytes]) -> dict[str, Any]:
    length = 0
    while (line := stream.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode("ascii").partition(":")
        length = int(value) if name.lower() == "content-length" else length
    if not line:
        raise RuntimeError("the server's output ended")
    return json.loads(stream.read(length))


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def measure_once(python: str, document: Path) -> dict[str, float]:
    """One server session; the four numbers of the module docstring."""
    text = document.read_text(encoding="utf-8")
    uri = document.as_uri()
    started = time.perf_counter()
    server = subprocess.Popen(
        [python, "-m", "tensorls", "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=document.parent,
    )
    assert server.stdin is not None and server.stdout is not None
    try:
        params = {
            "processId": os.getpid(),
            "rootUri": document.parent.as_uri(),
            "capabilities": client_capabilities(),
        }
        server.stdin.write(frame({"id": 1, "method": "initialize", "params": params}))
        server.stdin.flush()
        while "id" not in (message := read_message(server.stdout)) or message["id"] != 1:
            pass
        answered = time.perf_counter()
        answered_cpu = cpu_seconds(server.pid)
        opened = {"uri": uri, "languageId": "python", "version": 1, "text": text}
        server.stdin.write(
            frame({"method": "initialized", "params": {}})
            + frame({"method": "textDocument/didOpen", "params": {"textDocument": opened}})
        )
        server.stdin.flush()
        while True:
            message = read_message(server.stdout)
            if "id" in message and "method" in message:
                server.stdin.write(frame({"id": message["id"], "result": None}))
                server.stdin.flush()
            if message.get("method") == "textDocument/publishDiagnostics":
                break
        published = time.perf_counter()
        published_cpu = cpu_seconds(server.pid)
        server.stdin.write(frame({"id": 2, "method": "shutdown"}) + frame({"method": "exit"}))
        server.stdin.flush()
        server.wait(60)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    return {
        "initialize answered s": answered - started,
        "CPU at answer s": answered_cpu,
        "initialized->diagnostics s": published - answered,
        "CPU at diagnostics s": published_cpu,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", action="append", required=True, help="interpreter (repeat)")
    parser.add_argument("--file", choices=sorted(CORPUS_FILES), default="small")
    parser.add_argument("--repeats", type=int, default=5)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tensorls-startup-") as scratch:
        document = Path(scratch) / CORPUS_FILES[arguments.file]
        document.write_text(corpus_file(arguments.file).read_text(encoding="utf-8"))
        samples: dict[str, list[dict[str, float]]] = {python: [] for python in arguments.python}
        loads = []
        for _ in range(arguments.repeats):
            for python in arguments.python:
                loads.append(os.getloadavg()[0])
                samples[python].append(measure_once(python, document))
    print(f"{document.name}, {arguments.repeats} repeats, load {min(loads):.1f}-{max(loads):.1f}")
    for python, runs in samples.items():
        print(python)
        for metric in runs[0]:
            values = [run[metric] for run in runs]
            print(
                f"  {metric:28} min {min(values) * 1000:8.1f} ms"
                f"  median {statistics.median(values) * 1000:8.1f} ms"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
