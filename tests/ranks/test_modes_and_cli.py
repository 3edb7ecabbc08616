"""The "possible" mode's warnings, the cost-free path of modules without distribution, and the
``tensorls project`` command line."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from tensorls.analyses import AnalysisSettings, Severity, analyse
from tensorls.analyses.ranks.program_text import projected_program

UNKNOWN_GUARD = textwrap.dedent(
    """\
    import os

    import horovod.tensorflow as hvd
    import tensorflow as tf

    hvd.init()
    x = tf.ones((2,))
    if hvd.rank() == 0 and os.environ.get("SYNC"):
        x = hvd.allreduce(x)
    """
)


def rank_diagnostics(source: str, mode: str) -> list[tuple[int, str, Severity]]:
    return [
        (d.span.start.line + 1, d.code, d.severity)
        for d in analyse(source, AnalysisSettings(mode=mode)).diagnostics
        if d.code == "rank-divergent-collective"
    ]


def test_a_collective_only_rank_zero_may_reach_is_a_warning_in_possible_mode_only() -> None:
    assert rank_diagnostics(UNKNOWN_GUARD, "certain") == []
    assert rank_diagnostics(UNKNOWN_GUARD, "possible") == [
        (9, "rank-divergent-collective", Severity.WARNING)
    ]


def test_a_module_without_distribution_gets_no_rank_analysis() -> None:
    source = "rank = 0\nif rank == 0:\n    total = 1\n"
    result = analyse(source)
    assert [d for d in result.diagnostics if d.code.startswith("rank")] == []


SCRIPT = textwrap.dedent(
    """\
    import horovod.torch as hvd

    hvd.init()
    if hvd.rank() == 0:
        print("rank 0 saves")  # kept for rank 0
    else:
        print("rank", hvd.rank(), "waits")
    hvd.barrier()
    """
)


def run_project(tmp_path: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "train.py"
    path.write_text(SCRIPT)
    return subprocess.run(
        [sys.executable, "-m", "tensorls", "project", str(path), *arguments],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_project_prints_each_ranks_program(tmp_path: Path) -> None:
    zero = run_project(tmp_path)
    assert zero.returncode == 0
    assert zero.stdout == projected_program(SCRIPT, 0)
    assert 'print("rank 0 saves")  # kept for rank 0\nhvd.barrier()' in zero.stdout
    other = run_project(tmp_path, "--rank", "2")
    assert other.returncode == 0
    assert 'print("rank", hvd.rank(), "waits")\nhvd.barrier()' in other.stdout
    assert "saves" not in other.stdout


def test_project_rejects_a_negative_rank_and_a_missing_file(tmp_path: Path) -> None:
    assert run_project(tmp_path, "--rank", "-1").returncode == 2
    missing = subprocess.run(
        [sys.executable, "-m", "tensorls", "project", str(tmp_path / "absent.py")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert missing.returncode == 2
