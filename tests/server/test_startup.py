"""The server answers ``initialize`` before it loads the interpreter (issue 33).

Importing :func:`tensorls.analyses.analyse` (the interpreter and every library model) costs 0.2 to
0.6 s of CPU on the benchmark machine, as much as the rest of the server start; the server imports
it on its analysis worker after ``initialized``. The probe runs in a fresh interpreter, since this
test process has long loaded it.
"""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import asyncio, io, json, sys
from pygls.io_ import StdoutWriter
from tensorls.cli import main  # the command line that starts the server
from tensorls.server.server import create_server

server = create_server()
written = io.BytesIO()
server.protocol.set_writer(StdoutWriter(written))
initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "rootUri": None, "capabilities": {}}}

async def answer():
    server.protocol.handle_body(json.dumps(initialize).encode())
    while b"capabilities" not in written.getvalue():
        await asyncio.sleep(0.01)

asyncio.run(asyncio.wait_for(answer(), 60))
loaded = sorted(name for name in sys.modules if name.startswith("tensorls.analyses."))
print(json.dumps(loaded))
"""

INTERPRETER_MODULES = ("tensorls.analyses.pipeline", "tensorls.analyses.interpreter")


def test_initialize_is_answered_without_the_interpreter() -> None:
    probed = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=False, timeout=120
    )
    assert probed.returncode == 0, probed.stderr
    loaded = probed.stdout.strip().splitlines()[-1]
    assert not [name for name in INTERPRETER_MODULES if f'"{name}' in loaded], loaded


EARLY_PROBE = """
import json, sys
import tensorls.cli
from tensorls.server.early_initialize import serve_stdio
print(json.dumps(sorted(name for name in ("pygls", "lsprotocol", "asyncio", "cattrs")
                        if name in sys.modules)))
"""


def test_the_early_answer_needs_neither_pygls_nor_asyncio() -> None:
    """``tensorls serve`` answers ``initialize`` before it imports pygls, lsprotocol or asyncio
    (see :mod:`tensorls.server.early_initialize`)."""
    probed = subprocess.run(
        [sys.executable, "-c", EARLY_PROBE],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert probed.returncode == 0, probed.stderr
    assert probed.stdout.strip().splitlines()[-1] == "[]"
