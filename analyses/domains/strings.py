"""Strings (and bytes): a constant or any value of the type."""

from __future__ import annotations

from dataclasses import dataclass

from .base import TOP, AbstractValue

MAX_DESCRIBED_LENGTH = 60


@dataclass(frozen=True, slots=True)
class StrValue(AbstractValue):
    """A ``str`` (or ``bytes`` when ``kind is bytes``): the constant ``value``, or any when None."""

    value: str | bytes | None = None
    kind: type = str

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, StrValue) or other.kind is not self.kind:
            return TOP
        return self if self == other else StrValue(None, self.kind)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP or self == other:
            return True
        return isinstance(other, StrValue) and other.kind is self.kind and other.value is None

    def describe(self) -> str:
        name = self.kind.__name__
        if self.value is None:
            return name
        text = repr(self.value)
        if len(text) > MAX_DESCRIBED_LENGTH:
            text = text[: MAX_DESCRIBED_LENGTH - 4] + "...'"
        return f"{name} = {text}"

    def contains(self, concrete: object) -> bool:
        return type(concrete) is self.kind and (self.value is None or concrete == self.value)

    def python_type(self) -> type | None:
        return self.kind


ANY_STR = StrValue(None)
