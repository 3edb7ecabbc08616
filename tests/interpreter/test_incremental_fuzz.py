"""The differential fuzzer of incremental re-analysis (``incremental_fuzz``), bounded and seeded.

Run at volume with ``python -m tests.interpreter.incremental_fuzz --versions 10000 --seed N``;
the suite analyses a fixed sample (the same versions on every run) that takes well under a minute.
"""

from __future__ import annotations

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
