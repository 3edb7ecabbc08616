"""Check that this tree's analysis results equal a baseline commit's, for a change that must not
alter any result (a speed-up): the equivalence oracle of issue 33. A command for developers, the
companion of ``regression_guard.py`` (which measures the same two trees' speed).

Usage (from the repository root):

    .venv/bin/python benchmarks/result_equivalence.py [--baseline main] [--groups corpus programs]

Each side runs in its own interpreter whose import path maps ``tensorls`` to that tree (as
``regression_guard`` does) and analyses the same programs, with the time budget lifted so that
the results do not depend on speed:

- ``corpus``: the benchmark corpus files ``script``, ``medium``, ``notebook`` and ``small``, and
  the first 3,000 lines of ``script-large``, each opened and then re-analysed incrementally
  after a statement typed at the end (through one ``DocumentCache``);
- ``programs``: every single-file program of the test suite (``tests/whole_program/programs``:
  the soundness corpus, guard programs, examples, bug programs, NumPy programs and the oracle
  cases of the TensorFlow and PyTorch tests).

For each result it compares the diagnostics, inlay hints, rewrite offers and internal errors,
and, at every position that recorded a value, the value's description, origin, inlay label and
representation, and the hover facts at the position's start and end. Object identities in
representations (heap addresses are ``id``-based, default ``repr``s show memory addresses) are
replaced by ``ID`` and the elements of
frozen sets sorted, so two runs of the same tree compare equal. Exit status 1 when some program
differs (the first differences are printed), else 0.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from regression_guard import ROOT, baseline_tree, import_folder

DUMP = r"""
import json, os, sys
import tensorls
assert tensorls.__file__.startswith(os.getcwd()), tensorls.__file__
sys.path.append(sys.argv[1])
sys.path.append(sys.argv[1] + "/benchmarks")
from tensorls.analyses import AnalysisSettings, Position, analyse
from tensorls.analyses.incremental import DocumentCache
settings = AnalysisSettings(time_budget_ms=600_000, memory_budget_mb=4096)
groups = sys.argv[3].split(",")

def facts(result):
    entry = {
        "diagnostics": [repr(item) for item in result.diagnostics],
        "inlay": [repr(item) for item in result.inlay_hints],
        "rewrites": [repr(item) for item in result.rewrites],
        "internal": [repr(item) for item in result.internal_errors],
        "syntax_ok": result.syntax_ok,
    }
    values = getattr(result.hovers, "values", None) or {}
    for key, value in sorted(values.items()):
        hovers = []
        for position in (Position(key[0] - 1, key[1]), Position(key[2] - 1, max(key[3] - 1, 0))):
            hover = result.hover_at(position)
            hovers.append(None if hover is None else [repr(hover.span), hover.markdown])
        entry[str(key)] = [
            value.describe(), repr(value.origin), value.inlay_label(), repr(value), hovers
        ]
    return entry

programs = []
if "corpus" in groups:
    from corpus_files import corpus_file
    for name in ("script", "medium", "notebook", "small"):
        programs.append((name, corpus_file(name).read_text(encoding="utf-8"), True))
    lines = corpus_file("script-large").read_text(encoding="utf-8").splitlines(keepends=True)
    programs.append(("script-large-3000", "".join(lines[:3000]), True))
if "programs" in groups:
    from tests.whole_program.programs import all_programs
    programs.extend((program.id, program.source, False) for program in all_programs())
results = {}
for name, source, edited in programs:
    cache = DocumentCache()
    results[name] = facts(analyse(source, settings, cache=cache))
    if edited:
        results[name + "+edit"] = facts(analyse(source + "edit_5 = 5.5 * 2\n", settings, cache=cache))
with open(sys.argv[2], "w", encoding="utf-8") as handle:
    json.dump(results, handle, sort_keys=True)
"""

IDENTITY = re.compile(r"-?\b\d{12,}\b|0x[0-9a-f]+")
FROZEN_SET = re.compile(r"frozenset\(\{([^{}]*)\}\)")


def canonical(entry: object) -> str:
    """``entry`` as JSON with object identities replaced and frozen sets' elements sorted."""
    text = IDENTITY.sub("ID", json.dumps(entry, sort_keys=True))
    return FROZEN_SET.sub(
        lambda match: (
            "frozenset({" + "|".join(sorted(match.group(1).strip("()").split("), ("))) + "})"
        ),
        text,
    )


def dump(folder: Path, groups: list[str], output: Path) -> dict[str, object]:
    completed = subprocess.run(
        [sys.executable, "-c", DUMP, str(ROOT), str(output), ",".join(groups)],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(folder), "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=False,
    )
    if completed.returncode != 0:
        raise SystemExit(f"analysing in {folder} failed:\n{completed.stderr[-4000:]}")
    return json.loads(output.read_text(encoding="utf-8"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default="main", help="commit to compare with (git revision)")
    parser.add_argument(
        "--groups", nargs="+", default=["corpus", "programs"], choices=["corpus", "programs"]
    )
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tensorls-equivalence-") as scratch_name:
        scratch = Path(scratch_name)
        baseline = baseline_tree(arguments.baseline, scratch)
        try:
            before = dump(
                import_folder(baseline, scratch / "b"), arguments.groups, scratch / "b.json"
            )
            after = dump(import_folder(ROOT, scratch / "c"), arguments.groups, scratch / "c.json")
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(baseline)],
                check=False,
            )
    differing = sorted(
        name
        for name in before.keys() | after.keys()
        if name not in before
        or name not in after
        or canonical(before[name]) != canonical(after[name])
    )
    for name in differing[:10]:
        old, new = before.get(name, {}), after.get(name, {})
        fields = sorted(
            field
            for field in old.keys() | new.keys()
            if canonical(old.get(field)) != canonical(new.get(field))
        )
        for field in fields[:3]:
            print(
                f"{name} {field}:\n  baseline {canonical(old.get(field))[:400]}\n  current  {canonical(new.get(field))[:400]}"
            )
    print(f"baseline {arguments.baseline}: {len(differing)} of {len(after)} results differ")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
