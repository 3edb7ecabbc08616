"""Call summaries: reuse the analysis of a function call, within one analysis and across edits.

A call of a user function is a deterministic function of (a) the function value and its bound
arguments, (b) a few interpreter flags (see ``SummaryRules.call_key``), and (c) the store locations
the call reads: module variables and heap objects. While a call runs, a ``Footprint`` records the
value of every location at its *first touch* (read or write) by the call, and a journal of the
call's other effects (recorded values for hover, reports, functions seen...). When the call
returns, the summary keeps the footprint's first-touch values as preconditions, and as
postconditions the final value of every touched location. A later call with an equal key whose
preconditions all hold in the current store is replaced by applying the postconditions and
replaying the journal: exactly what running it would do, because a location the call never touched
cannot influence it. "Equal" includes the provenance that value equality ignores (``provenance``),
and the summary holds neither the call's own site nor the caller's: the replay's reports take the
sites of the call being replayed.

Nodes are identified by object identity, so summaries survive an edit only when the parser reuses
the unchanged top-level statements (``analyses.reparse``); a ``CallMemo`` keeps every statement it
may hold identities of alive, so an ``id()`` is never reused by another node while a summary may
mention it.
"""

from __future__ import annotations

import ast
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from ...domains.base import AbstractValue
from ...domains.references import Address
from ...facts import AnalysisSettings, Span
from ..core.hovers import PositionCache
from .import_reads import ImportRead


class _Absent:
    """The value of a location that does not exist (an unbound module variable, no object)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = _Absent()
Contents = AbstractValue | _Absent


@dataclass(frozen=True, slots=True)
class ReportEntry:
    """A report made by the call; ``sites`` are the call sites inside the call leading to it.

    ``swallowed`` says that a handler or a loop's first pass could swallow it when it was made:
    replaying it only counts it as suppressed, whatever swallows at the replay. ``held_by_loop``
    says that it was a certain failure held back by the innermost loop's unrolled pass (counted in
    ``certain_in_loop``, which makes the loop's reporting pass run that iteration again): the
    replay counts it there too. The call key says whether the call runs directly at the
    innermost loop's level, so the replay's loop holds it back exactly when the recording's did.
    """

    node: ast.AST
    code: str
    message: str
    certain: bool
    related: tuple[tuple[Span, str], ...]
    advice: bool
    sites: tuple[tuple[ast.AST | Span, str], ...]
    swallowed: bool
    held_by_loop: bool
    span: Span | None = None
    """Where, for a report made in another module's code (its ``ModuleSpan``: the node's
    module is not known at a replay); None: at ``node`` in the document."""


@dataclass(frozen=True, slots=True)
class EffectEntry:
    """Another effect on the interpreter: ``kind`` names a ``MachineCore`` bookkeeping method."""

    kind: str
    argument: object


@dataclass(frozen=True, slots=True)
class NestedEntry:
    """A nested call's summary, entered after the call sites ``sites`` inside this call."""

    summary: CallSummary
    sites: tuple[tuple[ast.AST, str], ...]


JournalEntry = ReportEntry | EffectEntry | NestedEntry
Records = dict[int, tuple[ast.AST, AbstractValue]]
"""Values recorded for hover by one call (not its nested calls), joined per node: ``id(node)`` →
``(node, value)``."""


@dataclass(eq=False, slots=True)
class CallSummary:
    """What one analysed call needs (the reads) and does (the writes, journal and result).

    Reads are first-touch values, whether functions the call asked about were running when it
    started (recursion cut-offs), and the exact-unrolling work and fixpoint flag of the interpreter
    at entry when the call consulted them (None when not); writes are the final values of the
    touched locations that changed. ``records``, ``targets`` and ``analysed`` are what the call
    itself (not its nested calls) recorded for hover, bound as assignment targets and analysed as
    functions. ``result`` is None when the call certainly raises. ``statements`` is how many
    statements the call executed (loops budget their exact unrolling by it) and ``suppressed`` how
    many reports a handler may have swallowed. ``horizon`` is the last-starting node whose absolute
    position the call used (a size named after its line, a span kept in a set: ``fixed_span_of``):
    an edit that moves it invalidates the summary. Other positions do not count: spans in values
    and reports follow their nodes (``anchored_spans``), and recorded nodes and reports are
    placed from their nodes when used.
    """

    global_reads: tuple[tuple[str, Contents], ...]
    heap_reads: tuple[tuple[Address, Contents], ...]
    global_writes: tuple[tuple[str, Contents], ...]
    heap_writes: tuple[tuple[Address, Contents], ...]
    journal: tuple[JournalEntry, ...]
    records: Records
    targets: dict[int, ast.AST]
    analysed: dict[int, ast.AST]
    result: AbstractValue | None
    stack_checks: tuple[tuple[ast.AST, bool], ...]
    unrolled: int | None
    in_fixpoint: bool | None
    statements: int
    suppressed: int
    roots: tuple[AbstractValue, ...]
    horizon: ast.AST | None
    expanded: Expansion | None = None
    """Built on its first direct replay: see ``expansion``."""
    imports: tuple[ImportRead, ...] = ()
    """The project modules the call imported (nested calls included), as the importer resolved
    them: the summary holds only while they still resolve the same (``import_reads``)."""
    attribute_checks: tuple[tuple[str, bool], ...] = ()
    """The attribute names the call asked ``attribute_stored_anywhere`` about, with the answers
    (they depend on the document and on which modules are loaded)."""


@dataclass(frozen=True, slots=True)
class Expansion:
    """A summary together with all its nested summaries, ready to replay in one pass.

    ``values`` (with their ``nodes``), ``targets`` and ``analysed`` are joined over the whole
    tree (``values`` by ``id(node)``, like the interpreter's own record); ``journal`` is the
    tree's reports and effects in order, each with the call sites leading to it from the
    summarised call; ``nested`` lists every nested summary.
    """

    values: dict[int, AbstractValue]
    nodes: dict[int, ast.AST]
    targets: dict[int, ast.AST]
    analysed: dict[int, ast.AST]
    journal: tuple[tuple[tuple[tuple[ast.AST, str], ...], ReportEntry | EffectEntry], ...]
    nested: tuple[CallSummary, ...]


def expansion(summary: CallSummary) -> Expansion:
    """``summary``'s expansion, kept on the summary for its next replay (summaries never change).

    Only summaries replayed directly keep theirs: the expansions of nested summaries are built
    on the way and dropped (kept, each level would hold its whole subtree again).
    """
    if summary.expanded is None:
        summary.expanded = _expand(summary)
    return summary.expanded


def _expand(summary: CallSummary) -> Expansion:
    records = dict(summary.records)
    targets = dict(summary.targets)
    analysed = dict(summary.analysed)
    journal: list[tuple[tuple[tuple[ast.AST, str], ...], ReportEntry | EffectEntry]] = []
    nested: list[CallSummary] = []
    for entry in summary.journal:
        if not isinstance(entry, NestedEntry):
            journal.append(((), entry))
            continue
        inner = entry.summary.expanded or _expand(entry.summary)
        nested.append(entry.summary)
        nested.extend(inner.nested)
        for key, value in inner.values.items():
            join_record(records, key, inner.nodes[key], value)
        targets.update(inner.targets)
        analysed.update(inner.analysed)
        journal.extend((entry.sites + sites, item) for sites, item in inner.journal)
    return Expansion(
        {key: value for key, (_, value) in records.items()},
        {key: node for key, (node, _) in records.items()},
        targets,
        analysed,
        tuple(journal),
        tuple(nested),
    )


def held_by_loop(summary: CallSummary) -> int:
    """How many reports of ``summary`` (nested calls' included) were certain failures held back
    by the innermost loop (``ReportEntry.held_by_loop``)."""
    count = 0
    for entry in summary.journal:
        if isinstance(entry, NestedEntry):
            count += held_by_loop(entry.summary)
        elif isinstance(entry, ReportEntry) and entry.held_by_loop:
            count += 1
    return count


def join_record(records: Records, key: int, node: ast.AST, value: AbstractValue) -> None:
    """Join ``value`` into what ``records`` holds for ``node`` (``key`` is ``id(node)``)."""
    old = records.get(key)
    if old is None:
        records[key] = (node, value)
    elif old[1] is not value:
        joined = joined_record(old[1], value)
        if joined is not old[1]:
            records[key] = (node, joined)


def joined_record(old: AbstractValue, new: AbstractValue) -> AbstractValue:
    """What a node's record holds after ``old`` and then ``new`` were recorded for it.

    Values equal but established at different places (``origin``, which equality ignores) are
    joined too, which drops the place they disagree on: keeping ``old``'s would make the record
    depend on the order of the visits, and a replayed summary brings its records already joined,
    in another order than the visits of the calls it stands for (an array established at two
    places shows neither, whichever of them was recorded first). Only a value's own origin is
    compared: the joins of containers keep an equal container as it is, whatever its elements'.
    """
    if old is new or (old == new and old.origin == new.origin):
        return old
    return old.join(new)


@dataclass(eq=False, slots=True)
class Footprint:
    """The recording of one running call (see the module docstring)."""

    key: Hashable
    site_depth: int
    statements_at_entry: int
    suppressed_at_entry: int
    pending_raise_at_entry: object
    unrolled_at_entry: int
    in_fixpoint_at_entry: bool
    stack_depth: int = 0
    stack_checks: dict[ast.AST, bool] = field(default_factory=dict)
    """For each function asked about, whether it was running when this call started."""
    reads_unrolled: bool = False
    reads_fixpoint: bool = False
    globals_seen: dict[str, Contents] = field(default_factory=dict)
    heap_seen: dict[Address, Contents] = field(default_factory=dict)
    journal: list[JournalEntry] = field(default_factory=list)
    records: Records = field(default_factory=dict)
    targets: dict[int, ast.AST] = field(default_factory=dict)
    analysed: dict[int, ast.AST] = field(default_factory=dict)
    roots: list[AbstractValue] = field(default_factory=list)
    """Values the interpreter keeps outside the store (functions seen, module bindings)."""
    horizon: ast.AST | None = None
    imports_at_entry: int = 0
    """How many imports the importer had recorded when the call started (``import_reads``)."""
    attribute_checks: dict[str, bool] = field(default_factory=dict)
    """The first answer of ``attribute_stored_anywhere`` for each name the call asked about."""

    def note_position(self, node: ast.AST | None) -> None:
        """The call used ``node``'s position."""
        line = getattr(node, "lineno", None)
        if line is None:
            return
        if self.horizon is None or line > self.horizon.lineno:  # type: ignore[attr-defined]
            self.horizon = node

    def note_stack_check(self, node: ast.AST, call_stack: list[ast.AST]) -> None:
        """The call asked whether ``node``'s function is running; ``call_stack`` is the stack now.

        Only the part of the stack below this call is an input: a function this call entered
        itself is running whatever the caller's stack.
        """
        if node not in self.stack_checks and node not in call_stack[self.stack_depth :]:
            self.stack_checks[node] = node in call_stack[: self.stack_depth]

    def take_stack_checks(
        self, checks: Iterable[tuple[ast.AST, bool]], call_stack: list[ast.AST]
    ) -> None:
        """A nested call's stack checks (made against ``call_stack``, this call's stack then)."""
        inner = call_stack[self.stack_depth :]
        for node, running in checks:
            if node not in self.stack_checks and node not in inner:
                self.stack_checks[node] = running

    def record(self, key: int, node: ast.AST, value: AbstractValue) -> None:
        """The call recorded ``value`` (free of heap references) for ``node``; ``key`` is
        ``id(node)`` as the caller's own tables hold it (one int object shared by both)."""
        old = self.records.get(key)
        if old is None:
            self.records[key] = (node, value)
        elif old[1] is not value:
            joined = joined_record(old[1], value)
            if joined is not old[1]:
                self.records[key] = (node, joined)

    def inline(self, child: Footprint) -> None:
        """Take a nested call's journal and records as this call's own (it has no summary)."""
        self.journal.extend(child.journal)
        for key, (node, value) in child.records.items():
            join_record(self.records, key, node, value)
        self.targets.update(child.targets)
        self.analysed.update(child.analysed)

    def absorb(self, child: Footprint) -> None:
        """Take a nested call's first touches of locations this call had not touched yet."""
        for name, contents in child.globals_seen.items():
            self.globals_seen.setdefault(name, contents)
        for address, contents in child.heap_seen.items():
            self.heap_seen.setdefault(address, contents)
        for name, stored in child.attribute_checks.items():
            self.attribute_checks.setdefault(name, stored)
        self.roots.extend(child.roots)
        self.reads_unrolled = self.reads_unrolled or child.reads_unrolled
        self.reads_fixpoint = self.reads_fixpoint or child.reads_fixpoint
        self.note_position(child.horizon)


MAX_SUMMARIES = 50_000
"""Summaries kept across analyses; beyond this the memo starts afresh."""
MAX_PER_KEY = 8
"""Summaries kept for one call key (the same function and arguments in different stores)."""
MAX_RETIRED_STATEMENTS = 2_000
"""Replaced top-level statements kept alive for their identities; beyond this, start afresh."""


class CallMemo:
    """Summaries of one document's calls, kept from one analysis to the next.

    Valid for one settings value and one set of module-wide scope facts (``facts``): anything else
    empties it. After each completed analysis only the summaries it used or made are kept. It
    never holds anything of another document and serves one analysis at a time.
    """

    def __init__(self) -> None:
        self._summaries: dict[Hashable, list[CallSummary]] = {}
        self._count = 0
        self._used: dict[int, CallSummary] = {}
        """The summaries this analysis used or made, by ``id``: held, so that no other object
        takes the ``id`` of one during the analysis (the interpreter keeps ids of the summaries
        it replayed)."""
        self._replayed: set[int] = set()
        self._settings: AnalysisSettings | None = None
        self._facts: Hashable = None
        self._retired: list[ast.AST] = []
        self._held: dict[int, object] = {}
        """Other modules' code the summaries may mention (``hold``)."""
        self.positions = PositionCache()
        """The positions of the nodes analyses recorded, while no edit moves them."""
        self.hits = 0
        self.misses = 0
        self.made = 0
        """How many summaries this analysis stored (``add``)."""

    def begin(
        self, settings: AnalysisSettings, facts: Hashable, retired: Iterable[ast.AST]
    ) -> None:
        """Start an analysis: ``retired`` are the statements the new tree no longer holds."""
        self._retired.extend(retired)
        if (
            settings != self._settings
            or facts != self._facts
            or len(self._retired) > MAX_RETIRED_STATEMENTS
            or self._count > MAX_SUMMARIES
        ):
            self._summaries.clear()
            self._retired.clear()
            self._held.clear()
            self.positions.clear()
            self._count = 0
        self._settings, self._facts = settings, facts
        self._used = {}
        self._replayed = set()
        self.hits = self.misses = self.made = 0

    def hold(self, code: object) -> None:
        """Keep ``code`` (a project module's parsed code, ``module_code``) alive while summaries
        may mention its nodes' identities: a newer text of the module replaces it in the
        workspace, and its ids must not be reused meanwhile."""
        self._held.setdefault(id(code), code)

    def finish(self) -> None:
        """End an analysis that completed: keep only the summaries it used or made, and the
        expansions of those it replayed directly (the next analysis most likely replays them
        again; the others would hold parts of the program several times over)."""
        used, replayed = self._used, self._replayed
        kept: dict[Hashable, list[CallSummary]] = {}
        for key, summaries in self._summaries.items():
            alive = [s for s in summaries if id(s) in used]
            for summary in alive:
                if id(summary) not in replayed:
                    summary.expanded = None
            if alive:
                kept[key] = alive
        self._summaries = kept
        self._count = sum(len(v) for v in kept.values())

    def drop_moved(self, first_line: int) -> None:
        """Lines moved from line ``first_line`` on: forget the summaries that used an absolute
        position there (the others' keys hold no position: ``provenance``), and the cached
        positions of the nodes there."""
        self.positions.drop_from(first_line)
        for key in list(self._summaries):
            stored = self._summaries[key]
            kept = [
                s
                for s in stored
                if s.horizon is None or s.horizon.lineno < first_line  # type: ignore[attr-defined]
            ]
            self._count -= len(stored) - len(kept)
            if kept:
                self._summaries[key] = kept
            else:
                del self._summaries[key]

    def candidates(self, key: Hashable) -> list[CallSummary]:
        """The summaries stored under ``key`` (their preconditions still need checking)."""
        return self._summaries.get(key, [])

    def use(self, summary: CallSummary) -> None:
        """``summary`` served this analysis: keep it."""
        self._used[id(summary)] = summary

    def replayed_directly(self, summary: CallSummary) -> None:
        """``summary`` was replayed for a call of this analysis (not as part of another one)."""
        self._replayed.add(id(summary))

    def add(self, key: Hashable, summary: CallSummary) -> None:
        """Store a new summary made by this analysis (the oldest of a key beyond ``MAX_PER_KEY``
        is forgotten: a loop whose iterations keep changing a call's inputs stores few)."""
        summaries = self._summaries.setdefault(key, [])
        summaries.append(summary)
        self._used[id(summary)] = summary
        self._count += 1
        self.made += 1
        if len(summaries) > MAX_PER_KEY:
            del summaries[0]
            self._count -= 1
