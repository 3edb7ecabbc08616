"""Tuples and lists: per-index elements while the length is known, a summary element otherwise.

A sequence with ``items`` set has exactly ``len(items)`` elements, each described by its own
abstract value. With ``items`` None the length lies in ``length`` and every element is described by
``element``. Joining sequences of different lengths summarises them. Lists are heap objects (their
elements may be ``Ref`` values into the store's heap); tuples are plain values.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import TOP, AbstractValue, join_all
from .numbers import NON_NEGATIVE_INT, IntValue

MAX_TRACKED_ITEMS = 256
MAX_EXPANDED_ITEMS = 4096
"""Largest number of items a sequence tracks counting those of nested tuples and lists one by one
(``t = (t, t)`` sixty times is a value of 60 objects but 2**60 items once expanded: hashing,
comparing or describing it walks the expansion). Past it the sequence is summarised."""
MAX_NESTING = 64
"""Deepest nesting of sequences tracked (deeper ones are summarised)."""
MAX_DESCRIBED_ITEMS = 6


@dataclass(frozen=True, slots=True)
class SequenceValue(AbstractValue):
    """Common lattice operations of tuples and lists; subclasses fix the Python type."""

    items: tuple[AbstractValue, ...] | None = None
    element: AbstractValue = TOP
    length: IntValue = NON_NEGATIVE_INT

    @classmethod
    def of(cls, items: list[AbstractValue] | tuple[AbstractValue, ...]) -> SequenceValue:
        """The sequence of exactly these items (summarised when very long)."""
        items = tuple(items)
        if len(items) > MAX_TRACKED_ITEMS or _expanded_size(items, {}) > MAX_EXPANDED_ITEMS:
            return cls(None, join_all(items), IntValue.constant_of(len(items)))
        return cls(items, TOP, IntValue.constant_of(len(items)))

    @classmethod
    def summary(cls, element: AbstractValue, length: IntValue = NON_NEGATIVE_INT) -> SequenceValue:
        """A sequence of unknown items, each described by ``element``."""
        return cls(None, element, length)

    def element_summary(self) -> AbstractValue | None:
        """The join of all elements; None for an empty sequence (no element at all)."""
        if self.items is None:
            return self.element
        if not self.items:
            return None
        return join_all(self.items)

    def _combine(self, other: AbstractValue, widen: bool) -> AbstractValue:
        if type(other) is not type(self):
            return TOP
        assert isinstance(other, SequenceValue)
        if (
            self.items is not None
            and other.items is not None
            and len(self.items) == len(other.items)
        ):
            if widen:
                return type(self)(
                    tuple(a.widen(b) for a, b in zip(self.items, other.items, strict=False)),
                    TOP,
                    self.length,
                )
            return type(self)(
                tuple(a.join(b) for a, b in zip(self.items, other.items, strict=False)),
                TOP,
                self.length,
            )
        mine, theirs = self.element_summary(), other.element_summary()
        if mine is None:
            element = theirs if theirs is not None else TOP
        elif theirs is None:
            element = mine
        else:
            element = mine.widen(theirs) if widen else mine.join(theirs)
        length = self.length.widen(other.length) if widen else self.length.join(other.length)
        assert isinstance(length, IntValue)
        return type(self)(None, element, length)

    def join(self, other: AbstractValue) -> AbstractValue:
        if self == other:
            return self
        return self._combine(other, widen=False)

    def widen(self, other: AbstractValue) -> AbstractValue:
        if self == other:
            return self
        return self._combine(other, widen=True)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP or self == other:
            return True
        if type(other) is not type(self):
            return False
        assert isinstance(other, SequenceValue)
        if not self.length.leq(other.length):
            return False
        if other.items is not None:
            return self.items is not None and all(
                a.leq(b) for a, b in zip(self.items, other.items, strict=False)
            )
        mine = self.element_summary()
        return mine is None or mine.leq(other.element)

    def describe(self) -> str:
        name = self.python_type().__name__  # type: ignore[union-attr]
        if self.items is not None:
            if not self.items:
                return f"{name} (empty)"
            if len(self.items) <= MAX_DESCRIBED_ITEMS:
                inner = ", ".join(_short(item) for item in self.items)
                if name == "tuple":
                    return f"tuple[{inner}]" if len(self.items) > 1 else f"tuple[{inner},]"
                return (
                    f"list[{inner}]"
                    if len({_short(i) for i in self.items}) > 1
                    else (f"list[{_short(self.items[0])}] (length {len(self.items)})")
                )
            element = join_all(self.items)
            return f"{name}[{_short(element)}] (length {len(self.items)})"
        length = self.length.constant
        suffix = f" (length {length})" if length is not None else ""
        if self.element is TOP:
            return f"{name}{suffix}"
        return f"{name}[{_short(self.element)}]{suffix}"

    def contains(self, concrete: object) -> bool:
        if type(concrete) is not self.python_type():
            return False
        assert isinstance(concrete, (tuple, list))
        if not self.length.contains(len(concrete)):
            return False
        if self.items is not None:
            return all(a.contains(c) for a, c in zip(self.items, concrete, strict=False))
        return all(self.element.contains(c) for c in concrete)


def _expanded_size(items: tuple[AbstractValue, ...], sizes: dict[int, int], depth: int = 0) -> int:
    """How many items ``items`` holds, nested sequences expanded (stops counting past
    ``MAX_EXPANDED_ITEMS``, or at a nesting deeper than ``MAX_NESTING``); ``sizes`` remembers the
    size of each nested sequence object seen."""
    if depth > MAX_NESTING:
        return MAX_EXPANDED_ITEMS + 1
    total = len(items)
    for item in items:
        if isinstance(item, SequenceValue):
            size = sizes.get(id(item))
            if size is None:
                inner = item.items if item.items is not None else (item.element,)
                size = _expanded_size(inner, sizes, depth + 1)
                sizes[id(item)] = size
            total += size
            if total > MAX_EXPANDED_ITEMS:
                return total
    return total


def _short(value: AbstractValue) -> str:
    """A value's description without its constant (``int = 5`` → ``int = 5``, kept short)."""
    text = value.describe()
    return text if len(text) <= 40 else text.split(" ")[0]


@dataclass(frozen=True, slots=True)
class TupleValue(SequenceValue):
    """A ``tuple``."""

    def python_type(self) -> type | None:
        return tuple


@dataclass(frozen=True, slots=True)
class ListValue(SequenceValue):
    """A ``list`` (a heap object: reach it through a ``Ref``)."""

    def python_type(self) -> type | None:
        return list


EMPTY_TUPLE = TupleValue.of(())


@dataclass(frozen=True, slots=True)
class RangeValue(AbstractValue):
    """``range(start, stop, step)`` with integer bounds."""

    start: IntValue
    stop: IntValue
    step: IntValue

    def constant_items(self) -> range | None:
        """The concrete range when all bounds are known and its length fits ``len()`` (ssize_t)."""
        if (
            None in (self.start.constant, self.stop.constant, self.step.constant)
            or self.step.constant == 0
        ):
            return None
        items = range(self.start.constant, self.stop.constant, self.step.constant)  # type: ignore[arg-type]
        try:
            len(items)
        except OverflowError:
            return None
        return items

    def length(self) -> IntValue:
        """``len(self)``: exact when every bound is known; for a known start and positive step,
        the interval the stop's interval gives (``range(5 + rank)``); any length otherwise."""
        items = self.constant_items()
        if items is not None:
            return IntValue.constant_of(len(items))
        start, stride = self.start.constant, self.step.constant
        if start is None or stride is None or stride < 1 or self.stop.low is None:
            return NON_NEGATIVE_INT
        low = max(0, -((start - self.stop.low) // stride))
        high = None if self.stop.high is None else max(0, -((start - self.stop.high) // stride))
        return IntValue(low, high)

    def element(self) -> AbstractValue:
        if self.step.low is not None and self.step.low > 0:
            high = None if self.stop.high is None else self.stop.high - 1
            return IntValue(self.start.low, high)
        return IntValue()

    def join(self, other: AbstractValue) -> AbstractValue:
        if isinstance(other, RangeValue):
            return RangeValue(
                self.start.join(other.start),  # type: ignore[arg-type]
                self.stop.join(other.stop),  # type: ignore[arg-type]
                self.step.join(other.step),  # type: ignore[arg-type]
            )
        return TOP

    def describe(self) -> str:
        items = self.constant_items()
        return f"range({items.start}, {items.stop}, {items.step})" if items is not None else "range"

    def contains(self, concrete: object) -> bool:
        return isinstance(concrete, range)

    def python_type(self) -> type | None:
        return range
