"""Full collections of the cyclic garbage collector are rarer during an analysis, and only then."""

from __future__ import annotations

import gc

from tensorls.analyses import AnalysisSettings, analyse
from tensorls.analyses.collector import (
    FULL_COLLECTION_DEFERRAL,
    full_collections_deferred,
    make_due_collections,
)

SOURCE = "\n".join(f"x{i} = [{i}, {i} + 1]\ny{i} = x{i}[0] * 2" for i in range(200))


def test_full_collections_are_deferred_during_an_analysis_and_restored_after() -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, int, int]] = []

    def polled() -> bool:
        seen.append(gc.get_threshold())
        return False

    result = analyse(SOURCE, AnalysisSettings(), should_stop=polled)

    young, middle, full = before
    assert seen, "the analysis polls should_stop"
    assert set(seen) == {(young, middle, full * FULL_COLLECTION_DEFERRAL)}
    assert gc.get_threshold() == before
    assert not result.diagnostics


def test_the_thresholds_are_restored_when_the_analysis_is_cancelled() -> None:
    before = gc.get_threshold()
    analyse(SOURCE, AnalysisSettings(), should_stop=lambda: True)
    assert gc.get_threshold() == before


def test_overlapping_blocks_defer_once_and_the_last_one_out_restores() -> None:
    before = gc.get_threshold()
    young, middle, full = before
    outer = full_collections_deferred()
    inner = full_collections_deferred()
    outer.__enter__()
    inner.__enter__()
    assert gc.get_threshold() == (young, middle, full * FULL_COLLECTION_DEFERRAL)
    outer.__exit__(None, None, None)
    assert gc.get_threshold() == (young, middle, full * FULL_COLLECTION_DEFERRAL)
    inner.__exit__(None, None, None)
    assert gc.get_threshold() == before


def test_the_full_collection_an_analysis_deferred_is_made_when_asked() -> None:
    """Objects that outlive an analysis make a full collection due once the deferral ends;
    ``make_due_collections`` makes it then (and no collection runs before it is asked)."""
    full: list[int] = []

    def observe(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    gc.collect()
    young, middle, _ = gc.get_threshold()
    survivors = 2 * len(gc.get_objects()) + 20 * young * middle
    gc.callbacks.append(observe)
    try:
        with full_collections_deferred():
            kept = [[] for _ in range(survivors)]
            full.clear()
        assert full == []
        make_due_collections()
        assert full == [1]
    finally:
        gc.callbacks.remove(observe)
    del kept
