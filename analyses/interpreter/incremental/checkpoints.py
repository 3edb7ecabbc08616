"""Checkpoints of a module's run between its top-level statements, kept from one analysis to the next.

After an edit, the module body runs again only from the first top-level statement whose checkpoint
is not valid any more; every statement before it is *restored*: its effects on the interpreter
(values recorded for hover, reports, functions seen, module bindings... its journal, exactly what a
call summary holds, see ``memo``) are replayed and the store it left is taken back. Appending a
statement at the end of a script costs that statement.

What the state after statement ``i`` depends on, and so when its checkpoint is valid:

- the statements ``0..i`` themselves: each checkpoint holds its statement, and checkpoint ``i`` is
  used only while ``tree.body[i]`` is that same object (``reparse`` keeps unchanged statements as
  the same objects) and every checkpoint before it is used;
- the absolute positions the statement used (text naming a line, spans kept in sets:
  ``fixed_span_of``): a checkpoint whose ``horizon`` lies on or after the first line an edit moved
  is not used. Spans in values and reports, and the sizes named after their line, follow their
  nodes when lines move (``anchored_spans``), so a statement that only moved keeps its checkpoint;
- what the whole module decides for every statement (``context_of``): the settings (mode,
  budgets, rank projection), the module-wide scope facts (module-level ``global`` declarations,
  ``exec``/``globals()``, attribute names stored anywhere, ``__code__`` taken, postponed
  annotations), the names the module's loader defines (``loader_conventions``), and for a
  document with a workspace, the import
  session's context (settings and search path: ``extraPaths`` and the script's folder); and, once a statement made every module
  variable volatile, the names bound anywhere at module level (``bound``). Names bound by later
  statements or declared ``global`` in later functions matter only to the functions analysed
  after the body, which always run again;
- the project modules the statement imported (``imports``): each import it made is resolved again
  by the new analysis's importer, which validates the imported module's record against the
  module's current text (and, transitively, its imports'); a different resolution or key
  invalidates the checkpoint. The store it keeps holds the imported modules' objects and
  variables (one heap, ``import_rules``), so a restored import does not run their bodies again. Resolving them again also leaves the import session in the state a
  run of the statement would (modules used, validated, found).

``__file__`` is always unknown to the interpreter and notebook cells are joined into one module
before the analysis, so neither is an input here.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Hashable
from dataclasses import dataclass

from ...facts import AnalysisSettings
from ..core.scopes import ScopeTable
from ..core.state import State
from ..modules.imports import Importer, active_importer
from .import_reads import ImportRead, imports_made, imports_so_far, still_resolve
from .memo import CallSummary, Footprint, NestedEntry, expansion
from .summaries import SummaryRules

SNAPSHOT_SPACING = 256
"""A store is kept after a statement when at least (heap objects + module variables) / this many
statements ran since the last one kept, and after the last statement of the module. Keeping it
makes the next statement's first write copy the store's dictionaries (copy-on-write): kept after
every statement, a large module-level heap would be copied once per statement."""

RECENT_SNAPSHOTS = 16
"""Kept stores closest to the end of the module that ``Checkpoints.thin`` keeps all of; before
them, about this many per doubling of the distance from the end."""

BLOCK = 64
"""Checkpoints whose effects are replayed as one summary (see ``Checkpoints.effects``)."""

REGISTERS = (
    "unknown_guards",
    "guarded_callers",
    "certain_in_loop",
    "unrolled_work",
    "consuming_generator",
    "fixpoint_depth",
    "tracking",
)
"""Machine attributes that outlive a top-level statement besides the store and the journal: an
``if`` with an unknown test and an arm leaving abruptly leaves ``unknown_guards`` raised for the
rest of the module (and the functions analysed with unknown arguments after it)."""


@dataclass(eq=False, slots=True)
class Checkpoint:
    """The module's run just after one top-level statement (see the module docstring)."""

    statement: ast.stmt
    effects: CallSummary
    """The statement's journal, records, assignment targets and analysed functions (its store
    reads and writes are not used: ``state`` is the whole store)."""
    state: State | None
    """The store after the statement (None: unreachable); never written (a copy). Meaningless
    unless ``snapshot``."""
    snapshot: bool
    """Whether ``state`` and ``final`` were kept: only such a checkpoint is a point the run can
    resume from (``SNAPSHOT_SPACING``)."""
    final: State | None
    """The last reachable store so far (``state`` unless it is None)."""
    threshold: int
    """The heap size that triggers the next module-level garbage collection."""
    statements: int
    """Statements executed so far (interpreter counter)."""
    registers: tuple[object, ...]
    """The interpreter's other counters and flags after the statement (``REGISTERS``)."""
    suppressed: int
    """Reports a handler may have swallowed so far (the reporter's counter)."""
    bound: frozenset[str] | None
    """The names bound anywhere at module level when some module variable had become volatile
    by the end of the statement (``exec``, ``globals()``...: every module variable is then
    unknown for good, so the run depends on that set); None otherwise."""
    storage: dict[str, object]
    """A copy of the module frame's storage (facts library models keep for the module's run,
    such as the sizes module-level shape hints bound); never written."""
    imports: tuple[ImportRead, ...]
    number: int = 0
    """Which store this is, counting kept stores from the module's start from 0 (see
    ``Checkpoints.thin``)."""


@dataclass(frozen=True, slots=True)
class Restored:
    """Where the module body resumes: at ``tree.body[start]``, with the run's bookkeeping."""

    start: int
    final: State | None
    threshold: int


def context_of(
    settings: AnalysisSettings,
    scopes: ScopeTable,
    importer: Importer | None,
    loader_names: frozenset[str] = frozenset(),
) -> Hashable:
    """Everything outside the statements that a module-level run depends on (see the module
    docstring)."""
    module = scopes.module
    return (
        settings,
        loader_names,
        module.dynamic,
        frozenset(module.declared_global),
        frozenset(scopes.code_taken),
        frozenset(scopes.stored_attributes),
        scopes.annotations_postponed,
        import_context(importer),
    )


class Checkpoints:
    """One document's checkpoints, in the order of its top-level statements.

    Serves one analysis at a time; valid for one ``context`` (anything else empties it).
    """

    def __init__(self) -> None:
        self._context: Hashable = None
        self._kept: list[Checkpoint] = []
        self._blocks: list[CallSummary] = []
        """Block ``i`` replays the effects of checkpoints ``i * BLOCK`` to ``(i + 1) * BLOCK - 1``
        in one pass (their effects as nested summaries, in order), its expansion kept: restoring
        a long prefix joins the values recorded for hover once per block, not once per
        statement, and an edit keeps the blocks before it."""
        self._since_snapshot = 0
        """Checkpoints taken without a snapshot since the last one with."""
        self._numbered = 0
        """The number the next kept store gets (``Checkpoint.number``)."""
        self._since_thinned = 0
        """Snapshots taken since the last ``thin`` (which also runs while the body runs, so that
        a first analysis does not hold every store at once)."""
        self._moved_from: int | None = None
        self.restored = 0
        """Statements the last analysis restored instead of running (for benchmarks and tests)."""

    def edited(self, moved_from: int) -> None:
        """A re-parse moved lines from line ``moved_from`` on (statements it did not keep are told
        apart by identity). Moves made since the last analysis add up: an edit parsed but not
        analysed (it does not compile) still moved the nodes."""
        if self._moved_from is None or moved_from < self._moved_from:
            self._moved_from = moved_from

    def clear(self) -> None:
        """Forget every checkpoint (a new tree shares no statement with the previous one)."""
        self._kept = []
        self._blocks = []

    def effects(self, count: int) -> list[CallSummary]:
        """Summaries that replay the effects of the first ``count`` checkpoints, in order: one
        per whole ``BLOCK`` (``_blocks``, built and expanded once, dropped from the first block
        ``count`` does not cover), then one per remaining checkpoint."""
        whole = count // BLOCK
        del self._blocks[whole:]
        for index in range(len(self._blocks), whole):
            covered = self._kept[index * BLOCK : (index + 1) * BLOCK]
            block = _block_of([checkpoint.effects for checkpoint in covered])
            expansion(block)
            self._blocks.append(block)
        rest = [checkpoint.effects for checkpoint in self._kept[whole * BLOCK : count]]
        return [*self._blocks, *rest]

    def __len__(self) -> int:
        return len(self._kept)

    def thin(self) -> None:
        """Drop the stores of older checkpoints (see ``RECENT_SNAPSHOTS``): edits are typed near
        the end of a script far more often than at its start, and each store holds its own copy
        of the module's variables or heap. Stores are numbered as they are kept; one that has
        ``d`` newer ones stays while ``d < RECENT_SNAPSHOTS`` or its number is a multiple of the
        largest power of two not above ``d / RECENT_SNAPSHOTS``, so the kept set only shrinks
        as the script grows (a store dropped would never be kept again)."""
        self._since_thinned = 0
        newest = self._numbered - 1
        for checkpoint in self._kept:
            if not checkpoint.snapshot:
                continue
            newer = newest - checkpoint.number
            if newer < RECENT_SNAPSHOTS:
                continue
            level = (newer // RECENT_SNAPSHOTS).bit_length() - 1
            if checkpoint.number % (1 << level):
                checkpoint.snapshot = False
                checkpoint.state = checkpoint.final = None

    def usable(
        self,
        context: Hashable,
        body: list[ast.stmt],
        bound: set[str],
        importer: Importer | None,
    ) -> list[Checkpoint]:
        """The checkpoints this analysis may restore, in order (the last one a snapshot); drops
        every other one.

        Resolves again, with ``importer``, the imports of each checkpoint taken (see the module
        docstring): call only when the analysis restores what it returns.
        """
        if context != self._context:
            self._context = context
            self.clear()
        moved_from, self._moved_from = self._moved_from, None
        kept: list[Checkpoint] = []
        resumable = 0
        imports = len(importer.dependencies) if importer is not None else 0
        for checkpoint, statement in zip(self._kept, body, strict=False):
            if checkpoint.statement is not statement:
                break
            horizon = checkpoint.effects.horizon
            if (
                moved_from is not None and horizon is not None and horizon.lineno >= moved_from  # type: ignore[attr-defined]
            ):
                break
            if checkpoint.bound is not None and checkpoint.bound != bound:
                break
            if not still_resolve(checkpoint.imports, importer):
                break
            kept.append(checkpoint)
            if checkpoint.snapshot:
                resumable = len(kept)
                imports = len(importer.dependencies) if importer is not None else 0
        if importer is not None:
            del importer.dependencies[imports:]
        kept = kept[:resumable]
        self._since_snapshot = 0
        self._kept = kept
        self._numbered = kept[-1].number + 1 if kept else 0
        del self._blocks[len(kept) // BLOCK :]
        self.restored = len(kept)
        return kept

    def keep(
        self,
        statement: ast.stmt,
        effects: CallSummary,
        state: State | None,
        threshold: int,
        statements: int,
        registers: tuple[object, ...],
        suppressed: int,
        bound: frozenset[str] | None,
        storage: dict[str, object],
        imports: tuple[ImportRead, ...],
        final: State | None,
        last: bool,
    ) -> State | None:
        """Add the checkpoint after the next top-level statement (in order). ``state`` is the
        store after it, ``final`` the last reachable one; ``last`` says the statement is the
        module's last. Returns the store the run goes on with: ``state`` itself, or a copy of it
        when the checkpoint keeps ``state`` (see ``SNAPSHOT_SPACING``)."""
        snapshot = last or state is None
        if state is not None and not snapshot:
            size = len(state.heap) + len(state.globals)
            snapshot = self._since_snapshot + 1 >= size // SNAPSHOT_SPACING
        number = self._numbered
        kept = state
        if snapshot:
            self._numbered += 1
            self._since_snapshot = 0
            self._since_thinned += 1
            if self._since_thinned > 2 * RECENT_SNAPSHOTS:
                self.thin()
            if state is not None:
                kept, state = state, state.copy()
                final = kept
        else:
            self._since_snapshot += 1
        self._kept.append(
            Checkpoint(
                statement,
                effects,
                kept if snapshot else None,
                snapshot,
                final if snapshot else None,
                threshold,
                statements,
                registers,
                suppressed,
                bound,
                storage,
                imports,
                number,
            )
        )
        return state


class CheckpointRules(SummaryRules):
    """Running the module body from checkpoints, and taking them (mixed into the machine)."""

    checkpoints: Checkpoints | None
    loader_names: frozenset[str]

    def resume(self, threshold: int) -> Restored:
        """Restore the usable checkpoints of ``self.checkpoints`` (see ``Checkpoints.usable``)."""
        checkpoints = self.checkpoints
        if checkpoints is None:
            return Restored(0, None, threshold)
        importer = active_importer()
        context = context_of(self.settings, self.scopes, importer, self.loader_names)
        kept = checkpoints.usable(context, self.tree.body, self.scopes.module.bound, importer)
        if not kept:
            return Restored(0, None, threshold)
        for effects in checkpoints.effects(len(kept)):
            self.replay(effects)
        last = kept[-1]
        self.statements_executed = last.statements
        for name, value in zip(REGISTERS, last.registers, strict=True):
            setattr(self, name, value)
        self.reporter.suppressed = last.suppressed
        self.frame.storage = copy.deepcopy(last.storage)
        self.state = last.state.copy() if last.state is not None else None
        return Restored(len(kept), last.final, last.threshold)

    def start_checkpoint(self) -> tuple[Footprint, int] | None:
        """Start recording the next top-level statement (None without checkpoints)."""
        if self.checkpoints is None:
            return None
        footprint = Footprint(
            None,
            len(self.reporter.call_sites),
            self.statements_executed,
            self.reporter.suppressed,
            self.pending_raise,
            self.unrolled_work,
            self.fixpoint_depth > 0,
            len(self.call_stack),
        )
        self.footprints.append(footprint)
        return footprint, imports_so_far(active_importer())

    def stop_checkpoint(self, recording: tuple[Footprint, int]) -> None:
        """Stop recording a statement that did not complete (the budget ran out)."""
        self.footprints.remove(recording[0])

    def take_checkpoint(
        self,
        recording: tuple[Footprint, int],
        statement: ast.stmt,
        threshold: int,
        final: State | None,
    ) -> None:
        """Keep the checkpoint after ``statement``, which just completed; ``final`` is the last
        reachable store before it."""
        footprint, imports_before = recording
        self.stop_checkpoint(recording)
        importer = active_importer()
        effects = effects_of(
            footprint,
            self.statements_executed - footprint.statements_at_entry,
            self.reporter.suppressed - footprint.suppressed_at_entry,
        )
        assert self.checkpoints is not None
        self.state = self.checkpoints.keep(
            statement,
            effects,
            self.state,
            threshold,
            self.statements_executed,
            tuple(getattr(self, name) for name in REGISTERS),
            self.reporter.suppressed,
            frozenset(self.scopes.module.bound) if self.volatile_globals else None,
            copy.deepcopy(self.frame.storage),
            imports_made(importer, imports_before),
            final,
            statement is self.tree.body[-1],
        )


def _block_of(effects: list[CallSummary]) -> CallSummary:
    """One summary whose replay is the replay of each of ``effects`` in turn."""
    return CallSummary(
        global_reads=(),
        heap_reads=(),
        global_writes=(),
        heap_writes=(),
        journal=tuple(NestedEntry(summary, ()) for summary in effects),
        records={},
        targets={},
        analysed={},
        result=None,
        statements=sum(summary.statements for summary in effects),
        suppressed=sum(summary.suppressed for summary in effects),
        stack_checks=(),
        unrolled=None,
        in_fixpoint=None,
        roots=(),
        horizon=None,
    )


def effects_of(footprint: Footprint, statements: int, suppressed: int) -> CallSummary:
    """A top-level statement's recording as a summary that ``SummaryRules.replay`` can replay."""
    return CallSummary(
        global_reads=(),
        heap_reads=(),
        global_writes=(),
        heap_writes=(),
        journal=tuple(footprint.journal),
        records=footprint.records,
        targets=footprint.targets,
        analysed=footprint.analysed,
        result=None,
        statements=statements,
        suppressed=suppressed,
        stack_checks=(),
        unrolled=None,
        in_fixpoint=None,
        roots=(),
        horizon=footprint.horizon,
    )


def import_context(importer: Importer | None) -> Hashable:
    """What an import session decides for every import of the document: its path and the
    session's context (settings, search path)."""
    if importer is None:
        return None
    return (importer.path, importer.session.context)
