"""Run the TF2 examples on two Horovod ranks, before and after tensorls' rewrite.

Before the rewrite each rank trains its own model: the ranks end with different weights and both
print and write checkpoints. This shows that the checks below can fail. After the rewrite the ranks
must end with identical weights, and only rank 0 prints or writes files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.horovod_run.launch import (
    REPOSITORY,
    DistributedRun,
    HorovodEnv,
    run_on_two_ranks,
    weights_identical,
)

pytestmark = pytest.mark.horovod

EXAMPLES_DIR = REPOSITORY / "examples" / "tf2"

# Files each example writes into its working directory on a rank that saves.
EXPECTED_WRITES: dict[str, tuple[str, ...]] = {
    "custom_loop_functions.py": ("weights/checkpoint", "weights/model.index"),
    "custom_loop_tf_function.py": ("checkpoints/checkpoint", "checkpoints/ckpt-1.index"),
    "keras_schedule_callbacks.py": (
        "best.h5",
        "model.h5",
        "tensorboard/train/events.out.tfevents.",
    ),
    "keras_sequential_fit.py": ("checkpoints/epoch-01.index", "final_weights.index"),
    "keras_functional_sgd.py": ("classifier.h5",),
    "subclassed_eager_loop.py": ("logs/events.out.tfevents.",),
}

EXAMPLES = sorted(EXPECTED_WRITES)


def missing_writes(run: DistributedRun, rank: int, example: str) -> list[str]:
    files = run.ranks[rank].files
    return [
        expected
        for expected in EXPECTED_WRITES[example]
        if not any(path.startswith(expected) for path in files)
    ]


def test_every_example_is_exercised() -> None:
    assert sorted(path.name for path in EXAMPLES_DIR.glob("*.py")) == EXAMPLES


@pytest.mark.parametrize("example", EXAMPLES)
def test_single_device_example_trains_independently_on_each_rank(
    example: str, horovod_env: HorovodEnv, tmp_path: Path
) -> None:
    run = run_on_two_ranks(horovod_env, EXAMPLES_DIR / example, tmp_path / "run")

    assert run.returncode == 0, run.describe()
    for rank, outcome in run.ranks.items():
        assert outcome.weights, f"rank {rank} saved no weights\n{run.describe()}"
        assert outcome.stdout, f"rank {rank} printed nothing\n{run.describe()}"
        assert not missing_writes(run, rank, example), outcome.files
    assert not weights_identical(run.ranks[0].weights, run.ranks[1].weights)


@pytest.mark.parametrize("example", EXAMPLES)
def test_distributed_example_agrees_across_ranks(
    example: str, horovod_env: HorovodEnv, tmp_path: Path
) -> None:
    from tensorls.analyses.horovod import distribute

    source = (EXAMPLES_DIR / example).read_text(encoding="utf-8")
    distribution = distribute(source)
    assert not distribution.blocking, [d.message for d in distribution.blocking]
    assert distribution.new_source != source
    script = tmp_path / example
    script.write_text(distribution.new_source, encoding="utf-8")

    run = run_on_two_ranks(horovod_env, script, tmp_path / "run")

    assert run.returncode == 0, run.describe()
    rank_0, rank_1 = run.ranks[0], run.ranks[1]
    assert rank_0.weights, f"rank 0 saved no weights\n{run.describe()}"
    assert weights_identical(rank_0.weights, rank_1.weights), run.describe()
    assert rank_0.stdout, f"rank 0 printed nothing\n{run.describe()}"
    assert rank_1.stdout == [], run.describe()
    assert not missing_writes(run, 0, example), rank_0.files
    assert rank_1.files == [], run.describe()
