"""Hover of a rank-varying value: the ordinary hover plus a line saying what each side has
("rank-varying: 0 on rank 0, int in [1, ∞) on the other ranks")."""

from __future__ import annotations

from ..facts import HoverFact, HoverSource, Position
from ..interpreter.core.hovers import NodeKey
from ..text import SourceText
from .checks import RankCheck
from .conditions import span_of_key
from .projections import certainly_different


class RankHovers:
    """``base``'s hovers, with the rank line added on expressions whose value certainly differs
    between the projections."""

    def __init__(self, base: HoverSource, varying: dict[NodeKey, str], text: SourceText) -> None:
        self.base = base
        self.varying = {span_of_key(key, text): line for key, line in varying.items()}

    @staticmethod
    def over(base: HoverSource, ranks: RankCheck | None, text: SourceText) -> HoverSource:
        """``base`` unchanged when the module has no rank-varying expression."""
        if ranks is None or len(ranks.projections) != 2:
            return base
        zero, other = ranks.projections
        varying: dict[NodeKey, str] = {}
        for key, on_zero in zero.interpretation.expression_values.items():
            on_other = other.value(key)
            if on_other is not None and certainly_different(on_zero, on_other):
                varying[key] = (
                    f"rank-varying: {_short(on_zero.describe())} on rank 0,"
                    f" {_short(on_other.describe())} on the other ranks"
                )
        return RankHovers(base, varying, text) if varying else base

    def hover_at(self, position: Position) -> HoverFact | None:
        fact = self.base.hover_at(position)
        if fact is None:
            return None
        line = self.varying.get(fact.span)
        if line is None:
            return fact
        return HoverFact(
            span=fact.span,
            markdown=f"{fact.markdown}\n\n{line}",
            plaintext=f"{fact.plaintext}\n{line}",
        )


def _short(description: str) -> str:
    """``int = 0`` → ``0``; other descriptions unchanged."""
    for prefix in ("int = ", "bool = "):
        if description.startswith(prefix):
            return description[len(prefix) :]
    return description
