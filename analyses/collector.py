"""How often the cyclic garbage collector makes a full collection during and between analyses.

An analysis allocates millions of containers (values, stores, footprints) and keeps most of
them until it ends; almost none of them become cyclic garbage: on the corpus files
the full collections made during an analysis free nothing (``gc.callbacks``: 0 objects in
generation 2 on ``ml_medium.py`` and ``script_large.py``), yet each one traverses every live
object of the process, the interpretation's growing stores and the document caches included. The
young generations are collected as usual (they find the short-lived cycles); only full
collections are made ``FULL_COLLECTION_DEFERRAL`` times rarer, and the collector's own schedule is
restored when the last analysis running ends (the full collection then due runs at the caller's
next allocations: once per analysis instead of two or three times during it). A caller that
keeps what an analysis built for the next one (the server, once it has published an analysis's
diagnostics) calls :func:`freeze_survivors`, so that later full collections skip it.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

FULL_COLLECTION_DEFERRAL = 10
"""Factor applied to the collector's third threshold (collections of the middle generation
between two full collections) during an analysis."""

_lock = threading.Lock()
_active = 0
_saved: tuple[int, int, int] | None = None


@contextmanager
def full_collections_deferred() -> Iterator[None]:
    """Make full collections ``FULL_COLLECTION_DEFERRAL`` times rarer inside the block.

    The thresholds are process-wide: the first block entered (in any thread) defers, and the last
    one left restores the thresholds found on the first entry, so nested or overlapping blocks
    never compound the deferral nor leave it in place.
    """
    global _active, _saved
    with _lock:
        if _active == 0:
            _saved = gc.get_threshold()
            young, middle, full = _saved
            gc.set_threshold(young, middle, full * FULL_COLLECTION_DEFERRAL)
        _active += 1
    try:
        yield
    finally:
        with _lock:
            _active -= 1
            if _active == 0 and _saved is not None:
                gc.set_threshold(*_saved)
                _saved = None


REFRESH_GROWTH = 2
"""The frozen objects are thawed and collected once this many times as many objects were frozen
as survived the last such refresh (see ``freeze_survivors``)."""

_frozen_at_refresh = 0
_frozen_since_refresh = 0


def freeze_survivors() -> None:
    """Move what an analysis left alive out of the reach of later collections (``gc.freeze``).

    For a caller that keeps long-lived structures between analyses (the server: each document's
    syntax tree, call memo and result), once an analysis's result is delivered. Those structures
    are most of the process's tracked objects (500,000 after the open of a 20,000-line script),
    and each full collection traversed them all again, inside the next analysis's time budget
    (0.4-0.9 s there), to free nothing among them. Here the young and middle generations are
    collected (short-lived cycles), then every tracked object is frozen: later collections
    traverse only what was allocated since.

    Frozen objects are still freed by reference counting (a syntax tree or a value holds no
    cycle); only a cycle that was alive when frozen and died since, or that reached the oldest
    generation during the analysis, waits for the next refresh: once the objects frozen since the
    last refresh outnumber ``REFRESH_GROWTH - 1`` times those that survived it, everything is
    thawed, one full collection made, and the survivors frozen again (the collector's own
    schedule makes a full collection once the long-lived objects grew by a quarter). Does nothing
    while an analysis defers full collections or while the collector is disabled.
    """
    global _frozen_at_refresh, _frozen_since_refresh
    with _lock:
        if _active or not gc.isenabled():
            return
        refresh = 0 < _frozen_at_refresh * (REFRESH_GROWTH - 1) < _frozen_since_refresh
        if refresh:
            gc.unfreeze()
            gc.collect()
        else:
            gc.collect(1)
        unfrozen = sum(len(gc.get_objects(generation)) for generation in range(3))
        gc.freeze()
        if refresh or _frozen_at_refresh == 0:
            _frozen_at_refresh, _frozen_since_refresh = unfrozen, 0
        else:
            _frozen_since_refresh += unfrozen
