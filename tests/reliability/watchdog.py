"""The test side of the reliability worker: one analysis at a time, each under a wall-clock limit.

An analysis that does not answer within its limit is a hang: the worker is killed (a new one starts
for the next request) and ``Hang`` is raised. A worker that dies (a crash, e.g. a C stack overflow)
raises ``WorkerDied``. Either way the test fails and pytest itself survives.
"""

from __future__ import annotations

import json
import selectors
import subprocess
from typing import Any

from ..soundness.harness import start_worker


class Hang(AssertionError):
    """The analysis did not end within the wall-clock limit."""


class WorkerDied(AssertionError):
    """The worker process exited while analysing (a crash)."""


class AnalysisWorker:
    """Serves ``analyse`` requests in a subprocess, one at a time."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        return start_worker("tests.reliability.worker")

    def analyse(self, source: str, time_budget_ms: int, limit_seconds: float) -> dict[str, Any]:
        """The worker's answer for ``source``; raises ``Hang`` after ``limit_seconds`` of wall time
        (startup included when the worker has to start)."""
        if self._process is None or self._process.poll() is not None:
            self._process = self._start()
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps({"source": source, "time_budget_ms": time_budget_ms}) + "\n")
        process.stdin.flush()
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            ready = selector.select(timeout=limit_seconds)
        if not ready:
            self.close(kill=True)
            raise Hang(f"no answer within {limit_seconds} s for:\n{source[:300]}")
        line = process.stdout.readline()
        if not line:
            self._process = None
            raise WorkerDied(f"worker exited with {process.wait()} on:\n{source[:300]}")
        return json.loads(line)

    def close(self, kill: bool = False) -> None:
        process = self._process
        self._process = None
        if process is None or process.poll() is not None:
            return
        if kill:
            process.kill()
        else:
            assert process.stdin is not None
            process.stdin.close()
        process.wait(timeout=30)
