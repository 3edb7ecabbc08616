"""Slice objects and the ``Ellipsis`` constant, as they appear in subscripts."""

from __future__ import annotations

from dataclasses import dataclass

from .base import TOP, AbstractValue
from .none import NONE


@dataclass(frozen=True, slots=True)
class SliceValue(AbstractValue):
    """``lower:upper:step``; an omitted part is ``NONE``."""

    lower: AbstractValue = NONE
    upper: AbstractValue = NONE
    step: AbstractValue = NONE

    def join(self, other: AbstractValue) -> AbstractValue:
        if isinstance(other, SliceValue):
            return SliceValue(
                self.lower.join(other.lower),
                self.upper.join(other.upper),
                self.step.join(other.step),
            )
        return TOP

    def describe(self) -> str:
        return "slice"

    def contains(self, concrete: object) -> bool:
        return isinstance(concrete, slice)

    def python_type(self) -> type | None:
        return slice


class EllipsisValue(AbstractValue):
    """``...``."""

    __slots__ = ()

    def describe(self) -> str:
        return "ellipsis"

    def contains(self, concrete: object) -> bool:
        return concrete is Ellipsis

    def python_type(self) -> type | None:
        return type(Ellipsis)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EllipsisValue)

    def __hash__(self) -> int:
        return hash("Ellipsis")


ELLIPSIS = EllipsisValue()
