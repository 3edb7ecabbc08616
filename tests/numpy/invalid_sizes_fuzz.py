"""A fuzzer of invalid sizes against real NumPy (issue 30, item 2).

Each program creates one array from random sizes (small ones, zero, negative ones, sizes out of
``npy_intp`` or too many bytes) through a random creating call (``zeros``, ``ones``, ``empty``,
``full``, ``random.rand``, ``random.randint``, ``tile``, ``broadcast_to``, ``reshape``,
``ones_like(shape=)``), then uses it on a later line, as the probe's snippets did. The program
runs under NumPy in a child process with its address space limited (a batch per child; a case
that crashes NumPy, as broadcasting views of out-of-range sizes can, or runs out of memory is
skipped) and is analysed. tensorls must report an error only on the line
NumPy fails at, with a message NumPy's contains, and nothing when NumPy runs it; a failure it
leaves unreported counts as missed (unknown is allowed).

Seeded; CI runs it for a few seconds. Run at volume with
``python -m tests.numpy.invalid_sizes_fuzz --seconds 600 --seed 1``.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from tensorls.analyses import Severity, analyse

from ..fuzz_cli import fuzz_parser

PRELUDE = "import numpy as np\n"
SMALL = ("0", "1", "2", "3", "5")
NEGATIVE = ("-1", "-4")
HUGE = ("2**62", "2**63", "10**20", "2**62 + 1")
USES = ("b = a + 1\n", "b = a.shape\n", "b = a.T @ a\n", "b = a + np.ones((3,))\n")


def _size(rng: random.Random) -> str:
    return rng.choice(rng.choice((SMALL, SMALL, NEGATIVE, HUGE)))


def _shape(rng: random.Random) -> str:
    sizes = [_size(rng) for _ in range(rng.randint(1, 3))]
    if len(sizes) == 1 and rng.random() < 0.5:
        return sizes[0]
    return "(" + ", ".join(sizes) + ("," if len(sizes) == 1 else "") + ")"


def creation(rng: random.Random) -> str:
    """One line creating ``a`` (after ``x = np.ones((2, 3))`` when it reads ``x``)."""
    shape = _shape(rng)
    kind = rng.randrange(10)
    if kind == 0:
        return f"a = np.zeros({shape})\n"
    if kind == 1:
        return f"a = np.ones({shape}, dtype=np.{rng.choice(('int8', 'float32', 'float64'))})\n"
    if kind == 2:
        return f"a = np.empty({shape})\n"
    if kind == 3:
        return f"a = np.full({shape}, 1.0)\n"
    if kind == 4:
        sizes = shape.strip("()").rstrip(",")
        return f"a = np.random.rand({sizes})\n"
    if kind == 5:
        return f"a = np.random.randint(0, 4, size={shape})\n"
    if kind == 6:
        return f"x = np.ones((2, 3))\na = np.tile(x, {shape})\n"
    if kind == 7:
        return f"x = np.ones((3,))\na = np.broadcast_to(x, {shape})\n"
    if kind == 8:
        return f"x = np.ones((6,))\na = x.reshape({shape})\n"
    return f"x = np.ones((2, 3))\na = np.ones_like(x, shape={shape})\n"


def program(rng: random.Random) -> str:
    return PRELUDE + creation(rng) + rng.choice(USES)


ROOT = Path(__file__).resolve().parents[2]
CHILD = "tests.numpy.invalid_sizes_fuzz"
CHILD_MEMORY = 2 * 1024**3
BATCH = 40
FILE_NAME = "fuzzed_size"


@dataclass
class Volume:
    programs: int = 0
    numpy_failed: int = 0
    reported: int = 0
    skipped: int = 0


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (CHILD_MEMORY, CHILD_MEMORY))


def run_batch(sources: list[str]) -> list[object]:
    """Each program's outcome under NumPy: None (it ran), ``[line, message]``, or ``"skip"``
    (out of memory, or NumPy crashed the child)."""
    outcomes: list[object] = []
    while len(outcomes) < len(sources):
        rest = sources[len(outcomes) :]
        completed = subprocess.run(
            [sys.executable, "-m", CHILD, "--child"],
            input=json.dumps(rest),
            capture_output=True,
            text=True,
            preexec_fn=_limit_memory,
            timeout=300,
            cwd=ROOT,
        )
        lines = completed.stdout.splitlines()
        if not lines and completed.returncode > 0:
            raise RuntimeError(f"the NumPy child failed: {completed.stderr[-2000:]}")
        outcomes.extend(json.loads(line) for line in lines)
        if len(lines) < len(rest):
            outcomes.append("skip")
    return outcomes


def _child() -> None:
    for source in json.loads(sys.stdin.read()):
        outcome: object = None
        try:
            exec(compile(source, FILE_NAME, "exec"), {"__name__": FILE_NAME})
        except MemoryError:
            outcome = "skip"
        except Exception as error:
            frames = traceback.extract_tb(error.__traceback__)
            lines = [frame.lineno for frame in frames if frame.filename == FILE_NAME]
            outcome = [lines[-1] if lines else 0, str(error)]
        print(json.dumps(outcome), flush=True)


def check(source: str, failure: object, volume: Volume) -> None:
    """Raise AssertionError when tensorls's errors disagree with NumPy's outcome."""
    if failure == "skip" or (isinstance(failure, list) and "Unable to allocate" in failure[1]):
        volume.skipped += 1
        return
    volume.programs += 1
    errors = [d for d in analyse(source).diagnostics if d.severity is Severity.ERROR]
    if failure is None:
        assert errors == [], (source, errors)
        return
    volume.numpy_failed += 1
    line, message = failure
    for error in errors:
        assert error.span.start.line + 1 == line, (source, error, failure)
        assert error.message in message, (source, error.message, message)
    volume.reported += bool(errors)


def run(seed: int, seconds: float) -> Volume:
    rng = random.Random(seed)
    volume = Volume()
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        sources = [program(rng) for _ in range(BATCH)]
        for source, failure in zip(sources, run_batch(sources), strict=True):
            check(source, failure, volume)
    return volume


def main() -> None:
    parser = fuzz_parser(__doc__)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        _child()
        return
    print(run(arguments.seed, arguments.seconds))


if __name__ == "__main__":
    main()
