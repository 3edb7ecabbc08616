"""Seeded generator of programs that stress the analysis's bounds: large constants, repetitions,
format widths, deep nesting, long comprehensions, loops that grow values and values built by
sharing (``t = (t, t)``).

``program(rng, huge)`` writes one program. With ``huge`` False its sizes stay small, so CPython
runs it in a moment (the tests use CPython as the oracle on those); with ``huge`` True sizes are
chosen to exceed every bound (CPython would run out of time or memory: no oracle).
"""

from __future__ import annotations

import random
from collections.abc import Callable

SMALL_COUNTS = (0, 1, 2, 3, 7, 12, 40)
HUGE_COUNTS = (10**6, 10**9, 3 * 10**9, 10**10, 2**62, 10**18, 10**256)
SMALL_DEPTHS = (5, 40, 200)
HUGE_DEPTHS = (990, 2_000, 5_000, 20_000, 100_000)
SMALL_ITEMS = (0, 3, 10, 30, 64)
HUGE_ITEMS = (1_000, 5_000, 100_000)


class Sizes:
    """The sizes a program draws from (small or huge)."""

    def __init__(self, rng: random.Random, huge: bool) -> None:
        self.rng = rng
        self.huge = huge

    def count(self) -> int:
        """A repetition count, width or exponent."""
        return self.rng.choice(HUGE_COUNTS if self.huge else SMALL_COUNTS)

    def items(self) -> int:
        """A number of items (range lengths, joined parts)."""
        return self.rng.choice(HUGE_ITEMS if self.huge else SMALL_ITEMS)

    def depth(self) -> int:
        return self.rng.choice(HUGE_DEPTHS if self.huge else SMALL_DEPTHS)

    def number(self, depth: int = 3) -> str:
        """An int expression; small programs keep exponents and shifts small."""
        rng = self.rng
        if depth == 0 or rng.random() < 0.3:
            return str(self.count() if rng.random() < 0.5 else rng.randint(-9, 99))
        operator = rng.choice(["+", "-", "*", "**", "<<", "//", "%", "|"])
        left = self.number(depth - 1)
        if operator in ("**", "<<") and not self.huge:
            right = str(rng.randint(0, 12))
        elif operator in ("//", "%"):
            right = str(rng.randint(1, 9))
        else:
            right = self.number(depth - 1)
        return f"({left} {operator} {right})"


def _strings(s: Sizes) -> str:
    n, m = s.count(), s.items()
    return s.rng.choice(
        [
            f"v = 'ab' * {n}",
            f"v = 'x'.ljust({n})",
            f"v = 'x'.center({n}, '*')",
            f"v = '7'.zfill({n})",
            f"v = '%{n}d' % 5",
            f"v = '%.{min(n, 10**6)}f' % 1.5",
            f"v = '{{:{n}}}'.format(1)",
            f"v = '{{:{{}}}}'.format(1, {n})",
            f"v = f'{{1:{n}}}'",
            f"w = {n}\nv = f'{{2:{{w}}}}'",
            f"v = 'a\\tb'.expandtabs({n})",
            f"v = ('ab' * {m}).replace('', 'c' * {m})",
            f"v = '-'.join(['ab' * {m}] * {min(m, 4096)})",
            f"v = str({s.number()})",
            f"v = '%s|' % ('x' * {m})",
            f"v = '%s|%r' % ('x' * {m}, 'y' * {m})",
            f"v = format({n}, ',')",
            f"v = b'ab' * {n}",
        ]
    )


def _numbers(s: Sizes) -> str:
    n = s.count()
    return s.rng.choice(
        [
            f"v = {s.number()}",
            f"v = {s.number()} + {s.number()}",
            f"v = round({s.number()}, -{n})",
            f"v = pow(2, {n if s.huge else s.rng.randint(0, 64)})",
            f"v = (2).__pow__({n if s.huge else 30})",
            f"v = (1).__lshift__({n if s.huge else 30})",
            f"v = int('9' * {min(s.items(), 4000)})",
            f"v = abs({s.number()}) % 1000",
        ]
    )


def _sequences(s: Sizes) -> str:
    n, m = s.count(), s.items()
    return s.rng.choice(
        [
            f"v = [0] * {n}",
            f"v = (1, 2) * {n}",
            f"v = list(range({m}))",
            f"v = [i * 3 for i in range({m})]",
            f"v = [[i * j for j in range({m})] for i in range({m})]",
            f"v = sum(range({n}))",
            f"v = {{i: str(i) for i in range({m})}}",
            f"v = len([c for c in 'abc' * {min(m, 3000)}])",
        ]
    )


def _loops(s: Sizes) -> str:
    m = s.items() if s.huge else s.rng.randint(0, 12)
    return s.rng.choice(
        [
            f"acc = 3\nfor i in range({m}):\n    acc = acc * acc + i",
            f"text = 'ab'\nfor i in range({m}):\n    text = text + text",
            f"items = [1]\nfor i in range({m}):\n    items = items + items",
            f"acc = 2\nwhile acc < {s.count()}:\n    acc = acc * acc",
        ]
    )


def _nesting(s: Sizes) -> str:
    d = s.depth()
    return s.rng.choice(
        [
            "v = " + "-" * d + "1",
            "v = " + "not " * d + "1",
            "v = " + "abs(" * d + "1" + ")" * d,
            "v = " + "(" * d + "1" + ")" * d,
            "v = " + "[" * d + "]" * d,
            "v = " + " + ".join(["1"] * d),
        ]
    )


def _sharing(s: Sizes) -> str:
    m = s.items() if s.huge else s.rng.randint(0, 10)
    return s.rng.choice(
        [
            f"t = (1, 2)\nfor i in range({m}):\n    t = (t, t)\nv = hash(t) % 7",
            f"t = ()\nfor i in range({m}):\n    t = (t,) * 3\nv = t == (t + ())",
            f"t = [1]\nfor i in range({m}):\n    t = [t, (t, t)]\nv = len(t)",
        ]
    )


KINDS: tuple[Callable[[Sizes], str], ...] = (
    _strings,
    _numbers,
    _sequences,
    _loops,
    _nesting,
    _sharing,
)


def program(rng: random.Random, huge: bool) -> str:
    """One program of a few statements; every statement is well-formed Python."""
    sizes = Sizes(rng, huge)
    statements = [rng.choice(KINDS)(sizes) for _ in range(rng.randint(2, 6))]
    return "\n".join(statements) + "\n"
