"""Seeded generator of hostile shape annotations and sizes (tracker issue 30, item 1).

The hostile probe of issue 30 found four inputs that made one internal error erase a whole file's
results: a jaxtyping dimension ``int()`` rejects (``"²"``), a size of more than 4,300 digits (the
int-to-str limit), a 100,000-deep dimension expression and a deep string annotation. This module
writes programs around pieces of that kind (and their neighbours: null bytes, other Unicode
digits, huge exponents, deep nesting in every annotation family tensorls reads), each placed in a
parameter annotation, an annotated assignment or a size argument, followed by
:data:`KNOWN_ERROR`, a certain shape error whose line every analysis must still report.

CI runs the fuzz for a few seconds (``test_internal_errors``); run it at volume with
``python -m tests.reliability.hostile --seconds 600 --seed 1``.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from tensorls.analyses import AnalysisSettings, Severity, analyse

from ..fuzz_cli import fuzz_parser

KNOWN_ERROR = "_known = np.zeros((2, 3)) @ np.zeros((4, 5))\n"
"""A certain matmul error; :func:`known_error_line` gives its zero-based line."""

_DIGITS = ("0", "7", "²", "٣", "߂", "①", "１", "_", "9")
_NAME_PARTS = ("n", "batch", "_", "#b", "*b", "?", "...", "#*b", "*_", "d", "ß", "\u200b")


def _huge_number(rng: random.Random, *, literal: bool = False) -> str:
    """Digits of a huge number; a ``literal`` one stays within the 4,300 digits CPython's parser
    accepts (a longer literal is a syntax error)."""
    lengths = (19, 400, 4299) if literal else (19, 4300, 4301, 5000)
    return rng.choice("123456789") + "".join(
        rng.choice("0123456789") for _ in range(rng.choice(lengths))
    )


def _deep_expression(rng: random.Random) -> str:
    depth = rng.choice((50, 1_000, 100_000))
    shape = rng.randrange(4)
    if shape == 0:
        return "-" * depth + "n"
    if shape == 1:
        return "+".join(["n"] * depth)
    if shape == 2:
        return "(" * min(depth, 300) + "n" + ")" * min(depth, 300)
    return "n" + "*2" * depth


def _dimension(rng: random.Random) -> str:
    kind = rng.randrange(7)
    if kind == 0:
        return "".join(rng.choice(_DIGITS) for _ in range(rng.randint(1, 4)))
    if kind == 1:
        return _huge_number(rng)
    if kind == 2:
        return _deep_expression(rng)
    if kind == 3:
        return rng.choice(_NAME_PARTS) + rng.choice(("", "+1", "-1", "*2", "//2", "**2"))
    if kind == 4:
        return rng.choice(("\x00", "n\x00", "'", '"', "\\", "{n}", "n n", "1e9", "-3", "0x10"))
    if kind == 5:
        return str(rng.choice((0, 1, 2**31, 2**63, 2**64, 10**18, 10**19)))
    return rng.choice(_NAME_PARTS)


def _shape_string(rng: random.Random) -> str:
    return " ".join(_dimension(rng) for _ in range(rng.randint(1, 3)))


def _annotation(rng: random.Random) -> str:
    shape = repr(_shape_string(rng))
    kind = rng.randrange(6)
    if kind == 0:
        return f"Float[np.ndarray, {shape}]"
    if kind == 1:
        return repr(f"Float[np.ndarray, {shape}]")
    if kind == 2:
        depth = rng.choice((10, 500, 5_000, 100_000))
        return repr("list[" * depth + "int" + "]" * depth)
    if kind == 3:
        return repr("-" * rng.choice((100, 100_000)) + "1")
    if kind == 4:
        return f"NDArray[{rng.choice(('np.float32', 'Any', shape, '...'))}]"
    return f"TensorType[{', '.join(repr(_dimension(rng)) for _ in range(rng.randint(1, 3)))}]"


def _size(rng: random.Random) -> str:
    kind = rng.randrange(4)
    if kind == 0:
        return _huge_number(rng, literal=True)
    if kind == 1:
        return f"{rng.choice((2, 10))}**{rng.choice((62, 63, 64, 100, 5000, 20000))}"
    if kind == 2:
        return f"-{rng.choice((1, 2, 10**6))}"
    return f"int({_huge_number(rng)!r})"


HEADER = (
    "import numpy as np\n"
    "from typing import Any\n"
    "from jaxtyping import Float\n"
    "from numpy.typing import NDArray\n"
    "from torchtyping import TensorType\n"
)


def hostile_program(rng: random.Random) -> str:
    """One program: hostile pieces in 1-3 places, then :data:`KNOWN_ERROR` (last line)."""
    pieces: list[str] = []
    for _ in range(rng.randint(1, 3)):
        place = rng.randrange(4)
        if place == 0:
            pieces.append(f"def f{len(pieces)}(x: {_annotation(rng)}) -> None:\n    return None\n")
        elif place == 1:
            pieces.append(f"y{len(pieces)}: {_annotation(rng)} = np.zeros((2, 3))\n")
        elif place == 2:
            pieces.append(f"z{len(pieces)} = np.zeros(({_size(rng)}, 3))\n")
        else:
            pieces.append(
                f"def g{len(pieces)}() -> {_annotation(rng)}:\n    return np.ones(({_size(rng)},))\n"
            )
    return HEADER + "".join(pieces) + KNOWN_ERROR


def known_error_line(source: str) -> int:
    """The zero-based line of :data:`KNOWN_ERROR` in ``source``."""
    return source.count("\n") - 1


SETTINGS = AnalysisSettings(time_budget_ms=1000)


@dataclass
class Volume:
    programs: int = 0
    out_of_budget: int = 0


def check_hostile(source: str, volume: Volume) -> None:
    """Raise AssertionError unless ``source``'s analysis reports its known error and records no
    internal error (a program whose analysis ran out of budget is only counted)."""
    result = analyse(source, SETTINGS)
    volume.programs += 1
    if any(d.code == "analysis-budget" for d in result.diagnostics):
        volume.out_of_budget += 1
        return
    errors = {d.span.start.line for d in result.diagnostics if d.severity == Severity.ERROR}
    assert known_error_line(source) in errors, source[:2000]
    assert result.internal_errors == (), (result.internal_errors, source[:2000])


def run(seed: int, seconds: float, most: int | None = None) -> Volume:
    """Fuzz from ``seed`` for ``seconds`` (or ``most`` programs, whichever ends first)."""
    rng = random.Random(seed)
    volume = Volume()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and (most is None or volume.programs < most):
        check_hostile(hostile_program(rng), volume)
    return volume


def main() -> None:
    parser = fuzz_parser(__doc__)
    arguments = parser.parse_args()
    print(run(arguments.seed, arguments.seconds))


if __name__ == "__main__":
    main()
