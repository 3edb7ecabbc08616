"""Launch a torch.distributed script on two CPU processes with torchrun (gloo backend).

Runs in tensorls' own environment; the processes run in the PyTorch environment built by
``scripts/torch-env.sh`` (``TENSORLS_TORCH_PYTHON``).
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.ground_truth import GroundTruth, environment_identity, program_parts

NUM_PROCESSES = 2
# The return code of a run killed because it did not exit in time.
TIMED_OUT = -1
# How long torchrun gets to stop its workers after SIGTERM before it is killed.
TERMINATION_GRACE_SECONDS = 30


@dataclass(frozen=True)
class TorchRun:
    """The outcome of one torchrun launch."""

    command: list[str]
    returncode: int
    output: str

    def describe(self) -> str:
        """The command, exit status and the output's tail, for assertion messages."""
        tail = "\n".join(self.output.splitlines()[-60:])
        return f"$ {' '.join(self.command)}\nexit status {self.returncode}\n{tail}"


def require_torch_python() -> Path:
    """The PyTorch environment's interpreter; the test fails (never skips) without it."""
    configured = os.environ.get("TENSORLS_TORCH_PYTHON")
    if not configured:
        pytest.fail(
            "TENSORLS_TORCH_PYTHON is not set: the torch.distributed ground truth cannot run. Build "
            "the torch environment and export it: "
            "export TENSORLS_TORCH_PYTHON=$(bash scripts/torch-env.sh)"
        )
    python = Path(configured)
    if not python.is_file():
        pytest.fail(f"TENSORLS_TORCH_PYTHON={configured} is not a file")
    return python


def _process_environment() -> dict[str, str]:
    variables = {
        key: value
        for key, value in os.environ.items()
        if key not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"}
    }
    variables.update({"OMP_NUM_THREADS": "1", "PYTHONUNBUFFERED": "1"})
    return variables


def run_with_torchrun(
    python: Path, script: Path, working_dir: Path, timeout_seconds: int, attempt: int = 0
) -> TorchRun:
    """Run ``script`` as ``torchrun --standalone --nproc-per-node 2`` in ``working_dir``.

    A run still going after ``timeout_seconds`` gets SIGTERM (torchrun then stops its workers),
    is killed if it has not exited after a grace period, and gets ``returncode == TIMED_OUT``.
    The outcome comes from the ground-truth cache when the same script (with the sibling modules
    it names) ran before under this environment and timeout as the same ``attempt`` (a retry
    passes a new ``attempt`` to run afresh).
    """
    truth = GroundTruth("torchrun", environment_identity(python))
    key = truth.key(str(timeout_seconds), str(attempt), *program_parts(script))
    stored = truth.get(key)
    if isinstance(stored, dict):
        return TorchRun(**stored)
    run = _launch(python, script, working_dir, timeout_seconds)
    truth.put(key, {"command": run.command, "returncode": run.returncode, "output": run.output})
    return run


def _launch(python: Path, script: Path, working_dir: Path, timeout_seconds: int) -> TorchRun:
    """``run_with_torchrun`` without the cache: one real torchrun launch."""
    command = [
        str(python),
        "-m",
        "torch.distributed.run",
        "--standalone",
        f"--nproc-per-node={NUM_PROCESSES}",
        str(script),
    ]
    working_dir.mkdir(parents=True, exist_ok=True)
    with subprocess.Popen(
        command,
        cwd=working_dir,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=_process_environment(),
    ) as process:
        try:
            output, _ = process.communicate(timeout=timeout_seconds)
            returncode = process.returncode
        except subprocess.TimeoutExpired:
            process.terminate()
            try:
                output, _ = process.communicate(timeout=TERMINATION_GRACE_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                output, _ = process.communicate()
            output = f"{output}\n(no exit after {timeout_seconds} s: terminated)"
            returncode = TIMED_OUT
    return TorchRun(command=command, returncode=returncode, output=output)
