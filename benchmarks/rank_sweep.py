"""The rank checks on real distributed training scripts (issue 28): no false rank error.

Usage (from the repository root, with the project's virtual environment):

    .venv/bin/python benchmarks/rank_sweep.py [--mirror-root /work/.mirror] [--json OUT]

The corpus is ``benchmarks/rank_sweep_corpus.toml``: public repositories at pinned commits, read
from local git directories (``<mirror-root>/<owner>+<name>/repo``, as the ``fetch`` tool brings
them) and exported with ``git archive`` into ``${TENSORLS_CACHE_DIR:-~/.cache/tensorls}/
rank-sweep/`` once. Every ``.py`` file outside the excluded patterns that the rank checks would
project (it imports Horovod, ``torch.distributed``, Accelerate or Lightning and reads a rank) is
analysed in the default mode and in "possible" mode. The rank reports (``rank-divergent-
collective``, ``collective-mismatch``, ``rank-unbound-name``) are printed per file; the judged
list of the possible-mode warnings is ``benchmarks/rank_sweep_findings.md``. The exit status is 1
when the default mode makes any rank error (the corpus is code that runs as published).
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import tomllib
from tensorls.analyses import analyse
from tensorls.analyses.facts import AnalysisSettings
from tensorls.analyses.ranks import check_ranks
from tensorls.analyses.ranks.projections import has_rank_source, uses_distribution
from tensorls.analyses.text import SourceText

BENCHMARKS = Path(__file__).resolve().parent
CORPUS = BENCHMARKS / "rank_sweep_corpus.toml"
RANK_CODES = {
    "rank-divergent-collective",
    "collective-mismatch",
    "rank-unbound-name",
    "rank-file-divergence",
}


def cache_folder() -> Path:
    configured = os.environ.get("TENSORLS_CACHE_DIR")
    base = Path(configured) if configured else Path.home() / ".cache" / "tensorls"
    return base / "rank-sweep"


def exported_tree(name: str, commit: str, mirror_root: Path) -> Path:
    """The repository's ``.py`` files at ``commit``, exported once into the cache (a snapshot
    lacks its largest files, so files are read one by one and absent ones skipped)."""
    tree = cache_folder() / f"{name.replace('/', '+')}-{commit}"
    if (tree / ".complete").exists():
        return tree
    git = ["git", "--git-dir", str(mirror_root / name.replace("/", "+") / "repo")]
    listing = subprocess.run(
        [*git, "ls-tree", "-r", "-z", commit], capture_output=True, check=True, text=True
    ).stdout
    for entry in filter(None, listing.split("\0")):
        meta, path = entry.split("\t", 1)
        kind, blob = meta.split()[1:3]
        if kind != "blob" or not path.endswith(".py"):
            continue
        content = subprocess.run([*git, "cat-file", "blob", blob], capture_output=True)
        if content.returncode != 0:
            continue
        target = tree / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content.stdout)
    (tree / ".complete").write_text("")
    return tree


def distributed_scripts(tree: Path, exclude: list[str]) -> list[Path]:
    """The files the rank checks project, outside ``exclude``."""
    found = []
    for path in sorted(tree.rglob("*.py")):
        relative = path.relative_to(tree).as_posix()
        if any(fnmatch.fnmatch(relative, pattern) for pattern in exclude):
            continue
        source = path.read_text(encoding="utf-8", errors="replace")
        try:
            module = ast.parse(source)
        except SyntaxError:
            continue
        if has_rank_source(source) and uses_distribution(module):
            found.append(path)
    return found


def projected(source: str) -> bool:
    """Whether both rank projections of the module ran within the analysis budget (otherwise the
    checks report nothing for it)."""
    return bool(
        check_ranks(ast.parse(source), SourceText(source), AnalysisSettings(), None).projections
    )


def rank_reports(source: str, mode: str) -> list[tuple[int, str, str, str]]:
    result = analyse(source, AnalysisSettings(mode=mode))
    return [
        (d.span.start.line + 1, d.code, d.severity.name.lower(), d.message)
        for d in result.diagnostics
        if d.code in RANK_CODES
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror-root", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--json", type=Path)
    arguments = parser.parse_args()
    corpus = tomllib.loads(CORPUS.read_text())
    totals: Counter[str] = Counter()
    records = []
    print(
        "| repository | commit | scripts | lines | projected within budget"
        " | default-mode rank errors | possible-mode rank warnings |"
    )
    print("|---|---|---|---|---|---|---|")
    for repo in corpus["repo"]:
        tree = exported_tree(repo["name"], repo["commit"], arguments.mirror_root)
        scripts = distributed_scripts(tree, repo.get("exclude", []))
        counts: Counter[str] = Counter()
        for path in scripts:
            source = path.read_text(encoding="utf-8", errors="replace")
            counts["scripts"] += 1
            counts["lines"] += source.count("\n") + 1
            counts["projected"] += projected(source)
            relative = f"{repo['name']}/{path.relative_to(tree).as_posix()}"
            for mode in ("certain", "possible"):
                for line, code, severity, message in rank_reports(source, mode):
                    if mode == "possible" and severity == "error":
                        continue
                    counts["errors" if mode == "certain" else "warnings"] += 1
                    records.append(
                        {
                            "file": relative,
                            "line": line,
                            "code": code,
                            "mode": mode,
                            "severity": severity,
                            "message": message,
                        }
                    )
                    print(
                        f"  {mode}: {relative}:{line}: {severity} {code}: {message[:150]}",
                        file=sys.stderr,
                    )
        totals.update(counts)
        print(
            f"| {repo['name']} | {repo['commit'][:12]} | {counts['scripts']} | {counts['lines']}"
            f" | {counts['projected']} | {counts['errors']} | {counts['warnings']} |"
        )
    print(
        f"| total | | {totals['scripts']} | {totals['lines']} | {totals['projected']}"
        f" | {totals['errors']} | {totals['warnings']} |"
    )
    if arguments.json is not None:
        arguments.json.write_text(json.dumps(records, indent=1))
    return 1 if totals["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
