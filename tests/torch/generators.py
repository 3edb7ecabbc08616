"""Deterministic generators of oracle cases (a fixed seed per family, so runs are repeatable).

Shapes are small, with sizes 1 frequent enough to exercise broadcasting; each family yields
concrete cases and ``abstract`` ones in which some sizes are ``size(n)`` (unknown to tensorls).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from .oracle import Case

Shape = tuple[int, ...]


def shape(rng: random.Random, min_rank: int = 0, max_rank: int = 3) -> Shape:
    rank = rng.randint(min_rank, max_rank)
    return tuple(rng.choice((1, 1, 2, 3, 4)) for _ in range(rank))


def sizes(dims: Shape, rng: random.Random | None = None) -> str:
    """``2, 3`` (the arguments of ``torch.zeros``); with ``rng``, some sizes ``size(n)``."""
    parts = [f"size({dim})" if rng is not None and rng.random() < 0.4 else str(dim) for dim in dims]
    return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"


def cases(
    family: str, count: int, build: Callable[[random.Random, random.Random | None], str]
) -> Iterator[Case]:
    """``count`` concrete and ``count // 2`` abstract cases of ``family``."""
    rng = random.Random(f"{family}-concrete")
    for index in range(count):
        yield Case(f"{family}-{index}", build(rng, None))
    abstract_rng = random.Random(f"{family}-abstract")
    for index in range(count // 2):
        yield Case(f"{family}-abstract-{index}", build(abstract_rng, abstract_rng), True)
