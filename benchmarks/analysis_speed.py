"""Time ``tensorls.analyses.analyse()`` directly on the corpus: cold, from scratch and incremental.

Usage (from the repository root):

    .venv/bin/python benchmarks/analysis_speed.py [--files small medium large] [--edits 24]

For each corpus file it reports the cold analysis time, then applies the same edits as
``lsp_latency.py`` (a float literal changed or a local renamed inside one function, spread over the
file, or, with ``--edit-kinds``, also typed at the end, a module-level literal and Enter near the
middle) and times each re-analysis twice: from scratch (no cache) and incrementally (with the
``DocumentCache`` the server keeps per document: re-parse of the edited statement, scope reuse,
call summaries). For the incremental runs it also prints how many top-level statements were
reused and how many calls were replayed (hits) or analysed (misses): the evidence that an edit
re-analyses only what depends on it. The analysis time budget is lifted (10 minutes) so that
every run analyses the whole file.

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

from corpus_files import CORPUS_FILES, corpus_file
from latency_edits import EDIT_KINDS, apply_changes, make_edit
from latency_report import percentile
from tensorls.analyses import AnalysisResult, AnalysisSettings, Position, analyse
from tensorls.analyses.incremental import DocumentCache


def timed(
    source: str, settings: AnalysisSettings, **options: object
) -> tuple[float, AnalysisResult]:
    """Milliseconds that ``analyse(source, settings, **options)`` took, including the hover and
    inlay-hint facts it derives on first use (the server derives them right after publishing the
    diagnostics), and its result."""
    started = time.perf_counter()
    result = analyse(source, settings, **options)
    result.hover_at(Position(0, 0))
    len(result.inlay_hints)
    return 1000 * (time.perf_counter() - started), result


def diagnostic_counts(result: AnalysisResult) -> str:
    counts = collections.Counter(
        f"{diagnostic.severity.label}:{diagnostic.code}" for diagnostic in result.diagnostics
    )
    return ", ".join(f"{key} x{count}" for key, count in sorted(counts.items())) or "none"


def summary(values: Sequence[float]) -> str:
    return f"median {statistics.median(values):8.1f} ms, p95 {percentile(values, 0.95):8.1f} ms"


def measure_file(path: Path, edits: int, settings: AnalysisSettings, kinds: Sequence[str]) -> None:
    source = path.read_text(encoding="utf-8")
    print(f"{path.name} ({source.count(chr(10)):,} lines)")
    cache = DocumentCache()
    cold_ms, result = timed(source, settings, cache=cache)
    print(f"  cold analysis           {cold_ms:10.1f} ms; diagnostics: {diagnostic_counts(result)}")
    scratch_ms: list[float] = []
    incremental_ms: list[float] = []
    calls: list[tuple[int, int]] = []
    reused: list[int] = []
    restored: list[int] = []
    by_kind: dict[str, list[float]] = collections.defaultdict(list)
    text = source
    for index in range(edits):
        edit = make_edit(text, index, edits, index + 2, kinds)
        text = apply_changes(text, edit.changes)
        elapsed, result = timed(text, settings)
        scratch_ms.append(elapsed)
        elapsed, incremental = timed(text, settings, cache=cache)
        incremental_ms.append(elapsed)
        by_kind[edit.kind].append(elapsed)
        restored.append(cache.checkpoints.restored)
        calls.append((cache.memo.hits, cache.memo.misses))
        reused.append(cache.last_reused)
        if incremental.diagnostics != result.diagnostics:
            print(f"  edit {index}: incremental and scratch diagnostics differ")
    statements = len(cache.tree.body) if cache.tree is not None else 0
    print(f"  from scratch            {summary(scratch_ms)} over {edits} edits")
    print(f"  incremental             {summary(incremental_ms)} over {edits} edits")
    print(
        f"  incremental / cold      {statistics.median(incremental_ms) / cold_ms:.3f}; "
        f"top-level statements reused: median {statistics.median(reused):.0f} of {statements}; "
        f"calls replayed / analysed: median {statistics.median(h for h, _ in calls):.0f} / "
        f"{statistics.median(m for _, m in calls):.0f}; module-level statements restored from"
        f" checkpoints: median {statistics.median(restored):.0f}"
    )
    for kind, values in by_kind.items():
        print(f"  incremental, {kind:<9s}  {summary(values)} over {len(values)} edits")
    print(f"  after the edits, diagnostics: {diagnostic_counts(result)}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--files", nargs="+", choices=sorted(CORPUS_FILES), default=["small", "medium", "large"]
    )
    parser.add_argument("--edits", type=int, default=24)
    parser.add_argument("--edit-kinds", nargs="+", choices=EDIT_KINDS, default=list(EDIT_KINDS))
    arguments = parser.parse_args(argv)
    settings = AnalysisSettings(time_budget_ms=600_000)
    analyse("import numpy as np\nx = np.zeros((2, 3)) + 1\n", settings)
    for size in arguments.files:
        measure_file(corpus_file(size), arguments.edits, settings, arguments.edit_kinds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
