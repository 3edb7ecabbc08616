"""Full collections of the cyclic garbage collector are rarer during an analysis, and only then;
what outlives an analysis is frozen, and thawed and collected once it doubled."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest
from tensorls.analyses import AnalysisSettings, analyse, collector
from tensorls.analyses.collector import (
    FULL_COLLECTION_DEFERRAL,
    freeze_survivors,
    full_collections_deferred,
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


@pytest.fixture
def thawed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A process with nothing frozen and no refresh made yet; thawed again afterwards."""
    gc.unfreeze()
    monkeypatch.setattr(collector, "_frozen_at_refresh", 0)
    monkeypatch.setattr(collector, "_frozen_since_refresh", 0)
    yield
    gc.unfreeze()


class Cycle:
    """An object in a reference cycle with itself (freed only by the cyclic collector)."""

    def __init__(self) -> None:
        self.me = self


def test_what_outlives_an_analysis_is_frozen_and_later_objects_are_not(thawed: None) -> None:
    kept = [[] for _ in range(1000)]
    analyse(SOURCE, AnalysisSettings())
    freeze_survivors()
    frozen = gc.get_freeze_count()
    assert frozen >= len(kept)
    later = [[] for _ in range(1000)]
    assert gc.get_freeze_count() == frozen
    assert any(item is later for item in gc.get_objects())
    del kept, later


def test_nothing_is_frozen_while_an_analysis_defers_full_collections(thawed: None) -> None:
    with full_collections_deferred():
        freeze_survivors()
    assert gc.get_freeze_count() == 0


def test_a_dead_cycle_frozen_earlier_is_collected_at_the_refresh(thawed: None) -> None:
    """Once the objects frozen since the first freeze outnumber those it froze
    (``REFRESH_GROWTH`` 2), everything is thawed and collected: a cycle that died meanwhile
    is freed then, and not before."""
    freeze_survivors()
    first = gc.get_freeze_count()
    alive = Cycle()
    cycle = weakref.ref(alive)
    freeze_survivors()
    del alive  # died frozen: only the refresh can free it
    freeze_survivors()
    assert cycle() is not None
    grown = [[] for _ in range(first * (collector.REFRESH_GROWTH - 1) + 1)]
    freeze_survivors()  # the objects frozen since the first freeze now outnumber it
    assert cycle() is not None
    freeze_survivors()
    assert cycle() is None
    del grown
