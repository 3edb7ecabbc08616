"""The ``None`` singleton."""

from __future__ import annotations

from .base import AbstractValue


class NoneValue(AbstractValue):
    """``None`` (a one-element domain; joined with anything else it becomes ⊤)."""

    __slots__ = ()
    _instance: NoneValue | None = None

    def __new__(cls) -> NoneValue:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def describe(self) -> str:
        return "None"

    def contains(self, concrete: object) -> bool:
        return concrete is None

    def python_type(self) -> type | None:
        return type(None)

    def __repr__(self) -> str:
        return "NONE"


NONE = NoneValue()
