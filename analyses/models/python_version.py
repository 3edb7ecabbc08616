"""``sys.version_info``: the version of the Python 3 running the program, of known structure.

The value is CPython's named tuple (a struct sequence) ``(major, minor, micro, releaselevel,
serial)``: ``major`` is 3 (tensorls analyses code as Python 3 runs it, as the ``six`` model does),
the other fields are unknown (any non-negative int, any string). Modelled: the field attributes,
indexing and slicing with constant indices (a slice is a plain tuple), unpacking and iteration,
``len`` (5), truth (true) and comparisons with a tuple, decided lexicographically where the known
fields decide them (``sys.version_info >= (3,)`` and ``sys.version_info[0] == 2`` are decided,
``sys.version_info >= (3, 8)`` is not). Anything else (its methods, ``str``, comparisons with
other values) is unknown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..domains.base import TOP, AbstractValue, join_all
from ..domains.bools import ANY_BOOL, BoolValue
from ..domains.none import NoneValue
from ..domains.numbers import NON_NEGATIVE_INT, IntValue
from ..domains.sequences import TupleValue
from ..domains.slices import SliceValue
from ..domains.strings import StrValue
from ..interpreter.natives import CallContext, NativeValue

FIELDS = ("major", "minor", "micro", "releaselevel", "serial")
ANY_ORDER = frozenset({-1, 0, 1})
TESTS = {
    "Lt": lambda order: order < 0,
    "LtE": lambda order: order <= 0,
    "Gt": lambda order: order > 0,
    "GtE": lambda order: order >= 0,
    "Eq": lambda order: order == 0,
    "NotEq": lambda order: order != 0,
}
"""Per comparison operator (``reflected`` ones arrive with the operator already swapped), its
truth for an outcome of ``_orders``."""


@dataclass(frozen=True, slots=True)
class VersionInfo(NativeValue):
    """``sys.version_info``: its five fields' values, in order."""

    values: tuple[AbstractValue, ...]

    def describe(self) -> str:
        inner = ", ".join(
            f"{name}={value.describe()}" for name, value in zip(FIELDS, self.values, strict=True)
        )
        return f"sys.version_info({inner})"

    def contains(self, concrete: object) -> bool:
        return (
            isinstance(concrete, tuple)
            and len(concrete) == len(self.values)
            and all(value.contains(item) for value, item in zip(self.values, concrete, strict=True))
        )

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, VersionInfo):
            return TOP
        return VersionInfo(
            tuple(mine.join(theirs) for mine, theirs in zip(self.values, other.values, strict=True))
        )

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name in FIELDS:
            return self.values[FIELDS.index(name)]
        return TOP

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        if isinstance(index, SliceValue):
            bounds = [_slice_bound(part, ctx) for part in (index.lower, index.upper, index.step)]
            if any(bound is False for bound in bounds) or bounds[2] == 0:
                return TOP
            return TupleValue.of(self.values[slice(*bounds)])  # type: ignore[arg-type]
        position = ctx.int_constant(index)
        if position is None or not -len(self.values) <= position < len(self.values):
            return TOP
        return self.values[position]

    def items(self, ctx: CallContext) -> list[AbstractValue]:
        return list(self.values)

    def iterate(self, ctx: CallContext) -> AbstractValue:
        return join_all(self.values)

    def length(self, ctx: CallContext) -> AbstractValue:
        return IntValue.constant_of(len(self.values))

    def truth(self, ctx: CallContext) -> bool | None:
        return True

    def compare(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        if not isinstance(other, TupleValue) or other.items is None:
            return NotImplemented
        outcomes = _orders(self.values, other.items)
        decided = {TESTS[op](outcome) for outcome in outcomes}
        return BoolValue(decided.pop()) if len(decided) == 1 else ANY_BOOL


def _slice_bound(part: AbstractValue, ctx: CallContext) -> int | bool | None:
    """A slice part as ``slice`` takes it: an int, None when omitted, False when unknown."""
    if isinstance(part, NoneValue):
        return None
    constant = ctx.int_constant(part)
    return False if constant is None else constant


def _item_orders(left: AbstractValue, right: AbstractValue) -> frozenset[int]:
    """The possible outcomes (-1: less, 0: equal, 1: greater) of comparing two tuple items: ints
    by their intervals, strings equal when the same constant; all three when unknown."""
    if isinstance(left, StrValue) and isinstance(right, StrValue):
        if left.value is not None and left.value == right.value:
            return frozenset({0})
        return ANY_ORDER
    if not (isinstance(left, IntValue) and isinstance(right, IntValue)):
        return ANY_ORDER
    outcomes = set()
    if left.low is None or right.high is None or left.low < right.high:
        outcomes.add(-1)
    if left.high is None or right.low is None or left.high > right.low:
        outcomes.add(1)
    if _may_meet(left, right):
        outcomes.add(0)
    return frozenset(outcomes)


def _may_meet(left: IntValue, right: IntValue) -> bool:
    """Whether the two intervals share an integer."""
    below = left.high is not None and right.low is not None and left.high < right.low
    above = right.high is not None and left.low is not None and right.high < left.low
    return not (below or above)


def _orders(mine: Sequence[AbstractValue], theirs: Sequence[AbstractValue]) -> frozenset[int]:
    """The possible outcomes of comparing the tuples as Python does: the first items that differ
    decide, and when every item of the shorter one is equal, the lengths."""
    outcomes: set[int] = set()
    for left, right in zip(mine, theirs, strict=False):
        item = _item_orders(left, right)
        outcomes |= item - {0}
        if 0 not in item:
            return frozenset(outcomes)
    outcomes.add((len(mine) > len(theirs)) - (len(mine) < len(theirs)))
    return frozenset(outcomes)


VERSION_INFO = VersionInfo(
    (IntValue.constant_of(3), NON_NEGATIVE_INT, NON_NEGATIVE_INT, StrValue(None), NON_NEGATIVE_INT)
)
"""``sys.version_info`` on any Python 3."""
