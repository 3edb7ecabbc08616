"""Time ``tensorls.analyses.analyse()`` directly on the corpus: cold, and re-analysis after edits.

Usage (from the repository root):

    .venv/bin/python benchmarks/analysis_speed.py [--files small medium large] [--edits 24]

For each corpus file it reports the cold analysis time, then applies the same edits as
``lsp_latency.py`` (a float literal changed or a local renamed inside one function, spread over the
file) and times each re-analysis twice: from scratch, and with the incremental cache
(``analyse(source, settings, cache=cache)``) when ``analyse`` accepts one. Re-analysis is
incremental when the cached times are well below the from-scratch ones; the cache's own counts of
re-analysed and reused definitions are printed when it exposes them.

It also counts the diagnostics on the corpus by code: the corpus runs under real NumPy without an
error, so any error-severity diagnostic there is a false positive.
"""

from __future__ import annotations

import argparse
import collections
import inspect
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lsp_latency import CORPUS, CORPUS_FILES, apply_changes, make_edit, percentile
from tensorls.analyses import AnalysisResult, AnalysisSettings, analyse


def timed(
    source: str, settings: AnalysisSettings, **options: object
) -> tuple[float, AnalysisResult]:
    """Milliseconds that ``analyse(source, settings, **options)`` took, and its result."""
    started = time.perf_counter()
    result = analyse(source, settings, **options)
    return 1000 * (time.perf_counter() - started), result


def diagnostic_counts(result: AnalysisResult) -> str:
    counts = collections.Counter(
        f"{diagnostic.severity.label}:{diagnostic.code}" for diagnostic in result.diagnostics
    )
    return ", ".join(f"{key} x{count}" for key, count in sorted(counts.items())) or "none"


def cache_factory() -> Callable[[], object] | None:
    """A constructor of the incremental cache when ``analyse`` takes one, else None."""
    if "cache" not in inspect.signature(analyse).parameters:
        return None
    from tensorls.analyses import AnalysisCache

    return AnalysisCache


def summary(values: Sequence[float]) -> str:
    return f"median {statistics.median(values):8.1f} ms, p95 {percentile(values, 0.95):8.1f} ms"


def measure_file(path: Path, edits: int, settings: AnalysisSettings) -> None:
    source = path.read_text(encoding="utf-8")
    print(f"{path.name} ({source.count(chr(10)):,} lines)")
    cold_ms, result = timed(source, settings)
    print(f"  cold analysis           {cold_ms:10.1f} ms; diagnostics: {diagnostic_counts(result)}")
    make_cache = cache_factory()
    cache = make_cache() if make_cache is not None else None
    if cache is not None:
        primed_ms, _ = timed(source, settings, cache=cache)
        print(f"  cold analysis, cache    {primed_ms:10.1f} ms (fills the cache)")
    scratch_ms: list[float] = []
    cached_ms: list[float] = []
    text = source
    for index in range(edits):
        edit = make_edit(text, index, edits, index + 2)
        text = apply_changes(text, edit.changes)
        elapsed, result = timed(text, settings)
        scratch_ms.append(elapsed)
        if cache is not None:
            elapsed, _ = timed(text, settings, cache=cache)
            cached_ms.append(elapsed)
    print(f"  re-analysis, scratch    {summary(scratch_ms)} over {edits} edits")
    if cached_ms:
        print(f"  re-analysis, cache      {summary(cached_ms)} over {edits} edits")
        print(
            f"  speed-up                {statistics.median(scratch_ms) / statistics.median(cached_ms):.1f}x (median)"
        )
    else:
        print("  re-analysis, cache      not measured: analyse() takes no cache argument")
    print(f"  after the edits, diagnostics: {diagnostic_counts(result)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--files", nargs="+", choices=sorted(CORPUS_FILES), default=["small", "medium", "large"]
    )
    parser.add_argument("--edits", type=int, default=24)
    arguments = parser.parse_args(argv)
    settings = AnalysisSettings()
    analyse("import numpy as np\nx = np.zeros((2, 3)) + 1\n", settings)
    for size in arguments.files:
        measure_file(CORPUS / CORPUS_FILES[size], arguments.edits, settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
