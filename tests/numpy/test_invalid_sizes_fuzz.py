"""Invalid sizes in random creating calls against real NumPy (issue 30, item 2), a few seconds."""

from __future__ import annotations

from .invalid_sizes_fuzz import run

SEED = 302
CI_SECONDS = 4.0


def test_invalid_sizes_fail_where_numpy_fails_or_are_not_reported() -> None:
    volume = run(SEED, CI_SECONDS)
    assert volume.programs >= 20
    assert volume.numpy_failed > 0
