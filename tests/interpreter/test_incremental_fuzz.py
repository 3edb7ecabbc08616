"""The differential fuzzer of incremental re-analysis (``incremental_fuzz``), bounded and seeded.

Run at volume with ``python -m tests.interpreter.incremental_fuzz --versions 10000 --seed N``;
the suite analyses a fixed sample (the same versions on every run) that takes well under a minute.
"""

from __future__ import annotations

from pytest import MonkeyPatch
from tensorls.analyses.interpreter.incremental import checkpoints

from .incremental_fuzz import fuzz

VERSIONS = 2_000
SEED = 2026


def test_incremental_results_match_scratch_over_random_edit_sequences() -> None:
    run = fuzz(SEED, VERSIONS)
    assert run.versions == VERSIONS
    for mismatch in run.mismatches[:1]:
        raise AssertionError(
            f"{mismatch.seed} ({mismatch.mode}): after editing\n{mismatch.history[-2]!r}\n"
            f"into\n{mismatch.history[-1]!r}\nincremental:\n{mismatch.incremental}\n"
            f"from scratch:\n{mismatch.scratch}"
        )
    assert run.broken > 0
    assert run.called_from > 0
    assert run.replayed > VERSIONS // 10
    assert run.restored > VERSIONS // 2


def test_restoring_in_blocks_from_sparse_stores_matches_scratch(monkeypatch: MonkeyPatch) -> None:
    """The same fuzzing with checkpoints grouped by two (``checkpoints.BLOCK``) and stores kept
    only every (module variables + heap objects) / 4 statements (``SNAPSHOT_SPACING``), thinned
    beyond the last one (``RECENT_SNAPSHOTS``), so that the small seed programs go through the
    grouped replay and resume from earlier stores too."""
    monkeypatch.setattr(checkpoints, "BLOCK", 2)
    monkeypatch.setattr(checkpoints, "SNAPSHOT_SPACING", 4)
    monkeypatch.setattr(checkpoints, "RECENT_SNAPSHOTS", 1)
    run = fuzz(SEED + 1, VERSIONS // 4)
    for mismatch in run.mismatches[:1]:
        raise AssertionError(
            f"{mismatch.seed} ({mismatch.mode}): after editing\n{mismatch.history[-2]!r}\n"
            f"into\n{mismatch.history[-1]!r}\nincremental:\n{mismatch.incremental}\n"
            f"from scratch:\n{mismatch.scratch}"
        )
    assert run.restored > VERSIONS // 16
