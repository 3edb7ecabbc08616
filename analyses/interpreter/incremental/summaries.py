"""Running a user function through the call memo: record a summary, or replay a stored one.

See ``memo`` for what a summary is and why replaying it is exact. This module decides when a call
may use the memo at all (``call_key``): never while an exception handler is tracking the stores
an exception may leave from (the summary would have to carry those stores too), and only for
keys that hash.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from ...domains.base import AbstractValue
from ...domains.functions import FunctionValue
from ..core.machine import MachineCore, Raised
from ..core.reachability import reachable_addresses
from ..modules.imports import active_importer
from .import_reads import imports_made, imports_so_far, still_resolve
from .memo import (
    ABSENT,
    CallSummary,
    Contents,
    EffectEntry,
    Footprint,
    NestedEntry,
    expansion,
    held_by_loop,
    joined_record,
)
from .provenance import provenance

K = TypeVar("K")


class SummaryRules(MachineCore):
    """Memoised execution of user functions."""

    def call_key(
        self, function: FunctionValue, bindings: dict[str, AbstractValue]
    ) -> Hashable | None:
        """Everything besides the store that a call's analysis depends on; None: do not memoise.

        The function and arguments are matched with their provenance (``provenance``): a call
        with equal arguments established elsewhere is analysed again, as its records and reports
        show where they were established. The flags are the interpreter state a callee reads:
        whether reports are swallowed, and whether directly by the innermost loop's unrolled
        pass (``ReportEntry.held_by_loop``), whether the call is under a branch of unknown
        condition in a guarded caller (reports become uncertain), the depth of the call stack
        (depth cut-off), escaped classes, volatile module variables, and whether a generator
        argument is being consumed. Whether a loop fixpoint is being computed, the
        exact-unrolling work of the enclosing loops and which functions are running (recursion
        cut-off) are preconditions instead, checked only when the call consulted them.
        """
        if self.tracking:
            return None
        key = (
            function,
            tuple(bindings.items()),
            *self.run_context(),
            provenance((function, bindings)),
        )
        try:
            hash(key)
        except TypeError:
            return None
        return key

    def run_context(self) -> tuple[Hashable, ...]:
        """The interpreter state a recorded run (a call, or a module body: ``body_key``) reads
        besides the store: the flags ``call_key`` lists."""
        return (
            self.reporter.swallowing > 0,
            self.directly_in_loop(),
            self.guarded_callers + (self.unknown_guards > 0) > 0,
            len(self.call_stack),
            self.names_injected,
            frozenset(self.volatile_globals),
            self.consuming_generator,
        )

    def memoised(
        self,
        key: Hashable,
        run: Callable[[], AbstractValue],
    ) -> AbstractValue:
        """``run()`` (a call's analysis), or the replay of a stored summary of the same call."""
        for summary in self.memo.candidates(key):
            if self.summary_holds(summary):
                self.memo.hits += 1
                return self.apply_summary(summary)
        self.memo.misses += 1
        return self.recorded(key, run, self.memo.add)

    def recorded(
        self,
        key: Hashable,
        run: Callable[[], AbstractValue],
        keep: Callable[[Hashable, CallSummary], None],
    ) -> AbstractValue:
        """``run()`` recorded: its summary, when it can be made, is given to ``keep`` (with
        ``key``) and nested in the enclosing recording's."""
        footprint = Footprint(
            key,
            len(self.reporter.call_sites),
            self.statements_executed,
            self.reporter.suppressed,
            self.pending_raise,
            self.unrolled_work,
            self.fixpoint_depth > 0,
            len(self.call_stack),
            imports_at_entry=imports_so_far(active_importer()),
        )
        self.footprints.append(footprint)
        completed = False
        try:
            result: AbstractValue | None = run()
            completed = True
        except Raised:
            result = None
            completed = True
            raise
        finally:
            self.footprints.pop()
            self._close(footprint, result if completed else None, completed, keep)
        return result

    def summary_holds(self, summary: CallSummary, imports: bool = True) -> bool:
        """True when every location the summarised call read has the same value now, with the
        same provenance (see ``provenance``), and (unless not ``imports``: the caller checks them
        its own way) every project module it imported resolves the same (``import_reads``)."""
        if summary.unrolled is not None and summary.unrolled != self.unrolled_work:
            return False
        if summary.in_fixpoint is not None and summary.in_fixpoint != (self.fixpoint_depth > 0):
            return False
        call_stack = self.call_stack
        for node, running in summary.stack_checks:
            if (node in call_stack) != running:
                return False
        state = self.live
        globals_, heap = state.globals, state.heap
        for name, before in summary.global_reads:
            now = globals_.get(name, ABSENT)
            if now is not before and (now != before or provenance(now) != provenance(before)):
                return False
        for address, before in summary.heap_reads:
            now = heap.get(address, ABSENT)
            if now is not before and (now != before or provenance(now) != provenance(before)):
                return False
        for name, stored in summary.attribute_checks:
            if self.stored_anywhere_now(name) != stored:
                return False
        return (
            not imports or not summary.imports or still_resolve(summary.imports, active_importer())
        )

    def _close(
        self,
        footprint: Footprint,
        result: AbstractValue | None,
        completed: bool,
        keep: Callable[[Hashable, CallSummary], None],
    ) -> None:
        """Make the summary of a finished recording, and pass what it saw to the caller's."""
        parent = self.footprints[-1] if self.footprints else None
        if parent is not None:
            parent.absorb(footprint)
            parent.take_stack_checks(footprint.stack_checks.items(), self.call_stack)
        storable = completed and self.pending_raise is footprint.pending_raise_at_entry
        if not storable or self.state is None:
            if parent is not None:
                parent.inline(footprint)
            return
        state = self.state
        self._drop_garbage(footprint, result)
        global_writes = _changed(footprint.globals_seen, state.globals)
        heap_writes = _changed(footprint.heap_seen, state.heap)
        if any(after is ABSENT for _, after in heap_writes):
            if parent is not None:
                parent.inline(footprint)
            return
        summary = CallSummary(
            global_reads=tuple(footprint.globals_seen.items()),
            heap_reads=tuple(footprint.heap_seen.items()),
            global_writes=global_writes,
            heap_writes=heap_writes,
            journal=tuple(footprint.journal),
            records=footprint.records,
            targets=footprint.targets,
            analysed=footprint.analysed,
            result=result,
            statements=self.statements_executed - footprint.statements_at_entry,
            suppressed=self.reporter.suppressed - footprint.suppressed_at_entry,
            stack_checks=tuple(footprint.stack_checks.items()),
            unrolled=footprint.unrolled_at_entry if footprint.reads_unrolled else None,
            in_fixpoint=footprint.in_fixpoint_at_entry if footprint.reads_fixpoint else None,
            roots=tuple(footprint.roots),
            horizon=footprint.horizon,
            imports=imports_made(active_importer(), footprint.imports_at_entry),
            attribute_checks=tuple(footprint.attribute_checks.items()),
        )
        keep(footprint.key, summary)
        self.replayed.add(id(summary))
        if parent is not None:
            parent.journal.append(
                NestedEntry(
                    summary,
                    tuple(self.reporter.call_sites[parent.site_depth : footprint.site_depth]),
                )
            )

    def _drop_garbage(self, footprint: Footprint, result: AbstractValue | None) -> None:
        """Free the objects the call allocated that nothing outside it can reach any more.

        Outside the call, a new object can only be reached through the result, through a module
        variable or an older object the call changed, or through what the interpreter keeps
        aside (functions seen, module bindings): the roots. Dropping the rest makes a repeated
        call find the same free addresses, so its summary applies again.
        """
        state = self.live
        heap = state.heap
        new = {a for a, before in footprint.heap_seen.items() if before is ABSENT and a in heap}
        if not new:
            return
        roots: list[AbstractValue] = list(footprint.roots)
        if result is not None:
            roots.append(result)
        globals_ = state.globals
        for name in footprint.globals_seen:
            value = globals_.get(name)
            if value is not None:
                roots.append(value)
        for address, before in footprint.heap_seen.items():
            if before is not ABSENT:
                value = heap.get(address)
                if value is not None:
                    roots.append(value)
        garbage = new - reachable_addresses(roots, heap, new, self.budget.check)
        if garbage:
            state.discard(garbage)

    def apply_summary(self, summary: CallSummary) -> AbstractValue:
        """Do what the summarised call did: its store writes, journal and result (or raise).

        Like a call that runs, the writes go to a new store object (sharing the caller's until
        written): a store object the caller kept aside (the module's last completed statement's)
        must not see them.
        """
        self.memo.replayed_directly(summary)
        parent = self.footprints[-1] if self.footprints else None
        if parent is not None:
            for name, before in summary.global_reads:
                parent.globals_seen.setdefault(name, before)
            for address, before in summary.heap_reads:
                parent.heap_seen.setdefault(address, before)
            for name, stored in summary.attribute_checks:
                parent.attribute_checks.setdefault(name, stored)
            parent.roots.extend(summary.roots)
            parent.reads_unrolled = parent.reads_unrolled or summary.unrolled is not None
            parent.reads_fixpoint = parent.reads_fixpoint or summary.in_fixpoint is not None
            parent.note_position(summary.horizon)
            parent.take_stack_checks(summary.stack_checks, self.call_stack)
            parent.journal.append(
                NestedEntry(summary, tuple(self.reporter.call_sites[parent.site_depth :]))
            )
        caller = self.live
        state = self.state = caller.with_frame(caller.locals)
        for name, after in summary.global_writes:
            if after is ABSENT:
                state.delete(name, local=False)
            else:
                state.write(name, after, local=False)  # type: ignore[arg-type]
        for address, after in summary.heap_writes:
            state.store(address, after)  # type: ignore[arg-type]
        self.statements_executed += summary.statements
        self.replay(summary)
        if summary.result is None:
            self.state = caller
            self.raise_here()
        return summary.result  # type: ignore[return-value]

    def replay(self, summary: CallSummary) -> None:
        """Add a summary's records, reports and bookkeeping (nested calls' too) to this analysis.

        Replaying a summary twice changes nothing but the count of suppressed reports and of
        certain failures held back by the innermost loop, exactly as running the call twice
        would; so a summary already replayed (or made) by this analysis only adds those counts
        (the second lets a loop nest's later iteration of an inner loop note its failure).
        """
        if id(summary) in self.replayed:
            self.reporter.suppressed += summary.suppressed
            self.certain_in_loop += held_by_loop(summary)
            return
        expanded = expansion(summary)
        for done in (summary, *expanded.nested):
            self.replayed.add(id(done))
            self.memo.use(done)
        values = self.values
        joined = {
            key: joined_record(old, expanded.values[key])
            for key in values.keys() & expanded.values.keys()
            if (old := values[key]) is not None
        }
        values.update(expanded.values)
        values.update(joined)
        self.nodes.update(expanded.nodes)
        self.assignment_targets.update(expanded.targets)
        self.functions_analysed.update(expanded.analysed)
        sites = self.reporter.call_sites
        depth = len(sites)
        for entry_sites, entry in expanded.journal:
            if isinstance(entry, EffectEntry):
                getattr(self, "_" + entry.kind)(entry.argument)
            elif entry.swallowed and not entry.advice:
                if entry.certain or self.reporter.possible_mode:
                    self.reporter.suppressed += 1
                if entry.held_by_loop:
                    self.certain_in_loop += 1
            else:
                sites.extend(entry_sites)
                sites.extend(entry.sites)
                try:
                    self.deliver_report(
                        entry.node,
                        entry.code,
                        entry.message,
                        entry.certain,
                        entry.related,
                        entry.advice,
                        entry.span,
                    )
                finally:
                    del sites[depth:]


def _changed(
    first_touch: dict[K, Contents], now: dict[K, AbstractValue]
) -> tuple[tuple[K, Contents], ...]:
    """The touched locations whose contents are not what they were at the first touch."""
    changed = []
    for location, before in first_touch.items():
        after = now.get(location, ABSENT)
        if after is not before:
            changed.append((location, after))
    return tuple(changed)
