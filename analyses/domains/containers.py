"""Dictionaries with constant keys, and sets summarised by their element.

A ``DictValue`` lists the entries whose keys are known constants (in insertion order). When
``exact`` is True those are all its entries; otherwise it may hold further entries whose keys and
values are described by ``other_key`` and ``other_value``. Both are heap objects.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import TOP, AbstractValue
from .numbers import NON_NEGATIVE_INT, IntValue

Key = object
"""A constant, hashable key: an int, str, bool, float, None or a tuple of such."""

MAX_TRACKED_KEYS = 128


@dataclass(frozen=True, slots=True)
class DictValue(AbstractValue):
    """A ``dict``: known constant-key entries plus, when not exact, a summary of the others."""

    entries: tuple[tuple[Key, AbstractValue], ...] = ()
    exact: bool = True
    other_key: AbstractValue = TOP
    other_value: AbstractValue = TOP

    def get(self, key: Key) -> AbstractValue | None:
        for known, value in self.entries:
            if type(known) is type(key) and known == key:
                return value
        return None

    def key_constants(self) -> tuple[Key, ...]:
        return tuple(key for key, _ in self.entries)

    def with_entry(self, key: Key, value: AbstractValue) -> DictValue:
        """The dict after ``d[key] = value`` (a strong update of that entry)."""
        entries = list(self.entries)
        for index, (known, _) in enumerate(entries):
            if type(known) is type(key) and known == key:
                entries[index] = (key, value)
                return DictValue(tuple(entries), self.exact, self.other_key, self.other_value)
        if len(entries) >= MAX_TRACKED_KEYS:
            return self.summarised()
        entries.append((key, value))
        return DictValue(tuple(entries), self.exact, self.other_key, self.other_value)

    def summarised(self) -> DictValue:
        """The same dict with every entry folded into the summary."""
        from .strings import StrValue

        key: AbstractValue | None = None if self.exact else self.other_key
        value: AbstractValue | None = None if self.exact else self.other_value
        for known, item in self.entries:
            known_value = StrValue(known) if isinstance(known, str) else TOP
            key = known_value if key is None else key.join(known_value)
            value = item if value is None else value.join(item)
        return DictValue((), False, key or TOP, value or TOP)

    def length(self) -> IntValue:
        if self.exact:
            return IntValue.constant_of(len(self.entries))
        return IntValue(len(self.entries), None) if self.entries else NON_NEGATIVE_INT

    def _combine(self, other: AbstractValue, widen: bool) -> AbstractValue:
        if not isinstance(other, DictValue):
            return TOP
        if self.key_constants() == other.key_constants():
            values = tuple(
                (key, a.widen(b) if widen else a.join(b))
                for (key, a), (_, b) in zip(self.entries, other.entries, strict=False)
            )
            exact = self.exact and other.exact
            if self.exact and other.exact:
                return DictValue(values, True)
            left, right = self.summarised(), other.summarised()
            return DictValue(
                values,
                exact,
                left.other_key.join(right.other_key),
                left.other_value.join(right.other_value),
            )
        left, right = self.summarised(), other.summarised()
        return DictValue(
            (),
            False,
            left.other_key.join(right.other_key),
            left.other_value.widen(right.other_value)
            if widen
            else left.other_value.join(right.other_value),
        )

    def join(self, other: AbstractValue) -> AbstractValue:
        return self if self == other else self._combine(other, widen=False)

    def widen(self, other: AbstractValue) -> AbstractValue:
        return self if self == other else self._combine(other, widen=True)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP or self == other:
            return True
        if not isinstance(other, DictValue):
            return False
        if other.exact and (not self.exact or self.key_constants() != other.key_constants()):
            return False
        for key, value in self.entries:
            theirs = other.get(key)
            if theirs is None:
                if other.exact or not value.leq(other.other_value):
                    return False
            elif not value.leq(theirs):
                return False
        return self.exact or (
            self.other_key.leq(other.other_key) and self.other_value.leq(other.other_value)
        )

    def describe(self) -> str:
        if self.exact and not self.entries:
            return "dict (empty)"
        if self.exact and len(self.entries) <= 4:
            inner = ", ".join(f"{key!r}: {value.describe()}" for key, value in self.entries)
            return "dict {" + inner + "}"
        length = self.length().constant
        return "dict" + (f" (length {length})" if length is not None else "")

    def contains(self, concrete: object) -> bool:
        if type(concrete) is not dict:
            return False
        if self.exact and len(concrete) != len(self.entries):
            return False
        for key, value in self.entries:
            if key not in concrete or not value.contains(concrete[key]):
                return False
        return True

    def python_type(self) -> type | None:
        return dict


@dataclass(frozen=True, slots=True)
class SetValue(AbstractValue):
    """A ``set`` or ``frozenset`` (``kind``): a summary element and a length."""

    element: AbstractValue = TOP
    length: IntValue = NON_NEGATIVE_INT
    kind: type = set

    def join(self, other: AbstractValue) -> AbstractValue:
        if self == other:
            return self
        if not isinstance(other, SetValue) or other.kind is not self.kind:
            return TOP
        length = self.length.join(other.length)
        assert isinstance(length, IntValue)
        return SetValue(_join_element(self, other, widen=False), length, self.kind)

    def widen(self, other: AbstractValue) -> AbstractValue:
        if self == other:
            return self
        if not isinstance(other, SetValue) or other.kind is not self.kind:
            return TOP
        length = self.length.widen(other.length)
        assert isinstance(length, IntValue)
        return SetValue(_join_element(self, other, widen=True), length, self.kind)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP or self == other:
            return True
        return (
            isinstance(other, SetValue)
            and other.kind is self.kind
            and self.length.leq(other.length)
            and (self.length.constant == 0 or self.element.leq(other.element))
        )

    def describe(self) -> str:
        name = self.kind.__name__
        length = self.length.constant
        if length == 0:
            return f"{name} (empty)"
        suffix = f" (length {length})" if length is not None else ""
        return (f"{name}[{self.element.describe()}]" if self.element is not TOP else name) + suffix

    def contains(self, concrete: object) -> bool:
        if type(concrete) is not self.kind:
            return False
        assert isinstance(concrete, (set, frozenset))
        return self.length.contains(len(concrete)) and all(
            self.element.contains(c) for c in concrete
        )

    def python_type(self) -> type | None:
        return self.kind


def _join_element(left: SetValue, right: SetValue, widen: bool) -> AbstractValue:
    if left.length.constant == 0:
        return right.element
    if right.length.constant == 0:
        return left.element
    return left.element.widen(right.element) if widen else left.element.join(right.element)


@dataclass(frozen=True, slots=True)
class DictViewValue(AbstractValue):
    """``d.keys()``, ``d.values()`` or ``d.items()``: a live view of the dict ``mapping`` (a ``Ref``).

    Iterating a view reads the dict as it is at that time, as CPython does.
    """

    mapping: AbstractValue
    kind: str

    def join(self, other: AbstractValue) -> AbstractValue:
        if isinstance(other, DictViewValue) and other.kind == self.kind:
            return DictViewValue(self.mapping.join(other.mapping), self.kind)
        return TOP

    def describe(self) -> str:
        return f"dict_{self.kind}"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == f"dict_{self.kind}"
