"""Real-style PyTorch training scripts, rewritten by tensorls and run on two real Horovod ranks.

The scripts (``scripts/torch/``) are offline stand-ins, in many styles, for public PyTorch
training scripts (MLP, CNN over a custom Dataset, LSTM trained through functions, checkpoint
save and reload, OneCycleLR, GRU with clipping and a metrics file, an autoencoder over an
unshuffled loader, an EmbeddingBag classifier saving its best state, a trainer class holding
its optimizer and loaders in attributes, mixed precision with a GradScaler with and without
unscale and clipping, gradient accumulation alone and with a GradScaler, progress logged through ``logging``) and the PyTorch example
(``examples/torch_horovod/``): synthetic data, a few steps, seeded so that without sharding both ranks would see the same batches. One horovodrun
per script (in the Horovod + PyTorch environment of ``scripts/horovod-torch-env.sh``) checks
everything at once: the rewrite is offered and shards the data (no note), the rewritten script
passes the rank-aware checks, the run exits 0, both ranks end with identical weights, only
rank 0 prints and writes files, and the ranks trained on different data: once the weights
agree, the local gradients two ranks hand to Horovod differ only if their batches do
(``torch_rank_runner`` fingerprints them). ``test_unsharded_ranks_compute_identical_gradients``
shows that this last check fails when the data is not sharded.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tensorls.analyses import analyse

from tests.horovod.conftest import detect_source
from tests.horovod_run.launch import (
    REPOSITORY,
    TORCH_RANK_RUNNER,
    DistributedRun,
    HorovodEnv,
    run_on_two_ranks,
    weights_identical,
)

pytestmark = pytest.mark.horovod

SCRIPTS_DIR = Path(__file__).resolve().parent / "scripts" / "torch"
EXAMPLES_DIR = REPOSITORY / "examples" / "torch_horovod"
RANK_CODES = {
    "rank-divergent-collective",
    "collective-mismatch",
    "rank-unbound-name",
    "rank-file-divergence",
}

# Each script: path prefixes of the files rank 0 must write in its working directory. (Each rank
# has a working directory of its own; scripts that read back what rank 0 wrote write it next to
# the script, where every rank finds it: SHARED_WRITES.)
EXPECTED_WRITES: dict[str, tuple[str, ...]] = {
    "autoencoder_unshuffled.py": (),
    "checkpoint_resume.py": (),
    "cnn_batchnorm.py": (),
    "cnn_custom_dataset.py": (),
    "dcgan_two_passes.py": (),
    "embedding_bag_text.py": ("best_classifier.pt",),
    "gan_two_optimizers.py": (),
    "gradient_accumulation.py": (),
    "gru_clip_metrics_file.py": ("losses.csv",),
    "linear_full_batch.py": (),
    "loader_kwargs_sample_dir.py": (),
    "logging_progress.py": (),
    "lstm_train_function.py": (),
    "mixed_precision_accumulation.py": (),
    "mixed_precision_train_function.py": (),
    "mixed_precision_unscale_clip.py": (),
    "mlp_tensor_dataset.py": (),
    "onecycle_scheduler.py": (),
    "temp_run_dir.py": (),
    "train_classifier.py": (),
    "trainer_class_attributes.py": (),
}
SHARED_WRITES: dict[str, tuple[str, ...]] = {
    "checkpoint_resume.py": ("checkpoints/epoch_0.pt", "checkpoints/epoch_2.pt"),
    "loader_kwargs_sample_dir.py": ("samples/model-0.pt", "samples/model-1.pt"),
    "train_classifier.py": ("best.pt",),
}
SCRIPTS = sorted(EXPECTED_WRITES)


def script_path(script: str) -> Path:
    """A script of ``scripts/torch/`` or, for the PyTorch example, of ``examples/``."""
    example = EXAMPLES_DIR / script
    return example if example.is_file() else SCRIPTS_DIR / script


def test_every_script_is_exercised() -> None:
    present = [*SCRIPTS_DIR.glob("*.py"), *EXAMPLES_DIR.glob("*.py")]
    assert sorted(path.name for path in present) == SCRIPTS


def rewritten(script: str, tmp_path: Path) -> Path:
    """The script rewritten by tensorls (offered, not blocked, data sharded), in ``tmp_path``."""
    from tensorls.analyses.horovod import distribute

    source = script_path(script).read_text(encoding="utf-8")
    assert len(detect_source(source).offers) == 1
    distribution = distribute(source)
    assert distribution.blocking == (), [d.message for d in distribution.blocking]
    assert distribution.notes == (), [d.message for d in distribution.notes]
    assert "import horovod.torch as hvd\n" in distribution.new_source
    target = tmp_path / script
    target.write_text(distribution.new_source, encoding="utf-8")
    return target


@pytest.mark.parametrize("script", SCRIPTS)
def test_rewritten_script_passes_the_rank_checks(script: str, tmp_path: Path) -> None:
    source = rewritten(script, tmp_path).read_text(encoding="utf-8")
    reports = [
        (d.span.start.line + 1, d.code, d.message)
        for d in analyse(source).diagnostics
        if d.code in RANK_CODES
    ]
    assert reports == []


def missing_writes(run: DistributedRun, script: str) -> list[str]:
    files = run.ranks[0].files
    return [
        expected
        for expected in EXPECTED_WRITES[script]
        if not any(path.startswith(expected) for path in files)
    ]


@pytest.mark.parametrize("script", SCRIPTS)
def test_rewritten_script_trains_data_parallel(
    script: str, horovod_torch_env: HorovodEnv, tmp_path: Path
) -> None:
    run = run_on_two_ranks(
        horovod_torch_env, rewritten(script, tmp_path), tmp_path / "run", runner=TORCH_RANK_RUNNER
    )

    assert run.returncode == 0, run.describe()
    rank_0, rank_1 = run.ranks[0], run.ranks[1]
    assert rank_0.weights, f"rank 0 saved no weights\n{run.describe()}"
    assert weights_identical(rank_0.weights, rank_1.weights), run.describe()
    assert rank_0.stdout, f"rank 0 printed nothing\n{run.describe()}"
    assert rank_1.stdout == [], run.describe()
    assert not missing_writes(run, script), rank_0.files
    for shared in SHARED_WRITES.get(script, ()):
        assert shared in run.script_folder_files, shared
    assert rank_1.files == [], run.describe()
    assert rank_0.gradients, f"no gradient reached Horovod\n{run.describe()}"
    assert len(rank_0.gradients) == len(rank_1.gradients), run.describe()
    # The ranks start from the same weights, so the gradients they hand to Horovod differ
    # somewhere only if their batches do (a GAN's generator gradients may not depend on them).
    assert rank_0.gradients != rank_1.gradients, "both ranks trained on the same batches"


def test_single_device_script_trains_independently_on_each_rank(
    horovod_torch_env: HorovodEnv, tmp_path: Path
) -> None:
    """Before the rewrite both ranks print: the rank-0-only check above can fail."""
    run = run_on_two_ranks(
        horovod_torch_env,
        SCRIPTS_DIR / "mlp_tensor_dataset.py",
        tmp_path / "run",
        runner=TORCH_RANK_RUNNER,
    )

    assert run.returncode == 0, run.describe()
    assert run.ranks[0].stdout and run.ranks[1].stdout, run.describe()


def test_unsharded_ranks_compute_identical_gradients(
    horovod_torch_env: HorovodEnv, tmp_path: Path
) -> None:
    script = rewritten("mlp_tensor_dataset.py", tmp_path)
    source = script.read_text(encoding="utf-8")
    sampler = "num_replicas=hvd.size(), rank=hvd.rank()"
    assert source.count(sampler) == 1
    script.write_text(source.replace(sampler, "num_replicas=1, rank=0"), encoding="utf-8")

    run = run_on_two_ranks(horovod_torch_env, script, tmp_path / "run", runner=TORCH_RANK_RUNNER)

    assert run.returncode == 0, run.describe()
    rank_0, rank_1 = run.ranks[0], run.ranks[1]
    assert rank_0.gradients and rank_0.gradients[-1] == rank_1.gradients[-1], run.describe()


@pytest.mark.parametrize(
    ("old", "new", "horovod_error"),
    [
        (
            ", backward_passes_per_step=3)",
            ")",
            "Gradients were computed more than backward_passes_per_step times",
        ),
        (
            " or i + 1 == len(loader):",
            ":",
            "optimizer.zero_grad() was called after loss.backward() but before",
        ),
    ],
    ids=["without backward_passes_per_step", "without the epoch's last step"],
)
def test_accumulation_fails_on_horovod_without_what_the_rewrite_requires(
    old: str, new: str, horovod_error: str, horovod_torch_env: HorovodEnv, tmp_path: Path
) -> None:
    """Horovod 0.28.1 itself rejects the accumulating script without backward_passes_per_step,
    and, with it, when the epoch's last batches do not step (ten batches per rank, K = 3: the
    last batch's pending gradients meet the next epoch's zero_grad): the rule's conditions are
    needed, not only sufficient."""
    script = rewritten("gradient_accumulation.py", tmp_path)
    source = script.read_text(encoding="utf-8")
    assert source.count(old) == 1
    script.write_text(source.replace(old, new), encoding="utf-8")

    run = run_on_two_ranks(horovod_torch_env, script, tmp_path / "run", runner=TORCH_RANK_RUNNER)

    assert run.returncode != 0, run.describe()
    assert horovod_error in run.output, run.describe()
