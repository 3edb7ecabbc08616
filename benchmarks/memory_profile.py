"""Where an open and a few edits of a corpus file leave the memory, in one process.

Usage (from the repository root):

    .venv/bin/python benchmarks/memory_profile.py [--files script-large large] [--analyses 4]
        [--budget-ms 60000] [--trace DEPTH] [--top 25]

Each file is analysed ``--analyses`` times with one ``DocumentCache`` (the open, then a statement
typed at the end each time), as ``full_collections`` does; the default budget is large so that
every analysis reaches the end of the file and the work, hence the memory, does not depend on
the load. Per analysis it prints the CPU time and the process's RSS and peak RSS; with
``--trace DEPTH`` it also prints, after the last analysis (its result alive), the largest
allocations still held, grouped by traceback of ``DEPTH`` frames (tracing slows the analyses
down about three times).
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tensorls.server.server  # noqa: F401  (the server process has its modules loaded)
from corpus_files import CORPUS_FILES, corpus_file
from tensorls.analyses import AnalysisSettings, analyse
from tensorls.analyses.incremental import DocumentCache


def rss_mb() -> float:
    """The resident set size of this process now, in MiB (Linux ``/proc``)."""
    resident_pages = int(Path("/proc/self/statm").read_text().split()[1])
    return resident_pages * resource.getpagesize() / 2**20


def peak_rss_mb() -> float:
    """The peak resident set size of this process, in MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="+", default=["script-large"])
    parser.add_argument("--analyses", type=int, default=4)
    parser.add_argument("--budget-ms", type=int, default=60_000)
    parser.add_argument("--trace", type=int, default=0, metavar="DEPTH")
    parser.add_argument("--top", type=int, default=25)
    arguments = parser.parse_args()
    settings = AnalysisSettings(time_budget_ms=arguments.budget_ms)
    print(f"after imports: RSS {rss_mb():,.1f} MB")
    if arguments.trace:
        tracemalloc.start(arguments.trace)
    for name in arguments.files:
        source = corpus_file(name).read_text()
        cache = DocumentCache()
        result = None
        for number in range(arguments.analyses):
            start = time.process_time()
            result = analyse(source + f"\nedit_{number} = 5.5 * 2\n", settings, cache=cache)
            spent = (time.process_time() - start) * 1000
            print(
                f"{CORPUS_FILES[name]} analysis {number}: {spent:,.0f} ms,"
                f" RSS {rss_mb():,.1f} MB, peak {peak_rss_mb():,.1f} MB",
                flush=True,
            )
        gc.collect()
        if arguments.trace:
            held, _ = tracemalloc.get_traced_memory()
            print(f"traced and held with the last result alive: {held / 1e6:,.1f} MB")
            for statistic in tracemalloc.take_snapshot().statistics("traceback")[: arguments.top]:
                print(f"{statistic.size / 1e6:8.2f} MB {statistic.count:9,d} objects")
                for line in statistic.traceback.format():
                    print(f"    {line}")
        del result, cache
    print(f"peak RSS {peak_rss_mb():,.1f} MB")


if __name__ == "__main__":
    main()
