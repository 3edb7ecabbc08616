"""Booleans: ``True``, ``False``, or either."""

from __future__ import annotations

from dataclasses import dataclass

from .base import TOP, AbstractValue


@dataclass(frozen=True, slots=True)
class BoolValue(AbstractValue):
    """A ``bool``: the constant ``value``, or either when ``value`` is None."""

    value: bool | None = None

    def join(self, other: AbstractValue) -> AbstractValue:
        if isinstance(other, BoolValue):
            return self if self == other else ANY_BOOL
        from .numbers import IntValue

        if isinstance(other, IntValue):
            return other.join(self)
        return TOP

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP or other == ANY_BOOL or self == other:
            return True
        from .numbers import IntValue

        if isinstance(other, IntValue):
            values = (0, 1) if self.value is None else (int(self.value),)
            return all(other.contains(v) for v in values)
        return False

    def describe(self) -> str:
        return "bool" if self.value is None else f"bool = {self.value}"

    def contains(self, concrete: object) -> bool:
        return type(concrete) is bool and (self.value is None or concrete is self.value)

    def python_type(self) -> type | None:
        return bool


ANY_BOOL = BoolValue(None)
TRUE = BoolValue(True)
FALSE = BoolValue(False)
