"""The collective trace: the collective operations one rank reaches, in order, as a value of the
abstract store (a model state, see ``interpreter.model_state``).

A ``CollectiveTrace`` is a known prefix of events and whether the sequence is ``complete`` (no
event follows the prefix on any path) or continues unknown. Its join keeps the longest prefix on
which both sides agree event by event and becomes incomplete from the first disagreement: two paths
doing different collectives never yield a guessed sequence. Traces are bounded (``MAX_EVENTS``):
a loop with a collective of unknown trip count widens to "unknown from here" at once, because the
widening truncates to the prefix both iterations share.

Events are compared across ranks by kind, root rank and the tensor's known dimensions
(``events_conflict``; not by explicit name: eager Horovod matches collectives by their order and
type, whatever their names); within one rank's paths, two events of the same kind and name
join into one (sites, root ranks and shapes joined).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.numbers import IntValue
from ...facts import Span
from ...interpreter.natives import CallContext

TRACE = "collectives"
"""The model-state name of the trace."""
REACHED = "collective sites"
"""The model-state name of the ``ReachedCollectives``."""
MAX_EVENTS = 64
"""Longest known prefix kept; a longer trace becomes incomplete after it."""

KnownShape = tuple[int | None, ...] | None
Interval = tuple[int | None, int | None]

SAME_SHAPE_KINDS = frozenset({"allreduce", "broadcast", "reduce", "all_gather"})
"""Kinds whose tensor must have the same shape on every rank (``torch.distributed.all_gather``
among them; Horovod's allgather allows a different first dimension; the others are not
compared)."""
ALLGATHER_KINDS = frozenset({"allgather"})
JOIN = "join"
KERAS_FIT = "keras_fit"


@dataclass(frozen=True, slots=True)
class CollectiveEvent:
    """One collective operation reached: ``kind`` (``allreduce``, ``broadcast``...), the API called
    (``hvd.allreduce``, ``DistributedGradientTape.gradient``...), the explicit ``name`` argument,
    the root rank as an interval (None when the operation has none or it is unknown), the tensor's
    dimensions where they are known integers, and the call sites it stands for."""

    kind: str
    api: str
    name: str | None
    root: Interval | None
    shape: KnownShape
    sites: frozenset[Span]
    callers: tuple[Span, ...] = ()
    """The call sites leading from the module body to the sites (their common outer part when
    paths joined), outermost first."""
    origin: Span | None = None
    """Where the tensor's shape was established (its creating call), when every path agrees."""
    sources: frozenset[Span] = frozenset()
    """For a reduction hidden in a backward: the sites of the data-parallel forwards it follows
    (and their call sites)."""

    def compatible(self, other: CollectiveEvent) -> bool:
        """Whether two paths of one rank doing ``self`` and ``other`` join into one event."""
        return self.kind == other.kind and self.name == other.name

    def join(self, other: CollectiveEvent) -> CollectiveEvent:
        return CollectiveEvent(
            self.kind,
            self.api if self.api == other.api else self.kind,
            self.name,
            _join_intervals(self.root, other.root),
            _join_shapes(self.shape, other.shape),
            self.sites | other.sites,
            _common_prefix(self.callers, other.callers),
            self.origin if self.origin == other.origin else None,
            self.sources | other.sources,
        )

    def leq(self, other: CollectiveEvent) -> bool:
        return (
            self.compatible(other)
            and self.sites <= other.sites
            and self.sources <= other.sources
            and _join_intervals(self.root, other.root) == other.root
            and _join_shapes(self.shape, other.shape) == other.shape
        )

    @property
    def first_site(self) -> Span:
        return min(self.sites)


@dataclass(frozen=True, slots=True)
class CollectiveTrace(AbstractValue):
    """The collectives reached so far on every path to a point (see the module docstring)."""

    events: tuple[CollectiveEvent, ...] = ()
    complete: bool = True

    def append(self, event: CollectiveEvent) -> CollectiveTrace:
        if not self.complete:
            return self
        if len(self.events) >= MAX_EVENTS:
            return CollectiveTrace(self.events, False)
        return CollectiveTrace((*self.events, event), True)

    def unknown_from_here(self) -> CollectiveTrace:
        return CollectiveTrace(self.events, False)

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, CollectiveTrace):
            return TOP
        if other == self:
            return self
        joined: list[CollectiveEvent] = []
        for mine, theirs in zip(self.events, other.events, strict=False):
            if not mine.compatible(theirs):
                return CollectiveTrace(tuple(joined), False)
            joined.append(mine.join(theirs))
        complete = self.complete and other.complete and len(self.events) == len(other.events)
        return CollectiveTrace(tuple(joined), complete)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP:
            return True
        if not isinstance(other, CollectiveTrace):
            return False
        if other.complete:
            return (
                self.complete
                and len(self.events) == len(other.events)
                and all(a.leq(b) for a, b in zip(self.events, other.events, strict=True))
            )
        return len(self.events) >= len(other.events) and all(
            a.leq(b) for a, b in zip(self.events, other.events, strict=False)
        )

    def describe(self) -> str:
        listed = ", ".join(event.kind for event in self.events)
        return f"collectives [{listed}{'' if self.complete else ', ...'}]"


@dataclass(frozen=True, slots=True)
class ReachedCollectives(AbstractValue):
    """Every collective call site reached on some path so far, with its API, and for a reduction
    hidden in a backward the data-parallel forwards it followed on some path (``sources``: pairs
    of the site and a forward's span). Joins are unions: finite, as the program's call sites
    are. A loop of unknown length widens its events out of the trace; the sources stay here."""

    sites: frozenset[tuple[Span, str]] = frozenset()
    sources: frozenset[tuple[Span, Span]] = frozenset()

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, ReachedCollectives):
            return TOP
        if other.sites <= self.sites and other.sources <= self.sources:
            return self
        return ReachedCollectives(self.sites | other.sites, self.sources | other.sources)

    def leq(self, other: AbstractValue) -> bool:
        return other is TOP or (
            isinstance(other, ReachedCollectives)
            and self.sites <= other.sites
            and self.sources <= other.sources
        )

    def describe(self) -> str:
        return f"{len(self.sites)} collective sites reached"


def events_conflict(left: CollectiveEvent, right: CollectiveEvent) -> str | None:
    """Why two ranks doing ``left`` and ``right`` at the same position certainly fail, or None
    when they may be compatible (always after a ``join``: it pairs with anything)."""
    if JOIN in (left.kind, right.kind):
        return None
    if left.kind != right.kind:
        return f"{left.api} on one rank meets {right.api} on the other"
    if left.root is not None and right.root is not None and _disjoint(left.root, right.root):
        return (
            f"root rank {format_interval(left.root)} on one rank and"
            f" {format_interval(right.root)} on the other"
        )
    if left.shape is not None and right.shape is not None:
        first = 1 if left.kind in ALLGATHER_KINDS else 0
        if left.kind in SAME_SHAPE_KINDS | ALLGATHER_KINDS and _shapes_differ(
            left.shape, right.shape, first
        ):
            return (
                f"tensor of shape {format_shape(left.shape)} on one rank and"
                f" {format_shape(right.shape)} on the other"
            )
    return None


def record(
    ctx: CallContext,
    kind: str,
    api: str,
    *,
    name: AbstractValue | None = None,
    root: AbstractValue | None = None,
    tensor: AbstractValue | None = None,
    sources: frozenset[Span] = frozenset(),
) -> None:
    """Append one event at the node being evaluated to the trace (only in a rank projection)."""
    if ctx.rank_projection is None:
        return
    current = _current(ctx)
    event = CollectiveEvent(
        kind,
        api,
        ctx.str_constant(name),
        _interval_of(root),
        _known_shape(tensor),
        frozenset({ctx.fixed_span()}),
        ctx.caller_spans(),
        _origin_of(tensor),
        sources,
    )
    ctx.set_model_state(TRACE, current.append(event))
    reached = ctx.model_state(REACHED, ReachedCollectives())
    if not isinstance(reached, ReachedCollectives):
        reached = ReachedCollectives()
    site = (event.first_site, api)
    added = frozenset((event.first_site, source) for source in sources)
    if site not in reached.sites or not added <= reached.sources:
        ctx.set_model_state(
            REACHED, ReachedCollectives(reached.sites | {site}, reached.sources | added)
        )


def unknown_from_here(ctx: CallContext) -> None:
    """The trace continues unknown from here (``hvd.join()``: ranks may then differ)."""
    if ctx.rank_projection is None:
        return
    ctx.set_model_state(TRACE, _current(ctx).unknown_from_here())


def _current(ctx: CallContext) -> CollectiveTrace:
    """The trace on the current path (empty where no collective was recorded; a value of
    another kind, which only a defect could store, counts as unknown)."""
    trace = ctx.model_state(TRACE, CollectiveTrace())
    return trace if isinstance(trace, CollectiveTrace) else CollectiveTrace((), False)


def _interval_of(value: AbstractValue | None) -> Interval | None:
    if isinstance(value, IntValue):
        return (value.low, value.high) if (value.low, value.high) != (None, None) else None
    if isinstance(value, BoolValue) and value.value is not None:
        return (int(value.value), int(value.value))
    return None


def _known_shape(value: AbstractValue | None) -> KnownShape:
    shape: Shape = getattr(value, "shape", None) if value is not None else None
    if not isinstance(shape, tuple):
        return None
    return tuple(dim if isinstance(dim, int) else None for dim in shape)


def _origin_of(value: AbstractValue | None) -> Span | None:
    origin = getattr(value, "established", None) if value is not None else None
    return origin if isinstance(origin, Span) else None


def _join_intervals(a: Interval | None, b: Interval | None) -> Interval | None:
    if a is None or b is None:
        return None
    low = None if a[0] is None or b[0] is None else min(a[0], b[0])
    high = None if a[1] is None or b[1] is None else max(a[1], b[1])
    return (low, high)


def _common_prefix(a: tuple[Span, ...], b: tuple[Span, ...]) -> tuple[Span, ...]:
    common = 0
    while common < min(len(a), len(b)) and a[common] == b[common]:
        common += 1
    return a[:common]


def _join_shapes(a: KnownShape, b: KnownShape) -> KnownShape:
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(x if x == y else None for x, y in zip(a, b, strict=True))


def _disjoint(a: Interval, b: Interval) -> bool:
    return (a[1] is not None and b[0] is not None and a[1] < b[0]) or (
        b[1] is not None and a[0] is not None and b[1] < a[0]
    )


def _shapes_differ(a: tuple[int | None, ...], b: tuple[int | None, ...], first: int) -> bool:
    if len(a) != len(b):
        return True
    return any(
        x is not None and y is not None and x != y for x, y in list(zip(a, b, strict=True))[first:]
    )


def format_interval(interval: Interval) -> str:
    low, high = interval
    if low == high:
        return str(low)
    if high is None:
        return f">= {low}"
    return f"in [{'-∞' if low is None else low}, {high}]"


def format_shape(shape: Iterable[int | None]) -> str:
    dims = [("?" if dim is None else str(dim)) for dim in shape]
    return f"({dims[0]},)" if len(dims) == 1 else f"({', '.join(dims)})"
