"""Counts gathered by the soundness tests, printed in pytest's terminal summary."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Summary:
    """Facts recorded while the tests run (not assertions: just what was measured)."""

    counters: Counter[str] = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)

    def add(self, name: str, amount: int = 1) -> None:
        self.counters[name] += amount

    def note(self, line: str) -> None:
        self.notes.append(line)

    def lines(self) -> list[str]:
        counted = [f"{name}: {value}" for name, value in sorted(self.counters.items())]
        return counted + self.notes


SUMMARY = Summary()
