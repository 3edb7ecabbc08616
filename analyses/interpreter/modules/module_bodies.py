"""Summaries of project modules' body runs, shared by every analysis of one workspace.

A module body is run like a call of a function without arguments (``import_rules``): while it
runs, a recording (``incremental.memo.Footprint``) notes the first value of every module variable
and heap object it reads or writes, the questions it asks outside the store (which functions are
running, which attribute names the loaded modules store, the imports it resolves: all of them,
nested bodies' included) and its journal (reports, bookkeeping effects). Its ``CallSummary`` keeps
those first values as preconditions and the final values as its writes. Another analysis (of the
same document after an edit, or of another document of the same workspace) that imports the
module in a store where every precondition holds applies the writes and replays the journal
instead of running the body: exactly what running it would do, because nothing the body did not
read can change what it does.

In particular a body that read a module another importer had loaded (and maybe mutated:
``config.BATCH = 64`` before ``import models``) holds only where that module's variables and
objects are the same values, and a body that loaded its imports itself holds only where none of
them is loaded yet (the registry entry ``(MODULES, path)`` is among its reads, absent). The
summary is made of immutable values and never written: an importer that mutates a list the body
made writes a new object into its own store, never into the summary (the store is
copy-on-write: ``core.state``).

Kept per parsed text (``ModuleCode``) and analysis settings, in the module's ``ModuleRecord``; a
summary is made only by a run that completed and met no bound (one inside an import cycle is
made too: a partially initialised module it read is a precondition like any other), and it keeps
the parsed codes of every module it ran, so that the node identities (allocation sites) it
mentions stay their own; it applies only where the imports resolve to the same files and those
modules have the same texts (``Session.texts_hold``).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ..incremental.memo import CallSummary
from .module_code import ModuleCode

MAX_PER_KEY = 4
"""Summaries kept for one body key (the same module imported in different stores)."""


@dataclass(frozen=True, slots=True)
class BodySummary:
    """One run of a module body, summarised (see the module docstring)."""

    summary: CallSummary
    codes: tuple[ModuleCode, ...]
    """The parsed code of the module (first: the summary is kept with it) and of every module
    its body ran (or replayed)."""
    modules_run: int
    """How many module bodies the run counted against ``MAX_MODULES_RUN`` (its own included)."""
    reach: int
    """How many bodies deeper than the importer's the run had running at once (its own
    included): replayed where the import depth bound would not have been met either."""


class ModuleBodies:
    """The body summaries of one parsed text of a module under one settings value."""

    __slots__ = ("_by_key",)

    def __init__(self) -> None:
        self._by_key: dict[Hashable, list[BodySummary]] = {}

    def candidates(self, key: Hashable) -> list[BodySummary]:
        """The summaries of runs made with the same interpreter flags (most recent last)."""
        return self._by_key.get(key, [])

    def add(self, key: Hashable, body: BodySummary) -> None:
        """Keep ``body`` (the oldest of ``key`` beyond ``MAX_PER_KEY`` is forgotten)."""
        kept = self._by_key.setdefault(key, [])
        kept.append(body)
        if len(kept) > MAX_PER_KEY:
            del kept[0]

    def __len__(self) -> int:
        return sum(len(kept) for kept in self._by_key.values())
