"""What the rank checks add to an analysis.

Usage (from the repository root):

    .venv/bin/python benchmarks/rank_checks_overhead.py [--files small medium] [--repeats 5]

For each corpus file it times, fastest of ``--repeats`` interleaved runs with the time budget
lifted: the analysis of the file as it is and its rank checks alone (it imports no distribution library,
so the checks only look for one), the analysis of its Horovod version (``import horovod.tensorflow as hvd`` and
``hvd.init()`` in front, a rank-0-only print and an allreduce behind: the checks then run both
rank projections), and that version's rank checks alone (``check_ranks``: the two projections and
their comparison). Times are CPU times of this process (as the analysis budget counts them), so
a busy machine changes them little.
"""

from __future__ import annotations

import argparse
import ast
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corpus_files import corpus_file
from tensorls.analyses import AnalysisSettings, analyse
from tensorls.analyses.interpreter import interpret
from tensorls.analyses.ranks import check_ranks
from tensorls.analyses.text import SourceText

SETTINGS = AnalysisSettings(time_budget_ms=600_000, memory_budget_mb=4096)
HOROVOD_HEAD = "import horovod.tensorflow as hvd\n\nhvd.init()\n"
HOROVOD_TAIL = "\nif hvd.rank() == 0:\n    print('rank 0 reports')\ntotal = hvd.allreduce(1.0)\n"


def horovod_version(source: str) -> str:
    return HOROVOD_HEAD + source + HOROVOD_TAIL


def fastest(run: Callable[[], object], repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best * 1000


def checks_alone(source: str) -> None:
    tree = ast.parse(source)
    text = SourceText(source)
    ordinary = interpret(tree, SETTINGS, text)
    start = time.process_time()
    check_ranks(tree, text, SETTINGS, ordinary)
    checks_alone.last_ms = (time.process_time() - start) * 1000  # type: ignore[attr-defined]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="+", default=["small", "medium"])
    parser.add_argument("--repeats", type=int, default=5)
    arguments = parser.parse_args()
    print(
        "| file | lines | plain ms | its rank checks ms | Horovod version ms"
        " | its rank checks ms | added |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in arguments.files:
        path = corpus_file(name)
        source = path.read_text()
        distributed = horovod_version(source)
        plain = fastest(lambda source=source: analyse(source, SETTINGS), arguments.repeats)
        whole = fastest(
            lambda distributed=distributed: analyse(distributed, SETTINGS), arguments.repeats
        )
        tree, text = ast.parse(source), SourceText(source)
        plain_checks = fastest(
            lambda tree=tree, text=text: check_ranks(tree, text, SETTINGS, None), arguments.repeats
        )
        checks: list[float] = []
        for _ in range(arguments.repeats):
            checks_alone(distributed)
            checks.append(checks_alone.last_ms)  # type: ignore[attr-defined]
        lines = source.count("\n")
        print(
            f"| {path.name} | {lines:,} | {plain:,.1f} | {plain_checks:,.2f} | {whole:,.1f} |"
            f" {min(checks):,.1f} |"
            f" {min(checks) / plain:.2f}x |"
        )


if __name__ == "__main__":
    main()
