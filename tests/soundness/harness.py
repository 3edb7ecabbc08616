"""The test-side client of the soundness worker (see ``worker.py``).

``Worker`` starts ``python -m tests.soundness.worker`` with single-threaded BLAS, sends requests
and reads answers. If the worker process itself dies, the next request starts a new one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REPOSITORY = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).resolve().parent / "corpus"


def start_worker(module: str) -> subprocess.Popen[str]:
    """``python -m module`` in the repository, with single-threaded BLAS and a fixed hash seed,
    speaking JSON lines over its stdin and stdout."""
    environment = dict(os.environ)
    for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        environment[variable] = "1"
    environment["PYTHONHASHSEED"] = "0"
    return subprocess.Popen(
        [sys.executable, "-m", module],
        cwd=REPOSITORY,
        env=environment,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )


class Worker:
    """One worker subprocess serving requests one at a time."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[str] | None = None

    def _start(self) -> subprocess.Popen[str]:
        return start_worker("tests.soundness.worker")

    def request(self, request: dict[str, Any]) -> dict[str, Any]:
        if self._process is None or self._process.poll() is not None:
            self._process = self._start()
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        line = self._process.stdout.readline()
        if not line:
            self._process = None
            return {"name": request.get("name"), "harness_error": "worker process exited"}
        return json.loads(line)

    def judge(self, name: str, source: str, timeout: float = 60.0) -> dict[str, Any]:
        return self.request({"kind": "judge", "name": name, "source": source, "timeout": timeout})

    def trace(self, name: str, source: str, timeout: float = 60.0) -> dict[str, Any]:
        return self.request({"kind": "trace", "name": name, "source": source, "timeout": timeout})

    def analyse_file(self, path: Path, timeout: float) -> dict[str, Any]:
        return self.request(
            {"kind": "file", "name": str(path), "path": str(path), "timeout": timeout}
        )

    def close(self) -> None:
        if self._process is not None and self._process.poll() is None:
            assert self._process.stdin is not None
            self._process.stdin.close()
            self._process.wait(timeout=30)
        self._process = None


def corpus_files() -> list[Path]:
    """The corpus programs, sorted by name."""
    return sorted(CORPUS.glob("*.py"))
