"""Launch a script on two Horovod ranks with horovodrun and collect what each rank did.

Runs in tensorls' own environment; the ranks run in a Horovod environment: the TensorFlow one
built by ``scripts/horovod-env.sh`` (through ``rank_runner.py``) or the PyTorch one built by
``scripts/horovod-torch-env.sh`` (through ``torch_rank_runner.py``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.ground_truth import GroundTruth, program_parts, runner_identity

REPOSITORY = Path(__file__).resolve().parents[2]
ENV_SCRIPT = REPOSITORY / "scripts" / "horovod-env.sh"
ENV_VARIABLE = "TENSORLS_HOROVOD_PYTHON"
TORCH_ENV_SCRIPT = REPOSITORY / "scripts" / "horovod-torch-env.sh"
TORCH_ENV_VARIABLE = "TENSORLS_HOROVOD_TORCH_PYTHON"
RANK_RUNNER = Path(__file__).resolve().parent / "rank_runner.py"
TORCH_RANK_RUNNER = Path(__file__).resolve().parent / "torch_rank_runner.py"
NUM_RANKS = 2
RUN_TIMEOUT_SECONDS = 600
# The return code of a run killed because it did not exit in time.
TIMED_OUT = -1

# horovodrun --gloo prefixes every line a rank writes with "[<rank>]<stdout>:" or
# "[<rank>]<stderr>:".
RANK_LINE = re.compile(r"^\[(?P<rank>\d+)\]<(?P<stream>stdout|stderr)>:(?P<text>.*)$")


@dataclass(frozen=True)
class HorovodEnv:
    """The Horovod environment: its interpreter and its horovodrun launcher."""

    python: Path
    horovodrun: Path

    @classmethod
    def from_python(cls, python: Path) -> HorovodEnv:
        horovodrun = python.parent / "horovodrun"
        if not horovodrun.is_file():
            raise FileNotFoundError(f"no horovodrun next to {python}")
        return cls(python=python, horovodrun=horovodrun)


@dataclass
class RankOutcome:
    """What one rank printed, wrote into its working directory, ended with as weights, and the
    fingerprints of the local gradients it handed to Horovod (see ``rank_runner``)."""

    stdout: list[str] = field(default_factory=list)
    stderr: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    weights: dict[str, np.ndarray] = field(default_factory=dict)
    gradients: list[list[float]] = field(default_factory=list)


@dataclass
class DistributedRun:
    """The outcome of one horovodrun launch."""

    command: list[str]
    returncode: int
    output: str
    ranks: dict[int, RankOutcome]
    script_folder_files: list[str] = field(default_factory=list)
    """The files in the script's own folder after the run (relative paths): where a script's
    shared writes (e.g. a dataset every rank reads) land."""

    def describe(self) -> str:
        """The command, exit status and the output's tail, for assertion messages."""
        tail = "\n".join(self.output.splitlines()[-80:])
        return f"$ {' '.join(self.command)}\nexit status {self.returncode}\n{tail}"

    def record(self) -> dict[str, object]:
        """This run as JSON data (weights as dtype, shape and a flat list of values)."""
        return {
            "command": self.command,
            "returncode": self.returncode,
            "output": self.output,
            "script_folder_files": self.script_folder_files,
            "ranks": {
                str(rank): {
                    "stdout": outcome.stdout,
                    "stderr": outcome.stderr,
                    "files": outcome.files,
                    "gradients": outcome.gradients,
                    "weights": {
                        name: [str(array.dtype), list(array.shape), array.ravel().tolist()]
                        for name, array in outcome.weights.items()
                    },
                }
                for rank, outcome in self.ranks.items()
            },
        }

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> DistributedRun:
        """The run ``record`` describes (the inverse of ``record``)."""
        ranks = {
            int(rank): RankOutcome(
                stdout=data["stdout"],
                stderr=data["stderr"],
                files=data["files"],
                gradients=data["gradients"],
                weights={
                    name: np.array(values, dtype=dtype).reshape(shape)
                    for name, (dtype, shape, values) in data["weights"].items()
                },
            )
            for rank, data in record["ranks"].items()
        }
        return cls(
            command=record["command"],
            returncode=record["returncode"],
            output=record["output"],
            ranks=ranks,
            script_folder_files=record["script_folder_files"],
        )


def build_env(variable: str = ENV_VARIABLE, env_script: Path = ENV_SCRIPT) -> HorovodEnv:
    """The Horovod environment named by the environment variable ``variable``, else the one
    ``env_script`` builds.

    Raises RuntimeError with the build script's own explanation when it cannot be built.
    """
    configured = os.environ.get(variable)
    if configured:
        return HorovodEnv.from_python(Path(configured))
    completed = subprocess.run(
        ["bash", str(env_script)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
    )
    if completed.returncode != 0:
        raise RuntimeError(
            f"{env_script} exited with status {completed.returncode}:\n{completed.stderr}"
        )
    return HorovodEnv.from_python(Path(completed.stdout.strip().splitlines()[-1]))


def require_env(variable: str = ENV_VARIABLE, env_script: Path = ENV_SCRIPT) -> HorovodEnv:
    """The Horovod environment for a test; the test fails (never skips) when it cannot be had."""
    try:
        return build_env(variable, env_script)
    except (RuntimeError, FileNotFoundError) as error:
        pytest.fail(f"the Horovod environment is unavailable, so this test cannot run: {error}")


def _rank_environment(env: HorovodEnv, overrides: Mapping[str, str]) -> dict[str, str]:
    variables = {
        key: value
        for key, value in os.environ.items()
        if key not in {"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"}
    }
    variables["PATH"] = f"{env.python.parent}{os.pathsep}{variables.get('PATH', '')}"
    variables.update(
        {
            "TF_CPP_MIN_LOG_LEVEL": "2",
            "TF_NUM_INTRAOP_THREADS": "1",
            "TF_NUM_INTEROP_THREADS": "1",
            "OMP_NUM_THREADS": "1",
            "PYTHONUNBUFFERED": "1",
            # A loaded machine can start one rank's TensorFlow much later than the other's;
            # the default 30 s Gloo rendezvous timeout would then fail the run spuriously.
            "HOROVOD_GLOO_TIMEOUT_SECONDS": "300",
        }
    )
    variables.update(overrides)
    return variables


def _files_under(directory: Path) -> list[str]:
    if not directory.exists():
        return []
    return sorted(
        path.relative_to(directory).as_posix() for path in directory.rglob("*") if path.is_file()
    )


def run_on_two_ranks(
    env: HorovodEnv,
    script: Path,
    output_dir: Path,
    environment: Mapping[str, str] | None = None,
    timeout_seconds: int = RUN_TIMEOUT_SECONDS,
    runner: Path = RANK_RUNNER,
) -> DistributedRun:
    """Run ``script`` under ``horovodrun -np 2 --gloo -H localhost:2``.

    Each rank works in ``output_dir/rank_<r>/``; its printed lines, the files it wrote there and
    the weights it ended with are collected per rank. ``environment`` adds or overrides the ranks'
    environment variables. A run still going after ``timeout_seconds`` is killed (horovodrun's
    launcher then terminates the ranks) and gets ``returncode == TIMED_OUT``. ``runner`` is the
    rank runner of the environment's framework.

    The outcome comes from the ground-truth cache when this script (with the sibling modules it
    names), runner, environment and timeout ran before; the files a cached run wrote are listed
    but not recreated in ``output_dir``.
    """
    overrides = dict(environment or {})
    truth = GroundTruth("horovodrun", runner_identity(runner, env.python, overrides))
    key = truth.key(str(timeout_seconds), *program_parts(script))
    stored = truth.get(key)
    if isinstance(stored, dict):
        return DistributedRun.from_record(stored)
    run = _launch(env, script, output_dir, overrides, timeout_seconds, runner)
    truth.put(key, run.record())
    return run


def _launch(
    env: HorovodEnv,
    script: Path,
    output_dir: Path,
    environment: Mapping[str, str],
    timeout_seconds: int,
    runner: Path,
) -> DistributedRun:
    """``run_on_two_ranks`` without the cache: one real horovodrun launch."""
    command = [
        str(env.horovodrun),
        "-np",
        str(NUM_RANKS),
        "--gloo",
        "-H",
        f"localhost:{NUM_RANKS}",
        str(env.python),
        str(runner),
        str(script),
        str(output_dir),
    ]
    try:
        completed = subprocess.run(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=_rank_environment(env, environment),
            timeout=timeout_seconds,
            check=False,
        )
        returncode, output = completed.returncode, completed.stdout
    except subprocess.TimeoutExpired as expired:
        partial = expired.output or ""
        if isinstance(partial, bytes):
            partial = partial.decode(errors="replace")
        returncode, output = TIMED_OUT, f"{partial}\n(no exit after {timeout_seconds} s: killed)"

    ranks = {rank: RankOutcome() for rank in range(NUM_RANKS)}
    for line in output.splitlines():
        match = RANK_LINE.match(line)
        if match is None or int(match["rank"]) not in ranks:
            continue
        outcome = ranks[int(match["rank"])]
        (outcome.stdout if match["stream"] == "stdout" else outcome.stderr).append(match["text"])
    for rank, outcome in ranks.items():
        outcome.files = _files_under(output_dir / f"rank_{rank}")
        gradients_file = output_dir / f"gradients_rank_{rank}.json"
        if gradients_file.exists():
            outcome.gradients = json.loads(gradients_file.read_text(encoding="utf-8"))
        weights_file = output_dir / f"weights_rank_{rank}.npz"
        if weights_file.exists():
            with np.load(weights_file) as saved:
                outcome.weights = {name: saved[name] for name in saved.files}
    return DistributedRun(
        command=command,
        returncode=returncode,
        output=output,
        ranks=ranks,
        script_folder_files=_files_under(script.parent),
    )


def weights_identical(first: dict[str, np.ndarray], second: dict[str, np.ndarray]) -> bool:
    """Same arrays under the same names, equal up to float32 rounding."""
    return first.keys() == second.keys() and all(
        first[name].shape == second[name].shape
        and np.allclose(first[name], second[name], rtol=1e-6, atol=1e-7)
        for name in first
    )
