"""How often the cyclic garbage collector makes a full collection during an analysis.

An analysis allocates millions of containers (values, stores, footprints) and keeps most of
them until it ends; almost none of them become cyclic garbage: on the corpus files
the full collections made during an analysis free nothing (``gc.callbacks``: 0 objects in
generation 2 on ``ml_medium.py`` and ``script_large.py``), yet each one traverses every live
object of the process, the interpretation's growing stores and the document caches included. The
young generations are collected as usual (they find the short-lived cycles); only full
collections are made ``FULL_COLLECTION_DEFERRAL`` times rarer, and the collector's own schedule is
restored when the last analysis running ends (the full collection then due runs at the caller's
next allocations: once per analysis instead of two or three times during it). A caller that
would rather have that collection now than inside its next piece of work (the server, once it
has published an analysis's diagnostics) calls :func:`make_due_collections`.
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


def make_due_collections() -> None:
    """Let the collector make now the collections its own schedule has due, and only those.

    Allocates one more container than the young generation's threshold (kept until the end), so
    that the young collection the collector makes when the count passes the threshold runs here,
    and with it the older generations' collections its schedule has due, the full collection an
    analysis deferred included: none that it would not have made at the next allocations anyway.
    Does nothing while an analysis defers full collections or while the collector is disabled.
    """
    with _lock:
        if _active:
            return
    young = gc.get_threshold()[0]
    if not gc.isenabled() or young == 0:
        return
    containers = [[] for _ in range(young + 1)]
    del containers
