"""Modules with no registered model: every attribute is ⊤."""

from __future__ import annotations

import types
from dataclasses import dataclass

from .base import AbstractValue


@dataclass(frozen=True, slots=True)
class UnknownModuleValue(AbstractValue):
    """An imported module the analysis has no model for (e.g. ``tensorflow``)."""

    name: str

    def describe(self) -> str:
        return f"module {self.name}"

    def contains(self, concrete: object) -> bool:
        return isinstance(concrete, types.ModuleType)
