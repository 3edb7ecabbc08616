"""Ground truth for the rank corpus: every script run for real on two processes.

Horovod scripts run under ``horovodrun -np 2 --gloo``, torch.distributed scripts under ``torchrun
--nproc-per-node 2`` with the gloo backend. A buggy script must fail the way its docstring says
(the quoted error in the output, or a hang killed by the timeout); a correct one must exit 0.
Horovod's stall inspector is set to shut a stalled job down quickly; the timeout catches the hangs
it does not see (Horovod 0.28.1 reports no stall while each rank waits on a different eager
collective).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.horovod_run import launch as horovod_launch
from tests.horovod_run.launch import HorovodEnv, run_on_two_ranks
from tests.ranks import torch_launch
from tests.ranks.corpus_format import predicted_failure, scripts
from tests.ranks.torch_launch import run_with_torchrun

pytestmark = pytest.mark.slow

STALL_ENVIRONMENT = {
    "HOROVOD_STALL_CHECK_TIME_SECONDS": "5",
    "HOROVOD_STALL_SHUTDOWN_TIME_SECONDS": "10",
}
# Long enough for TensorFlow and Horovod (or PyTorch) to start on a loaded two-core machine and
# for a correct script to finish; a run still going then has hung.
HOROVOD_HANG_TIMEOUT_SECONDS = 150
TORCH_HANG_TIMEOUT_SECONDS = 90


def by_name(path: Path) -> str:
    return path.name


def assert_fails_as_predicted(
    script: Path, returncode: int, output: str, timed_out: int, description: str
) -> None:
    """The run hung (killed at the timeout) or failed printing one of the errors the docstring
    quotes."""
    prediction = predicted_failure(script)
    if prediction.hangs:
        assert returncode == timed_out, f"expected a hang\n{description}"
    else:
        assert returncode not in (0, timed_out), f"expected a failure\n{description}"
        assert any(fragment in output for fragment in prediction.error_fragments), (
            f"expected one of {prediction.error_fragments} in the output\n{description}"
        )


@pytest.mark.horovod
@pytest.mark.parametrize("script", scripts("buggy"), ids=by_name)
def test_buggy_script_fails_on_two_horovod_ranks(
    script: Path, horovod_env: HorovodEnv, tmp_path: Path
) -> None:
    run = run_on_two_ranks(
        horovod_env, script, tmp_path, STALL_ENVIRONMENT, HOROVOD_HANG_TIMEOUT_SECONDS
    )

    assert_fails_as_predicted(
        script, run.returncode, run.output, horovod_launch.TIMED_OUT, run.describe()
    )


@pytest.mark.horovod
@pytest.mark.parametrize("script", scripts("correct"), ids=by_name)
def test_correct_script_exits_zero_on_two_horovod_ranks(
    script: Path, horovod_env: HorovodEnv, tmp_path: Path
) -> None:
    run = run_on_two_ranks(
        horovod_env, script, tmp_path, STALL_ENVIRONMENT, HOROVOD_HANG_TIMEOUT_SECONDS
    )

    assert run.returncode == 0, run.describe()


@pytest.mark.parametrize("script", scripts("torch_buggy"), ids=by_name)
def test_buggy_script_fails_on_two_torch_processes(
    script: Path, torch_python: Path, tmp_path: Path
) -> None:
    run = run_with_torchrun(torch_python, script, tmp_path, TORCH_HANG_TIMEOUT_SECONDS)

    assert_fails_as_predicted(
        script, run.returncode, run.output, torch_launch.TIMED_OUT, run.describe()
    )


TEARDOWN_ABORT = "terminate called without an active exception"


@pytest.mark.parametrize("script", scripts("torch_correct"), ids=by_name)
def test_correct_script_exits_zero_on_two_torch_processes(
    script: Path, torch_python: Path, tmp_path: Path
) -> None:
    run = run_with_torchrun(torch_python, script, tmp_path, TORCH_HANG_TIMEOUT_SECONDS)
    if run.returncode != 0 and TEARDOWN_ABORT in run.output:
        # torch 2.13's gloo teardown sometimes aborts a finished process at exit (seen on 2 of 16
        # runs of a script that completed); one more run tells a script's failure from that.
        run = run_with_torchrun(
            torch_python, script, tmp_path / "again", TORCH_HANG_TIMEOUT_SECONDS, attempt=1
        )

    assert run.returncode == 0, run.describe()
