"""The soundness worker process: ``python -m tests.soundness.worker``.

It imports numpy and tensorls once, then serves requests read as JSON lines on stdin, answering
each with one JSON line on its original stdout. Every request runs in a forked child, so a program
(or an analysis) that crashes the interpreter, leaks state or hangs affects nothing else: the
worker kills a child that exceeds the request's ``timeout`` and answers ``{"timeout": true}``.

Requests: ``{"kind": "judge" | "file" | "trace", "name": str, "source": str, "timeout": float}``
(``"file"`` requests give ``"path"`` instead of ``"source"``). ``judge`` traces and analyses a
program (``verdict.judge_program``); ``file`` only analyses (``verdict.judge_file``); ``trace``
runs the program both plain and instrumented and returns both outputs, to validate the tracer.
"""

from __future__ import annotations

import json
import os
import select
import signal
import sys
import time
import traceback
from typing import Any

CHILD_MEMORY_LIMIT_BYTES = 3 * 1024**3


def _plain_output(source: str, name: str) -> tuple[str, str | None]:
    import contextlib
    import io

    buffer = io.StringIO()
    namespace: dict[str, object] = {"__name__": "__main__"}
    exception = None
    try:
        with contextlib.redirect_stdout(buffer):
            exec(compile(source, name, "exec"), namespace)
    except BaseException as error:
        exception = f"{type(error).__name__}: {error}"[:500]
    return buffer.getvalue()[-4000:], exception


def _serve_in_child(request: dict[str, Any]) -> dict[str, Any]:
    kind = request["kind"]
    name = request["name"]
    if kind == "file":
        from . import verdict

        return verdict.judge_file(request["path"])
    source = request["source"]
    if kind == "trace":
        from . import tracer
        from .instrument import instrument

        instrumented = instrument(source)
        trace = tracer.run(instrumented, name)
        plain_output, plain_exception = _plain_output(source, name)
        return {
            "name": name,
            "completed": trace.completed,
            "exception": trace.exception,
            "output": trace.output,
            "plain_output": plain_output,
            "plain_exception": plain_exception,
            "points_reached": len(trace.points),
            "points_total": len(instrumented.points),
            "events": trace.events,
        }
    from . import verdict

    return verdict.judge_program(source, name)


def _run_child(request: dict[str, Any], write_fd: int) -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY_LIMIT_BYTES, CHILD_MEMORY_LIMIT_BYTES))
        sys.setrecursionlimit(4000)
        answer = _serve_in_child(request)
    except BaseException:
        answer = {"name": request.get("name"), "harness_error": traceback.format_exc()[-3000:]}
    payload = json.dumps(answer, default=repr).encode()
    view = memoryview(payload)
    while view:
        written = os.write(write_fd, view)
        view = view[written:]
    os.close(write_fd)


def serve_one(request: dict[str, Any]) -> dict[str, Any]:
    """Run one request in a forked child with a timeout and return its answer."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        try:
            _run_child(request, write_fd)
        finally:
            os._exit(0)
    os.close(write_fd)
    deadline = time.monotonic() + float(request.get("timeout", 60.0))
    chunks: list[bytes] = []
    timed_out = False
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            timed_out = True
            break
        ready, _, _ = select.select([read_fd], [], [], remaining)
        if not ready:
            continue
        chunk = os.read(read_fd, 1 << 16)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(read_fd)
    if timed_out:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if timed_out:
        return {"name": request.get("name"), "timeout": True}
    if not chunks:
        return {"name": request.get("name"), "harness_error": f"child died, status {status}"}
    return json.loads(b"".join(chunks))


def _preload() -> None:
    """Import what every child needs once, before forking, so that children start fast.

    An import failure here is not an error of the worker: the children of ``judge`` and ``file``
    requests import the analysis again and report the failure in their answers.
    """
    import importlib

    importlib.import_module("numpy")
    try:
        importlib.import_module("tests.soundness.verdict")
    except ImportError:
        return


def main() -> None:
    _preload()

    protocol = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    for line in sys.stdin:
        if not line.strip():
            continue
        answer = serve_one(json.loads(line))
        protocol.write(json.dumps(answer) + "\n")
        protocol.flush()


if __name__ == "__main__":
    main()
