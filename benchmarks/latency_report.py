"""What a latency run measured (``Measurement``) and the Markdown tables and checks made of it.

``Measurement`` is also the record of ``--json`` files (its fields, by name), read back by
``--baseline``. The tables: every measurement (``results_table``, with each edit kind's median and
p95), the ratios tensorls / each other server (``ratio_table``), the issue-17 targets checked
against tensorls' numbers (``targets_report``) and the diagnostics of the last version by code
(``diagnostics_report``). Percentiles are nearest-rank; a metric not measured shows as ``—``.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from corpus_files import LARGE_FILES
from latency_edits import EDIT_KINDS
from lsp_servers import TOOLS


@dataclass
class Measurement:
    """What one server did on one file."""

    server: str
    file: str
    lines: int
    initialize_ms: float = math.nan
    open_ms: float = math.nan
    """Open -> the first ``publishDiagnostics`` of version 1 (tensorls: possibly its early
    diagnostics, ``analyses.progress``)."""
    open_diagnostics: int = 0
    open_final_ms: float = math.nan
    """Open -> the last ``publishDiagnostics`` of version 1 (its analysis's result)."""
    open_final_diagnostics: int = 0
    open_publishes: int = 0
    """How many ``publishDiagnostics`` answered version 1 (more than 1: early ones first)."""
    change_ms: list[float] = field(default_factory=list)
    change_kinds: list[str] = field(default_factory=list)
    """The kind of each edit of ``change_ms`` (see ``EDIT_KINDS``)."""
    last_diagnostics: int = 0
    last_codes: dict[str, int] = field(default_factory=dict)
    hover_ms: list[float] = field(default_factory=list)
    hovers_answered: int = 0
    peak_rss_mb: float = math.nan
    error: str | None = None
    started_utc: str = ""
    load_average: float = math.nan


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (p95 of 24 values is the 23rd smallest)."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(math.ceil(fraction * len(ordered)) - 1, 0)]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else math.nan


def format_ms(value: float) -> str:
    return "—" if math.isnan(value) else f"{value:,.1f}"


def ratio(ours: float, theirs: float) -> str:
    if math.isnan(ours) or math.isnan(theirs) or theirs == 0:
        return "—"
    return f"{ours / theirs:.3f}"


def results_table(measurements: list[Measurement]) -> str:
    """A Markdown table of every measurement."""
    rows = [
        "| file | lines | server | init ms | open→diag ms | open→final diag ms | "
        "change→diag median ms | "
        "change→diag p95 ms | edits | hover median ms | hover p95 ms | hovers answered | peak RSS MB | "
        "diagnostics (open first→final/last) | started UTC (load) |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    kinds_rows = [
        "| file | server | " + " | ".join(f"{kind} median / p95 ms" for kind in EDIT_KINDS) + " |",
        "|---|---|" + "---:|" * len(EDIT_KINDS),
    ]
    for m in measurements:
        rows.append(
            f"| {m.file} | {m.lines:,} | {m.server} | {format_ms(m.initialize_ms)} | "
            f"{format_ms(m.open_ms)} | {format_ms(m.open_final_ms)} ({m.open_publishes}) | "
            f"{format_ms(median(m.change_ms))} | "
            f"{format_ms(percentile(m.change_ms, 0.95))} | {len(m.change_ms)} | "
            f"{format_ms(median(m.hover_ms))} | "
            f"{format_ms(percentile(m.hover_ms, 0.95))} | {m.hovers_answered}/{len(m.hover_ms)} | "
            f"{format_ms(m.peak_rss_mb)} | "
            f"{m.open_diagnostics}→{m.open_final_diagnostics}/{m.last_diagnostics} | "
            f"{m.started_utc} ({m.load_average:.1f}) |"
        )
        by_kind = [
            [ms for ms, kind in zip(m.change_ms, m.change_kinds, strict=False) if kind == wanted]
            for wanted in EDIT_KINDS
        ]
        kinds_rows.append(
            f"| {m.file} | {m.server} | "
            + " | ".join(
                f"{format_ms(median(values))} / {format_ms(percentile(values, 0.95))} ({len(values)})"
                for values in by_kind
            )
            + " |"
        )
    return (
        "\n".join(rows) + "\n\nChange→diagnostics by edit kind (edits):\n\n" + "\n".join(kinds_rows)
    )


def diagnostics_report(measurements: list[Measurement]) -> str:
    """Diagnostics of the last version per server and file, by severity and code.

    The corpus runs under real NumPy, so an error-severity diagnostic from tensorls is a false
    positive.
    """
    lines = ["Diagnostics on the last version (severity:code x count):"]
    for m in measurements:
        codes = ", ".join(f"{code} x{count}" for code, count in sorted(m.last_codes.items()))
        lines.append(f"- {m.server} on {m.file}: {codes or 'none'}")
    return "\n".join(lines)


def ratio_table(measurements: list[Measurement]) -> str:
    """tensorls / each other server, per metric and file (below 1: tensorls is faster/smaller)."""
    by_key = {(m.server, m.file): m for m in measurements}
    rows = [
        "| file | other server | open→diag | open→final diag | change→diag median"
        " | change→diag p95 | hover median | peak RSS |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for file in dict.fromkeys(m.file for m in measurements):
        ours = by_key.get(("tensorls", file))
        for other in TOOLS:
            theirs = by_key.get((other, file))
            if ours is None or theirs is None:
                continue
            rows.append(
                f"| {file} | {other} | {ratio(ours.open_ms, theirs.open_ms)} | "
                f"{ratio(ours.open_final_ms, theirs.open_final_ms)} | "
                f"{ratio(median(ours.change_ms), median(theirs.change_ms))} | "
                f"{ratio(percentile(ours.change_ms, 0.95), percentile(theirs.change_ms, 0.95))} | "
                f"{ratio(median(ours.hover_ms), median(theirs.hover_ms))} | "
                f"{ratio(ours.peak_rss_mb, theirs.peak_rss_mb)} |"
            )
    return "\n".join(rows)


def verdict(value: float, limit: float, unit: str) -> str:
    if math.isnan(value):
        return "not measured"
    if value <= limit:
        return f"met ({value:,.1f} {unit} ≤ {limit:,.1f} {unit})"
    return f"MISSED by {value - limit:,.1f} {unit} ({value / limit:.1f}× the limit of {limit:,.1f} {unit})"


def targets_report(measurements: list[Measurement]) -> str:
    """The targets of issue 17 (and issue 5's hover target), checked against tensorls' numbers."""
    by_key = {(m.server, m.file): m for m in measurements}
    lines = ["Targets (issue 17), tensorls:"]
    for m in measurements:
        if m.server != "tensorls":
            continue
        if m.file in LARGE_FILES:
            lines.append(
                f"- change→diag median on {m.file} ≤ 200 ms: "
                f"{verdict(median(m.change_ms), 200, 'ms')}"
            )
            lines.append(f"- peak RSS on {m.file} ≤ 300 MB: {verdict(m.peak_rss_mb, 300, 'MB')}")
        elif m.lines >= 2_000:
            lines.append(
                f"- change→diag median on {m.file} ≤ 50 ms: {verdict(median(m.change_ms), 50, 'ms')}"
            )
            lines.append(
                f"- change→diag p95 on {m.file} ≤ 150 ms: "
                f"{verdict(percentile(m.change_ms, 0.95), 150, 'ms')}"
            )
            ty = by_key.get(("ty", m.file))
            if ty is not None:
                lines.append(
                    f"- open→diag on {m.file} ≤ 1.5 × ty's {format_ms(ty.open_ms)} ms: "
                    f"{verdict(m.open_ms, 1.5 * ty.open_ms, 'ms')}"
                )
        lines.append(
            f"- hover median on {m.file} ≤ 10 ms: {verdict(median(m.hover_ms), 10, 'ms')}; "
            f"p95: {format_ms(percentile(m.hover_ms, 0.95))} ms"
        )
    return "\n".join(lines)
