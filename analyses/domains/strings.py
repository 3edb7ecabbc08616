"""Strings (and bytes): a constant, any non-empty value of the type, or any value of the type."""

from __future__ import annotations

from dataclasses import dataclass

from .base import TOP, AbstractValue

MAX_DESCRIBED_LENGTH = 60


@dataclass(frozen=True, slots=True)
class StrValue(AbstractValue):
    """A ``str`` (or ``bytes`` when ``kind is bytes``): the constant ``value``, or any when None
    (any non-empty one when ``nonempty``, which is what a truth test or ``x or y`` tells)."""

    value: str | bytes | None = None
    kind: type = str
    nonempty: bool = False

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, StrValue) or other.kind is not self.kind:
            return TOP
        if self == other:
            return self
        return StrValue(None, self.kind, self.truthy() and other.truthy())

    def truthy(self) -> bool:
        """True when every string described is non-empty."""
        return bool(self.value) if self.value is not None else self.nonempty

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP or self == other:
            return True
        return (
            isinstance(other, StrValue)
            and other.kind is self.kind
            and other.value is None
            and (self.truthy() or not other.nonempty)
        )

    def describe(self) -> str:
        name = self.kind.__name__
        if self.value is None:
            return name
        text = repr(self.value)
        if len(text) > MAX_DESCRIBED_LENGTH:
            text = text[: MAX_DESCRIBED_LENGTH - 4] + "...'"
        return f"{name} = {text}"

    def contains(self, concrete: object) -> bool:
        if type(concrete) is not self.kind:
            return False
        return (
            concrete == self.value
            if self.value is not None
            else bool(concrete) or not self.nonempty
        )

    def python_type(self) -> type | None:
        return self.kind


ANY_STR = StrValue(None)
