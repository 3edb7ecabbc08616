"""Ground truth of the real-bug corpus (``tests/ranks/real_bugs.py``): every buggy script fails or
hangs on two real processes (as ``real_bugs/outcomes.toml`` says: a hang killed at the timeout, or
a failure printing one of its fragments), and every fixed twin exits 0. Runs are cached by content
(``tests/ground_truth.py``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.horovod_run import launch as horovod_launch
from tests.horovod_run.launch import HorovodEnv, run_on_two_ranks
from tests.ranks import torch_launch
from tests.ranks.real_bugs import RealBug, real_bugs
from tests.ranks.test_ground_truth import (
    HOROVOD_HANG_TIMEOUT_SECONDS,
    STALL_ENVIRONMENT,
    TEARDOWN_ABORT,
    TORCH_HANG_TIMEOUT_SECONDS,
)
from tests.ranks.torch_launch import run_with_torchrun

pytestmark = pytest.mark.slow
BUGS = real_bugs()


@pytest.fixture(scope="session")
def accelerate_python() -> Path:
    """The Accelerate + Lightning environment's interpreter (``scripts/accelerate-env.sh``); the
    tests fail (never skip) without it."""
    configured = os.environ.get("TENSORLS_ACCELERATE_PYTHON")
    if not configured or not Path(configured).is_file():
        pytest.fail(
            "TENSORLS_ACCELERATE_PYTHON is not set to an interpreter: export "
            "TENSORLS_ACCELERATE_PYTHON=$(bash scripts/accelerate-env.sh)"
        )
    return Path(configured)


def _run(bug: RealBug, script: Path, request: pytest.FixtureRequest, tmp_path: Path):
    """(return code, output, the launcher's timed-out code) of one real run of ``script``."""
    if bug.launcher == "horovod":
        env: HorovodEnv = request.getfixturevalue("horovod_env")
        run = run_on_two_ranks(
            env, script, tmp_path, STALL_ENVIRONMENT, HOROVOD_HANG_TIMEOUT_SECONDS
        )
        return run.returncode, run.output, horovod_launch.TIMED_OUT, run.describe()
    python = request.getfixturevalue(
        "torch_python" if bug.launcher == "torch" else "accelerate_python"
    )
    run = run_with_torchrun(python, script, tmp_path, TORCH_HANG_TIMEOUT_SECONDS)
    if run.returncode != 0 and TEARDOWN_ABORT in run.output and script == bug.fixed:
        run = run_with_torchrun(
            python, script, tmp_path / "again", TORCH_HANG_TIMEOUT_SECONDS, attempt=1
        )
    return run.returncode, run.output, torch_launch.TIMED_OUT, run.describe()


@pytest.mark.parametrize("bug", BUGS, ids=lambda bug: bug.name)
def test_buggy_script_fails_on_two_processes(
    bug: RealBug, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    returncode, output, timed_out, description = _run(bug, bug.buggy, request, tmp_path)
    if bug.hangs:
        assert returncode == timed_out, f"expected a hang\n{description}"
    else:
        assert returncode != 0, f"expected a failure or a hang\n{description}"
    if bug.error_fragments:
        assert any(fragment in output for fragment in bug.error_fragments), description


@pytest.mark.parametrize("bug", BUGS, ids=lambda bug: bug.name)
def test_fixed_twin_exits_zero_on_two_processes(
    bug: RealBug, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    returncode, _, _, description = _run(bug, bug.fixed, request, tmp_path)
    assert returncode == 0, description
