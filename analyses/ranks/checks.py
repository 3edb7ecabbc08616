"""The rank checks: compare what rank 0 and the other ranks do (see ``docs/ranks.md``).

Reports (default mode: only what fails on every run of two or more processes reaching it):

- ``rank-divergent-collective``: a collective that one side certainly reaches (it is in the known
  prefix of that side's collective trace at every end of the program) and the other side never
  does at that position: the other side either ends first or does a collective at a site the first
  side never reaches. Related: the rank-dependent conditions deciding it. When the traces
  cannot tell (a loop of unknown length before), two more certain cases: a loop both sides run a
  certainly different number of times whose every iteration reaches a collective (``loops``), and
  a collective run whenever one side takes its arm of a rank-dependent ``if`` while the other side
  reaches no collective site of its own (``unbalanced_reports``).
- ``collective-mismatch``: at one position of both sides' known prefixes, operations that cannot
  match (different kinds or names, disjoint root ranks, different known dimensions where the
  operation needs equal shapes, or tensors made by one call whose size arguments certainly differ
  between the ranks: ``created_sizes``; in graph mode, names computed from the rank that
  certainly differ: ``graph_names``).
- ``rank-unbound-name``: a name whose read is a certain ``NameError``/``UnboundLocalError`` in one
  projection and not in the ordinary analysis (it is bound only on the other side's path).
- ``rank-file-divergence``: files and directories as values located at the ranks that made them
  (``file_divergence``): a directory every rank creates, a file rank 0 writes under its own
  ``tempfile.mkdtemp()`` directory that the others read under theirs.

Only the first divergence or mismatch is reported: after it the ranks' positions no longer
correspond. When one side certainly crashes (every run of it ends in an exception, e.g. the
``rank-unbound-name`` read), only the conflicts of the collectives both sides made before it are
reported: what the crashed side never reaches afterwards is the crash's consequence. No trace is
compared when module variables became unknown on one side only (code the analysis cannot follow
rebound them there: a call through one may be any collective). "possible" mode adds, as warnings,
collectives only one side's run ever reaches when
nothing certain was found. Nothing is reported when a projection ran out of budget.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass

from ..facts import AnalysisSettings, Diagnostic, ModuleSpan, RelatedInformation, Severity, Span
from ..interpreter import Interpretation
from ..interpreter.budget import Budget
from ..interpreter.core.model_state import model_state_value
from ..interpreter.core.scopes import ScopeTable
from ..interpreter.incremental.memo import CallMemo
from ..interpreter.modules.module_code import ModuleCode
from ..models.horovod.data_parallel import JOIN_API
from ..models.horovod.trace import (
    REACHED,
    CollectiveEvent,
    CollectiveTrace,
    ReachedCollectives,
    events_conflict,
)
from ..text import SourceText
from ..workspace import Workspace
from .backward_sources import BackwardSources, is_backward
from .conditions import (
    RANK_NAMES,
    RankCondition,
    block_span,
    one_sided_blocks,
    rank_conditions,
    uncalled_conditions,
)
from .created_sizes import CreatedSizes
from .file_divergence import FileDivergence, Sides
from .graph_names import GraphNames
from .imported_code import ReachedSpans, in_document, related
from .loops import every_run_collective, rank_dependent_loops
from .ordinary_run import projections_find_nothing
from .projections import (
    OTHER_RANK,
    RANK_ZERO,
    Projection,
    has_rank_source,
    project,
    uses_distribution,
)
from .unbound_reads import UnboundReads

UNBOUND_CODES = ("name-error", "unbound-local")
JOIN_APIS = frozenset({"hvd.join", JOIN_API})
"""Collectives after which ranks may make different numbers of collectives."""
DISTRIBUTION_MARKERS = ("horovod", "distributed", "accelerate", "lightning")
"""Texts every module importing a distribution library contains (checked before the tree)."""
MAX_RELATED = 3


@dataclass(frozen=True)
class RankCheck:
    """What the rank checks found in one module."""

    diagnostics: tuple[Diagnostic, ...] = ()
    projections: tuple[Projection, ...] = ()
    """Rank 0's and the other ranks' (empty when the module was not projected)."""

    def merged_with(self, ordinary: Sequence[Diagnostic]) -> tuple[Diagnostic, ...]:
        """The ordinary analysis's diagnostics and these, without the ordinary "may be undefined"
        warnings ("possible" mode) at a read this check reports as a certain
        ``rank-unbound-name``."""
        unbound = {d.span for d in self.diagnostics if d.code == "rank-unbound-name"}
        kept = [d for d in ordinary if not (d.code in UNBOUND_CODES and d.span in unbound)]
        return (*kept, *self.diagnostics)


def check_ranks(
    tree: ast.Module,
    text: SourceText,
    settings: AnalysisSettings,
    ordinary: Interpretation | None,
    budget: Budget | None = None,
    memo: CallMemo | None = None,
    scopes: ScopeTable | None = None,
    loader_names: frozenset[str] = frozenset(),
    workspace: Workspace | None = None,
    path: str | None = None,
    imported: Sequence[ModuleCode] = (),
) -> RankCheck:
    """Run both projections of a module importing a distribution library and reading the rank,
    and compare them; other modules cost nothing (an empty ``RankCheck``). ``memo``: the
    projections' call memo kept for the document between analyses (prepared with
    ``projections.projection_settings``), a new one by default; ``scopes``: the module's scope
    table when the caller has it; ``loader_names``: names the tool running the module defines
    (``loader_conventions``), ⊤ in both projections. With ``workspace`` (the document at
    ``path``), the projections run the project modules the document imports as each rank runs
    them, and their collectives and rank-dependent conditions count as the document's (a
    failure in their code is reported at the document's call, as ``reporting`` places one);
    ``imported``: the modules the ordinary analysis imported, which may be the ones importing
    the distribution library or reading the rank. ``ordinary``, the document's ordinary
    interpretation, skips the projections where its run shows they would find nothing
    (``ordinary_run``: no model asked it for the rank)."""
    modules = [(tree, text.text), *((module.tree, module.text.text) for module in imported)]
    if (
        settings.rank is not None
        or not any(marker in source for _, source in modules for marker in DISTRIBUTION_MARKERS)
        or not any(has_rank_source(source) for _, source in modules)
        or not any(uses_distribution(module) for module, _ in modules)
        or projections_find_nothing(tree, text, ordinary)
    ):
        return RankCheck()
    memo = memo if memo is not None else CallMemo()
    arguments = (budget, memo, scopes, loader_names, workspace, path)
    zero = project(tree, text, settings, RANK_ZERO, *arguments)
    if not zero.complete:
        return RankCheck()
    other = project(tree, text, settings, OTHER_RANK, *arguments)
    if not other.complete:
        return RankCheck()
    conditions = rank_conditions(tree, zero, other)
    findings = Comparison(tree, zero, other, conditions, text, settings.mode == "possible")
    sides = Sides(
        (zero, other),
        findings.reached,
        (findings.collective_sites(0), findings.collective_sites(1)),
    )
    diagnostics = [
        *findings.trace_reports(),
        *FileDivergence(tree, text, sides, findings.possible).reports(),
        *_unbound_names(zero, other, ordinary, conditions, text, UnboundReads(tree, text)),
        *_one_sided_hints([*conditions, *uncalled_conditions(tree, zero, other)], text),
    ]
    return RankCheck(tuple(diagnostics), (zero, other))


class Comparison:
    """The comparison of the two projections' collective traces."""

    def __init__(
        self,
        tree: ast.Module,
        zero: Projection,
        other: Projection,
        conditions: Sequence[RankCondition],
        text: SourceText,
        possible: bool,
    ) -> None:
        self.tree = tree
        self.projections = (zero, other)
        self.conditions = conditions
        self.text = text
        self.possible = possible
        self.reached = tuple(ReachedSpans(projection, text) for projection in self.projections)
        self.created = CreatedSizes(tree, text)
        self.backwards = BackwardSources(tree, text)
        self.graph_names = GraphNames(tree, text)
        self.raw_traces = tuple(projection.final_trace() for projection in self.projections)
        self.paired: set[Span] = set()
        """The sites of collectives made at one position of both sides' known traces without a
        certain conflict (``if rank == 0: gather(t, parts, dst=0) else: gather(t, dst=0)``)."""

    def one_sided(self, event: CollectiveEvent, side: int) -> bool:
        """Whether ``event`` (of projection ``side``) is at sites the other side never reaches."""
        return not self.reached[1 - side].meets(event.sites)

    def trace_reports(self) -> list[Diagnostic]:
        """The first divergence or mismatch of the traces (see the module docstring); only the
        possible ones when some module variable became unknown on one side only (a call through
        it may be any collective there, while the other side's is known)."""
        zero_unknown, other_unknown = (
            projection.interpretation.unknown_globals for projection in self.projections
        )
        if zero_unknown != other_unknown:
            return self.possible_reports()
        traces = [self.backwards.certain_part(trace) for trace in self.raw_traces]
        zero, other = traces
        if zero is None or other is None:
            return self.possible_reports()
        for position, (mine, theirs) in enumerate(zip(zero.events, other.events, strict=False)):
            self.paired |= mine.sites | theirs.sites
            reason = (
                events_conflict(mine, theirs)
                or self.created.conflict(mine, theirs, self.projections)
                or self.graph_names.conflict(mine, theirs, self.projections)
            )
            if reason is None:
                continue
            if self.one_sided(mine, 0) and not self.one_sided(theirs, 1):
                return _listed(self.divergent(mine, 0))
            if self.one_sided(theirs, 1) and not self.one_sided(mine, 0):
                return _listed(self.divergent(theirs, 1))
            return _listed(self.mismatch(mine, theirs, position, reason))
        if any(projection.certainly_crashes for projection in self.projections):
            return []
        for side, (longer, shorter) in enumerate(((zero, other), (other, zero))):
            if len(longer.events) > len(shorter.events) and shorter.complete:
                blamed = self.first_extra(longer, len(shorter.events), side)
                if blamed is not None:
                    return _listed(self.divergent(blamed, side))
        return self.loop_reports() or self.unbalanced_reports() or self.possible_reports()

    def first_extra(self, trace: CollectiveTrace, common: int, side: int) -> CollectiveEvent | None:
        """The collective to blame when ``trace`` goes on after the other side's ends: the first
        one at sites the other side never reaches, else the first one past the common length
        (unless the other side may crash: the crash is the failure then, reported on its own)."""
        for event in trace.events:
            if self.one_sided(event, side):
                return event
        if self.projections[1 - side].may_crash:
            return None
        return trace.events[common]

    def unbalanced_reports(self) -> list[Diagnostic]:
        """A collective site only one side reaches, run whenever that side takes the arm of a
        rank-dependent condition it sits in, while every collective site the other side reaches
        is reached by both: the first side makes one collective more than the other in every run
        (the collectives of their shared code, even in loops of unknown length, being the same).
        """
        sites = [self.collective_sites(side) for side in (0, 1)]
        blamable = [self.blamable(side_sites) for side_sites in sites]
        for side in (0, 1):
            other_only = [site for site in sites[1 - side] if site not in self.reached[side]]
            if other_only or not self.projections[1 - side].interpretation.program_ends:
                continue
            for condition in self.conditions:
                owner = condition.owner
                if not isinstance(owner, ast.If) or condition.module is not None:
                    continue
                arm = owner.body if condition.truth[side] else owner.orelse
                found = every_run_collective(arm, blamable[side], self.text)
                if found is not None and found.span not in self.reached[1 - side]:
                    event = CollectiveEvent(
                        found.api, found.api, None, None, None, frozenset({found.span})
                    )
                    return _listed(self.divergent(event, side))
        return []

    def loop_reports(self) -> list[Diagnostic]:
        """A loop both sides run a certainly different number of times whose every iteration
        reaches a collective (see ``loops``); none in a script calling ``hvd.join()`` or entering
        ``ddp_model.join()``, which let ranks make different numbers of allreduces."""
        sites = self.collective_sites(0) | self.collective_sites(1)
        if JOIN_APIS & set(sites.values()):
            return []
        for loop in rank_dependent_loops(
            self.tree, self.projections, self.blamable(sites), self.text
        ):
            return [
                Diagnostic(
                    span=loop.collective.span,
                    severity=Severity.ERROR,
                    code="rank-divergent-collective",
                    message=(
                        "rank-divergent collective: rank 0 runs this loop"
                        f" {loop.counts[0]} and the other ranks {loop.counts[1]}, and every"
                        f" iteration reaches {loop.collective.api} here; every run of two or"
                        " more processes hangs or fails here"
                    ),
                    related=(
                        RelatedInformation(
                            self.text.span_of_node(loop.node.iter),
                            "rank-dependent number of iterations",
                        ),
                    ),
                )
            ]
        return []

    def divergent(
        self, event: CollectiveEvent, side: int, certain: bool = True
    ) -> Diagnostic | None:
        who, others = RANK_NAMES[side], RANK_NAMES[1 - side]
        message = (
            f"rank-divergent collective: {who} reach{'es' if side == 0 else ''} {event.api} here"
            f" and {others} never {'does' if side == 1 else 'do'} at this point of"
            f" {'its' if side == 1 else 'their'} run; every run of two or more processes hangs"
            " or fails here"
            if certain
            else f"rank-divergent collective: only {who} may reach {event.api} here"
        )
        span = next(
            (site for site in event.callers if site not in self.reached[1 - side]),
            event.first_site,
        )
        reaches = (
            ()
            if span == event.first_site
            else (related(event.first_site, f"the call reaches {event.api} here"),)
        )
        callers = event.callers[: event.callers.index(span)] if span in event.callers else ()
        return in_document(
            Diagnostic(
                span=span,
                severity=Severity.ERROR if certain else Severity.WARNING,
                code="rank-divergent-collective",
                message=message,
                related=(*reaches, *self.deciding(span)),
            ),
            callers if span != event.first_site else event.callers,
            self.projections[0].modules,
        )

    def mismatch(
        self, mine: CollectiveEvent, theirs: CollectiveEvent, position: int, reason: str
    ) -> Diagnostic | None:
        others = (
            []
            if theirs.sites == mine.sites
            else [related(theirs.first_site, f"the other ranks' collective #{position + 1}")]
        )
        return in_document(
            Diagnostic(
                span=mine.first_site,
                severity=Severity.ERROR,
                code="collective-mismatch",
                message=(
                    f"collective mismatch at collective #{position + 1} of every run of two or"
                    " more processes:"
                    f" {reason.replace('one rank', 'rank 0').replace('the other', 'the others')}"
                ),
                related=(*others, *self.deciding(mine.first_site)),
            ),
            mine.callers,
            self.projections[0].modules,
        )

    def deciding(self, site: Span) -> tuple[RelatedInformation, ...]:
        """The rank-dependent conditions enclosing ``site``, else the last ones before it."""
        line = site.start.line + 1
        path = site.module if isinstance(site, ModuleSpan) else None
        here = [condition for condition in self.conditions if condition.path == path]
        enclosing = [
            condition
            for condition in here
            if condition.owner.lineno <= line <= (condition.owner.end_lineno or line)
        ]
        chosen = enclosing or [c for c in here if c.node.lineno <= line][-MAX_RELATED:]
        return tuple(
            related(
                condition.span(self.text),
                f"rank-dependent condition: true on {RANK_NAMES[condition.holds_only_on()]} only",
            )
            for condition in chosen[-MAX_RELATED:]
        )

    def possible_reports(self) -> list[Diagnostic]:
        """In "possible" mode: collectives only one side's run ever reaches (warnings), except
        those the traces pair with a collective of the other side at the same position."""
        if not self.possible:
            return []
        self.pair_arms()
        found: list[Diagnostic] = []
        for side in (0, 1):
            sites = self.collective_sites(side)
            one_sided = (
                s for s in sites if s not in self.reached[1 - side] and s not in self.paired
            )
            for site in sorted(one_sided):
                event = CollectiveEvent(
                    sites[site], sites[site], None, None, None, frozenset({site})
                )
                found.extend(_listed(self.divergent(event, side, certain=False)))
        return found

    def pair_arms(self) -> None:
        """Pair the first collective of each arm of a rank-dependent ``if`` when both sides'
        arms start with the same API (``if rank == 0: gather(t, gather_list, dst=0) else:
        gather(t, dst=0)``), also where the traces were lost before it (a loop of unknown
        length)."""
        sites = [self.collective_sites(side) for side in (0, 1)]
        for condition in self.conditions:
            owner = condition.owner
            if (
                not isinstance(owner, ast.If)
                or condition.truth[0] == condition.truth[1]
                or condition.module is not None
            ):
                continue
            arms = [owner.body if condition.truth[side] else owner.orelse for side in (0, 1)]
            first = [every_run_collective(arms[side], sites[side], self.text) for side in (0, 1)]
            if first[0] is not None and first[1] is not None and first[0].api == first[1].api:
                self.paired |= {first[0].span, first[1].span}

    def blamable(self, sites: dict[Span, str]) -> dict[Span, str]:
        """``sites`` without the backward reductions whose loss is not known to come from a
        data-parallel forward (see ``backward_sources``; their forwards are found in the
        events of the projections' traces at the site and in the reached sites' sources)."""
        sources: dict[Span, frozenset[Span]] = {}
        for trace in self.raw_traces:
            for event in trace.events if trace is not None else ():
                for site in event.sites:
                    sources[site] = sources.get(site, frozenset()) | event.sources
        for projection in self.projections:
            for end in projection.interpretation.program_ends:
                reached = model_state_value(end.states.get(REACHED), ReachedCollectives())
                if isinstance(reached, ReachedCollectives):
                    for site, source in reached.sources:
                        sources[site] = sources.get(site, frozenset()) | {source}
        return {
            site: api
            for site, api in sites.items()
            if not is_backward(api) or self.backwards.depends(site, sources.get(site, frozenset()))
        }

    def collective_sites(self, side: int) -> dict[Span, str]:
        """The collective call sites some path of projection ``side`` reached, with their API."""
        sites: dict[Span, str] = {}
        for end in self.projections[side].interpretation.program_ends:
            reached = model_state_value(end.states.get(REACHED), ReachedCollectives())
            if isinstance(reached, ReachedCollectives):
                sites.update(dict(reached.sites))
        return sites


def _listed(diagnostic: Diagnostic | None) -> list[Diagnostic]:
    return [] if diagnostic is None else [diagnostic]


def _unbound_names(
    zero: Projection,
    other: Projection,
    ordinary: Interpretation | None,
    conditions: Sequence[RankCondition],
    text: SourceText,
    reads: UnboundReads,
) -> list[Diagnostic]:
    """The reads one projection certainly fails and the ordinary analysis does not, reached in
    that projection under decided tests only (``unbound_reads``)."""
    everywhere = {
        (d.span, d.code)
        for d in (ordinary.diagnostics if ordinary is not None else ())
        if d.severity == Severity.ERROR
    }
    found: dict[Span, Diagnostic] = {}
    for side, projection in enumerate((zero, other)):
        for diagnostic in projection.interpretation.diagnostics:
            if (
                diagnostic.code not in UNBOUND_CODES
                or diagnostic.severity != Severity.ERROR
                or (diagnostic.span, diagnostic.code) in everywhere
                or diagnostic.span in found
                or not reads.reached_under_decided_tests(diagnostic.span, projection)
            ):
                continue
            line = diagnostic.span.start.line + 1
            related = tuple(
                RelatedInformation(
                    text.span_of_node(condition.node),
                    "rank-dependent condition: true on"
                    f" {RANK_NAMES[condition.holds_only_on()]} only",
                )
                for condition in conditions
                if condition.module is None and condition.node.lineno < line
            )[-MAX_RELATED:]
            found[diagnostic.span] = Diagnostic(
                span=diagnostic.span,
                severity=Severity.ERROR,
                code="rank-unbound-name",
                message=f"{diagnostic.message} on {RANK_NAMES[side]}: only"
                f" {RANK_NAMES[1 - side]} bind{'s' if side == 1 else ''} it",
                related=related,
            )
    return list(found.values())


def _one_sided_hints(conditions: Sequence[RankCondition], text: SourceText) -> list[Diagnostic]:
    """A faded hint over each block only one side runs."""
    return [
        Diagnostic(
            span=block_span(block, text),
            severity=Severity.HINT,
            code="rank-only",
            message=f"only {RANK_NAMES[runs]} run{'s' if runs == 0 else ''} this (condition at"
            f" line {line})",
            unnecessary=True,
        )
        for block, runs, line in one_sided_blocks(list(conditions))
    ]
