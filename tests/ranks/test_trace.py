"""The collective-trace domain: joins at merges, widening in loops, order, and what conflicts."""

from __future__ import annotations

from tensorls.analyses.domains.base import TOP
from tensorls.analyses.facts import Position, Span
from tensorls.analyses.models.horovod.trace import (
    MAX_EVENTS,
    CollectiveEvent,
    CollectiveTrace,
    events_conflict,
)


def site(line: int) -> Span:
    return Span(Position(line, 0), Position(line, 10))


def event(
    kind: str = "allreduce",
    line: int = 1,
    *,
    name: str | None = None,
    root: tuple[int | None, int | None] | None = None,
    shape: tuple[int | None, ...] | None = None,
) -> CollectiveEvent:
    return CollectiveEvent(kind, f"hvd.{kind}", name, root, shape, frozenset({site(line)}))


def test_equal_sequences_join_to_themselves_with_both_sites() -> None:
    left = CollectiveTrace((event(line=1),))
    right = CollectiveTrace((event(line=2),))
    joined = left.join(right)
    assert isinstance(joined, CollectiveTrace)
    assert joined.complete
    assert joined.events[0].sites == {site(1), site(2)}


def test_differing_sequences_become_unknown_from_the_first_difference() -> None:
    common = event("broadcast", 1, root=(0, 0))
    left = CollectiveTrace((common, event("allreduce", 2)))
    right = CollectiveTrace((common, event("allgather", 3)))
    assert left.join(right) == CollectiveTrace((common,), complete=False)


def test_a_path_with_one_more_collective_makes_the_join_unknown_after_the_common_part() -> None:
    shorter = CollectiveTrace((event(line=1),))
    longer = shorter.append(event(line=2))
    joined = shorter.join(longer)
    assert joined == CollectiveTrace((event(line=1),), complete=False)
    assert shorter.leq(joined) and longer.leq(joined)
    assert not joined.leq(shorter)


def test_an_unknown_continuation_absorbs_later_collectives() -> None:
    unknown = CollectiveTrace((event(line=1),), complete=False)
    assert unknown.append(event(line=2)) is unknown


def test_loop_widening_reaches_a_fixpoint_in_one_step() -> None:
    entry = CollectiveTrace()
    after_body = entry.append(event(line=5))
    widened = entry.widen(after_body)
    assert widened == CollectiveTrace((), complete=False)
    again = widened.join(widened.append(event(line=5)))
    assert again == widened


def test_traces_are_bounded() -> None:
    trace = CollectiveTrace()
    for line in range(MAX_EVENTS + 5):
        trace = trace.append(event(line=line))
    assert len(trace.events) == MAX_EVENTS
    assert not trace.complete


def test_root_ranks_and_shapes_join_to_what_both_paths_allow() -> None:
    left = CollectiveTrace((event("broadcast", 1, root=(0, 0), shape=(4, 3)),))
    right = CollectiveTrace((event("broadcast", 2, root=(2, 2), shape=(5, 3)),))
    joined = left.join(right)
    assert isinstance(joined, CollectiveTrace)
    assert joined.events[0].root == (0, 2)
    assert joined.events[0].shape == (None, 3)


def test_joining_with_another_kind_of_value_is_top() -> None:
    assert CollectiveTrace().join(TOP) is TOP


def test_conflicts_are_certain_differences_only() -> None:
    assert events_conflict(event("allreduce"), event("allreduce")) is None
    assert events_conflict(event("allreduce"), event("allgather")) is not None
    assert events_conflict(event(name="a"), event(name="b")) is None
    assert events_conflict(event(name="a"), event()) is None
    broadcast_zero = event("broadcast", root=(0, 0))
    assert events_conflict(broadcast_zero, event("broadcast", root=(1, None))) is not None
    assert events_conflict(broadcast_zero, event("broadcast", root=(0, None))) is None
    assert events_conflict(broadcast_zero, event("broadcast")) is None
    assert events_conflict(event(shape=(4, 3)), event(shape=(5, 3))) is not None
    assert events_conflict(event(shape=(4, 3)), event(shape=(None, 3))) is None
    assert (
        events_conflict(event("allgather", shape=(4, 3)), event("allgather", shape=(5, 3))) is None
    )
    assert (
        events_conflict(event("allgather", shape=(4, 3)), event("allgather", shape=(4, 2)))
        is not None
    )
