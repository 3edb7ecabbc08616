"""Time ``tensorls.analyses.analyse()`` directly on the corpus: cold, and re-analysis after edits.

Usage (from the repository root):

    .venv/bin/python benchmarks/analysis_speed.py [--files small medium large] [--edits 24]

For each corpus file it reports the cold analysis time, then applies the same edits as
``lsp_latency.py`` (a float literal changed or a local renamed inside one function, spread over the
file) and times each re-analysis. ``analyse()`` has no incremental cache yet (it takes no
``cache`` argument), so a re-analysis after a one-function edit costs about as much as the cold
analysis: the ratio printed shows it.

It also counts the diagnostics on the corpus by code: the corpus runs under real NumPy without an
error, so any error-severity diagnostic there is a false positive.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import time
from collections.abc import Sequence
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


def summary(values: Sequence[float]) -> str:
    return f"median {statistics.median(values):8.1f} ms, p95 {percentile(values, 0.95):8.1f} ms"


def measure_file(path: Path, edits: int, settings: AnalysisSettings) -> None:
    source = path.read_text(encoding="utf-8")
    print(f"{path.name} ({source.count(chr(10)):,} lines)")
    cold_ms, result = timed(source, settings)
    print(f"  cold analysis           {cold_ms:10.1f} ms; diagnostics: {diagnostic_counts(result)}")
    scratch_ms: list[float] = []
    text = source
    for index in range(edits):
        edit = make_edit(text, index, edits, index + 2)
        text = apply_changes(text, edit.changes)
        elapsed, result = timed(text, settings)
        scratch_ms.append(elapsed)
    print(f"  re-analysis after edits {summary(scratch_ms)} over {edits} edits")
    print(
        f"  re-analysis / cold      {statistics.median(scratch_ms) / cold_ms:.2f} "
        "(1.0 means nothing of the cold analysis was reused)"
    )
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
