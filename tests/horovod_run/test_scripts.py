"""Real-style TF2 training scripts, rewritten by tensorls and run on two real Horovod ranks.

The scripts (``scripts/``) are offline stand-ins, in many styles, for public training scripts:
synthetic data, a few steps, seeded so that without sharding both ranks would see the same
batches. One horovodrun per script checks everything at once: the rewrite is offered and shards
the data (no note), the run exits 0, both ranks end with identical weights, only rank 0 prints
and writes files, and the ranks trained on different data: once the weights agree, the local
gradients two ranks hand to Horovod differ only if their batches do (``rank_runner``
fingerprints them). ``test_unsharded_ranks_compute_identical_gradients`` shows that this last
check fails when the data is not sharded.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.horovod.conftest import detect_source
from tests.horovod_run.launch import (
    DistributedRun,
    HorovodEnv,
    run_on_two_ranks,
    weights_identical,
)

pytestmark = pytest.mark.horovod

SCRIPTS_DIR = Path(__file__).resolve().parent / "scripts"
# Modules the scripts import, copied next to each rewritten script.
HELPER_MODULES = ("shared_blocks.py",)

# Each script: path prefixes of the files rank 0 must write in its working directory. (Each rank
# has a working directory of its own; scripts that read back what rank 0 wrote write it next to
# the script, where every rank finds it.)
EXPECTED_WRITES: dict[str, tuple[str, ...]] = {
    "callbacks_from_module.py": ("checkpoints/net_1", "log.csv"),
    "custom_loop_tf_function.py": ("checkpoints/checkpoint", "checkpoints/ckpt-1.index"),
    "custom_train_step_minimize.py": (),
    "dcgan_batchnorm_samples.py": (),
    "eager_tape_range_pipeline.py": (),
    "functional_dataset_split.py": ("best.h5",),
    "keras_checkpoint_dir_early_stopping.py": (),
    "keras_temp_initial_weights.py": (),
    "gan_two_tapes.py": (),
    "quickstart_sequential.py": (),
    "repeat_steps_per_epoch.py": ("tensorboard/train/events.", "training.csv", "history.json"),
    "save_then_reload.py": ("summary.txt",),
    "subclassed_fit_lr_keyword.py": ("predictions.npy",),
    "tape_in_block_full_batch.py": (),
    "text_embedding_reload_weights.py": (),
    "weighted_regression_piecewise.py": ("weights/final.index",),
    "while_loop_next_batches.py": ("summaries/events.",),
}
SCRIPTS = sorted(EXPECTED_WRITES)


def test_every_script_is_exercised() -> None:
    present = sorted(path.name for path in SCRIPTS_DIR.glob("*.py"))
    assert present == sorted([*SCRIPTS, *HELPER_MODULES])


def rewritten(script: str, tmp_path: Path) -> Path:
    """The script rewritten by tensorls (offered, not blocked, data sharded), in ``tmp_path``."""
    from tensorls.analyses.horovod import distribute

    source = (SCRIPTS_DIR / script).read_text(encoding="utf-8")
    assert len(detect_source(source).offers) == 1
    distribution = distribute(source)
    assert distribution.blocking == (), [d.message for d in distribution.blocking]
    assert distribution.notes == (), [d.message for d in distribution.notes]
    target = tmp_path / script
    target.write_text(distribution.new_source, encoding="utf-8")
    for helper in HELPER_MODULES:
        shutil.copy(SCRIPTS_DIR / helper, tmp_path / helper)
    return target


def missing_writes(run: DistributedRun, script: str) -> list[str]:
    files = run.ranks[0].files
    return [
        expected
        for expected in EXPECTED_WRITES[script]
        if not any(path.startswith(expected) for path in files)
    ]


@pytest.mark.parametrize("script", SCRIPTS)
def test_rewritten_script_trains_data_parallel(
    script: str, horovod_env: HorovodEnv, tmp_path: Path
) -> None:
    run = run_on_two_ranks(horovod_env, rewritten(script, tmp_path), tmp_path / "run")

    assert run.returncode == 0, run.describe()
    rank_0, rank_1 = run.ranks[0], run.ranks[1]
    assert rank_0.weights, f"rank 0 saved no weights\n{run.describe()}"
    assert weights_identical(rank_0.weights, rank_1.weights), run.describe()
    assert rank_0.stdout, f"rank 0 printed nothing\n{run.describe()}"
    assert rank_1.stdout == [], run.describe()
    assert not missing_writes(run, script), rank_0.files
    assert rank_1.files == [], run.describe()
    assert rank_0.gradients, f"no gradient reached Horovod\n{run.describe()}"
    assert len(rank_0.gradients) == len(rank_1.gradients), run.describe()
    assert rank_0.gradients[-1] != rank_1.gradients[-1], "both ranks trained on the same batches"


def test_unsharded_ranks_compute_identical_gradients(
    horovod_env: HorovodEnv, tmp_path: Path
) -> None:
    script = rewritten("quickstart_sequential.py", tmp_path)
    source = script.read_text(encoding="utf-8")
    shard_definition = "def hvd_shard(data):\n"
    assert source.count(shard_definition) == 1
    script.write_text(
        source.replace(shard_definition, shard_definition + "    return data\n"), encoding="utf-8"
    )

    run = run_on_two_ranks(horovod_env, script, tmp_path / "run")

    assert run.returncode == 0, run.describe()
    rank_0, rank_1 = run.ranks[0], run.ranks[1]
    assert rank_0.gradients and rank_0.gradients[-1] == rank_1.gradients[-1], run.describe()
