"""Ground truth for the rank corpus: every Horovod script run for real on two ranks.

A buggy script must fail the way its docstring says (the quoted error in the output, or a hang
killed by the timeout); a correct one must exit 0. Horovod's stall inspector is set to shut a
stalled job down quickly; the timeout catches the hangs it does not see (Horovod 0.28.1 does not
report a stall while each rank waits on a different eager collective).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.horovod_run.launch import TIMED_OUT, HorovodEnv, run_on_two_ranks
from tests.ranks.corpus_format import predicted_failure, scripts

pytestmark = [pytest.mark.horovod, pytest.mark.slow]

STALL_ENVIRONMENT = {
    "HOROVOD_STALL_CHECK_TIME_SECONDS": "5",
    "HOROVOD_STALL_SHUTDOWN_TIME_SECONDS": "10",
}
# Long enough for TensorFlow and Horovod to start on a loaded two-core machine and for a correct
# script to finish; a run still going then has hung.
HANG_TIMEOUT_SECONDS = 150


def by_name(path: Path) -> str:
    return path.name


@pytest.mark.parametrize("script", scripts("buggy"), ids=by_name)
def test_buggy_script_fails_on_two_ranks(
    script: Path, horovod_env: HorovodEnv, tmp_path: Path
) -> None:
    prediction = predicted_failure(script)

    run = run_on_two_ranks(
        horovod_env, script, tmp_path, STALL_ENVIRONMENT, timeout_seconds=HANG_TIMEOUT_SECONDS
    )

    if prediction.hangs:
        assert run.returncode == TIMED_OUT, run.describe()
    else:
        assert run.returncode not in (0, TIMED_OUT), run.describe()
        assert prediction.error_fragment in run.output, run.describe()


@pytest.mark.parametrize("script", scripts("correct"), ids=by_name)
def test_correct_script_exits_zero_on_two_ranks(
    script: Path, horovod_env: HorovodEnv, tmp_path: Path
) -> None:
    run = run_on_two_ranks(
        horovod_env, script, tmp_path, STALL_ENVIRONMENT, timeout_seconds=HANG_TIMEOUT_SECONDS
    )

    assert run.returncode == 0, run.describe()
