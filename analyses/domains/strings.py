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
    module_side: str | None = None
    """When set, every value is the name of a module on that side: ``USER_MODULE`` (a module of
    the analysed program: a user class's ``__module__``) or ``LIBRARY_MODULE`` (an imported
    library module's ``__name__``); names of the two sides never compare equal."""

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, StrValue) or other.kind is not self.kind:
            return TOP
        if self == other:
            return self
        side = self.module_side if self.module_side == other.module_side else None
        return StrValue(None, self.kind, self.truthy() and other.truthy(), side)

    def other_module_side(self, other: StrValue) -> bool:
        """Whether ``self`` and ``other`` name modules of different sides (never equal)."""
        return None not in (self.module_side, other.module_side) and (
            self.module_side != other.module_side
        )

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
            and other.module_side in (None, self.module_side)
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
USER_MODULE = "user"
LIBRARY_MODULE = "library"
