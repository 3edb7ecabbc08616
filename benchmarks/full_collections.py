"""What the cyclic garbage collector's full collections cost analyses, as the server runs them.

Usage (from the repository root):

    .venv/bin/python benchmarks/full_collections.py [--files medium script-large] [--horovod]
        [--budget-ms 2000] [--analyses 3] [--freeze]

In one process with the server's modules loaded, each corpus file is analysed ``--analyses``
times with one ``DocumentCache`` (the first analysis is the open, each later one follows a
statement typed at the end), under the server's default time budget unless ``--budget-ms`` says
otherwise. Per analysis it prints the CPU time of ``analyse`` and the number and CPU time of the
full (generation 2) collections made during it (``gc.callbacks``), then the peak RSS of the
process. ``--horovod`` analyses the Horovod version of each file (as ``rank_checks_overhead``
builds it), so that the rank projections run too. ``--freeze`` calls ``freeze_survivors`` after the
import and after each analysis, as the server does once it has loaded the analyser and after each
delivery, and prints its CPU time and full collections too ("then"); without it, nothing runs
between analyses (the server before ``freeze_survivors``).
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tensorls.server.server  # noqa: F401  (the server process has its modules loaded)
from corpus_files import CORPUS_FILES, corpus_file
from rank_checks_overhead import horovod_version
from tensorls.analyses import AnalysisSettings, analyse
from tensorls.analyses.collector import freeze_survivors
from tensorls.analyses.incremental import DocumentCache


class FullCollections:
    """Counts the full collections and the CPU time they take (a ``gc.callbacks`` entry)."""

    def __init__(self) -> None:
        self.count = 0
        self.seconds = 0.0
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            self._started = time.process_time()
        else:
            self.count += 1
            self.seconds += time.process_time() - self._started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="+", default=["medium", "script-large"])
    parser.add_argument("--horovod", action="store_true")
    parser.add_argument("--budget-ms", type=int, default=AnalysisSettings().time_budget_ms)
    parser.add_argument("--analyses", type=int, default=3)
    parser.add_argument("--freeze", action="store_true")
    arguments = parser.parse_args()
    if arguments.freeze:
        freeze_survivors()
    settings = AnalysisSettings(time_budget_ms=arguments.budget_ms)
    collections = FullCollections()
    gc.callbacks.append(collections)
    for name in arguments.files:
        source = corpus_file(name).read_text()
        if arguments.horovod:
            source = horovod_version(source)
        cache = DocumentCache()
        rows = []
        for number in range(arguments.analyses):
            collections.count, collections.seconds = 0, 0.0
            start = time.process_time()
            analyse(source + f"\nedit_{number} = 5.5 * 2\n", settings, cache=cache)
            spent = (time.process_time() - start) * 1000
            row = (
                f"{spent:,.0f} ms (full collections: {collections.count},"
                f" {collections.seconds * 1000:,.0f} ms)"
            )
            if arguments.freeze:
                collections.count, collections.seconds = 0, 0.0
                start = time.process_time()
                freeze_survivors()
                spent = (time.process_time() - start) * 1000
                row += f" then {spent:,.0f} ms ({collections.count} full)"
            rows.append(row)
        print(f"{CORPUS_FILES[name]}: " + "; ".join(rows))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {peak:,.0f} MB")


if __name__ == "__main__":
    main()
