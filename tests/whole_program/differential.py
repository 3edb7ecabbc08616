"""The split-module differential: a program analysed whole and split in two must give the same
diagnostics and hovers.

Each program of ``programs.all_programs()`` is split by ``splitting.split`` into ``main.py`` and
``defs.py`` (positions kept: the original's position is the same position of ``main.py`` outside
the moved statements and of ``defs.py`` inside them). The original is analysed alone
(``analyse(source)``, as the single-file tests do); ``main.py`` and ``defs.py`` are each analysed
as a document of a ``Workspace`` whose reader serves the two in-memory files (so ``from defs
import ...`` resolves to ``defs.py`` beside ``main.py``). Settings: the default mode and a time
budget of ``TIME_BUDGET_MS`` so that a loaded machine never cuts an analysis short.

**Diagnostics.** Each diagnostic becomes a key ``(line, column, end line, end column, severity,
code, message)`` in the original's coordinates:

- the original's and ``defs.py``'s diagnostics as they are;
- ``main.py``'s as they are, except a failure inside a function of ``defs.py`` called from
  ``main.py`` or in ``defs.py``'s body run by its import: its message ends with
  `` (in NAME() of defs.py)`` or `` (in defs.py, imported here)``; that suffix is removed and its
  position is that of its related location in ``defs.py`` marked ``fails here`` (the failing
  line, where the single file reports it); related locations are otherwise not compared.

The keys of the original form one set, the keys of ``main.py`` and ``defs.py`` together another
(a failure ``defs.py`` reports on its own and ``main.py`` reports through a call is one key).
A key of the original that neither ``main.py`` nor ``defs.py`` has is a ``diagnostic-missing``
mismatch. A key of ``main.py`` the original lacks is a ``diagnostic-extra``; so is one of
``defs.py``, unless the original or ``main.py`` reports the same code with the same severity at
the same span: analysed alone, ``defs.py``'s functions are analysed with unknown arguments (no
call reaches them), and may word the same failure symbolically (``size d + 1 is different from
d`` where the program's call gives ``size 6 is different from 5``). The ``analysis-budget`` information and the Horovod detector's codes
(``horovod-*``, ``single-device-training``: a syntactic look at one file for its training loop,
which by design belongs to the file that holds the loop) are left out.

**Hovers.** For every name (``ast.Name``, read or written) of the main module outside the moved
statements, the hover at its first character in the original and in ``main.py`` must have the
same plain text. A difference is a ``hover`` mismatch. Hover texts are compared once ``line N of defs.py`` is
written ``line N`` (the lines are the same) and the `` (in defs.py)`` that hover adds to a
function, class or instance of another module is removed.

**Internal errors.** An internal error of the analysis of ``main.py`` or ``defs.py`` (where the
original's analysis had none) is an ``internal-error`` mismatch (detail: the exception's type).

Run ``python -m tests.whole_program.differential`` for the counts by group and kind; ``--update``
rewrites the checked-in list of known mismatches of the sample (``KNOWN_MISMATCHES``) that
``test_split_differential`` compares with; ``--all`` measures every splittable program instead of
the sample.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import re
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tensorls.analyses import AnalysisResult, AnalysisSettings, Diagnostic, Position, analyse
from tensorls.analyses.workspace import ModuleSearch, Workspace

from .programs import Program, all_programs
from .splitting import DEFS_MODULE, SplitProgram, split

TIME_BUDGET_MS = 30_000
SETTINGS = AnalysisSettings(time_budget_ms=TIME_BUDGET_MS)
EXCLUDED_CODES = ("analysis-budget", "horovod-", "single-device-training")
DEFS_FILE = f"{DEFS_MODULE}.py"
CALLED_IN_DEFS = re.compile(
    rf" \(in (?:[\w.<>]+\(\) of {re.escape(DEFS_FILE)}|{re.escape(DEFS_FILE)}, imported here)\)$"
)
LINE_OF_DEFS = re.compile(rf"(line \d+) of {re.escape(DEFS_FILE)}")
IN_DEFS = re.compile(rf" \(in {re.escape(DEFS_FILE)}\)")
ROOT = "/split-differential"
KNOWN_MISMATCHES = Path(__file__).resolve().parent / "known_mismatches.txt"
ORACLE_SAMPLE = {"tf-oracle": 40, "torch-oracle": 40}
"""How many splittable cases of each oracle group the sample takes (by the hash of their id):
those groups are thousands of small cases whose only definition is often the prelude's
``size``; every splittable program of the other groups is in the sample."""
KINDS = ("diagnostic-missing", "diagnostic-extra", "hover", "internal-error")
Key = tuple[int, int, int, int, int, str, str]


@dataclass(frozen=True, order=True)
class Mismatch:
    """One difference between the whole program and its split (1-based line and column)."""

    program: str
    kind: str
    line: int
    column: int
    detail: str
    """The diagnostic's code, or the hovered name."""

    def entry(self) -> str:
        """Its line in ``KNOWN_MISMATCHES``."""
        return f"{self.program}\t{self.kind}\t{self.line}:{self.column}\t{self.detail}"


def _excluded(diagnostic: Diagnostic) -> bool:
    return diagnostic.code.startswith(EXCLUDED_CODES)


def _key(diagnostic: Diagnostic, message: str | None = None, span: object = None) -> Key:
    where = span if span is not None else diagnostic.span
    return (
        where.start.line + 1,  # type: ignore[attr-defined]
        where.start.character + 1,  # type: ignore[attr-defined]
        where.end.line + 1,  # type: ignore[attr-defined]
        where.end.character + 1,  # type: ignore[attr-defined]
        int(diagnostic.severity),
        diagnostic.code,
        diagnostic.message if message is None else message,
    )


def _main_key(diagnostic: Diagnostic) -> Key:
    """The key of a diagnostic of ``main.py`` (see the module doc)."""
    found = CALLED_IN_DEFS.search(diagnostic.message)
    if found is None:
        return _key(diagnostic)
    message = diagnostic.message[: found.start()]
    for related in diagnostic.related:
        if (
            related.message == "fails here"
            and related.module is not None
            and related.module.endswith("/" + DEFS_FILE)
        ):
            return _key(diagnostic, message, related.span)
    return _key(diagnostic, message)


def _keys(diagnostics: Iterable[Diagnostic], main: bool = False) -> set[Key]:
    return {_main_key(item) if main else _key(item) for item in diagnostics if not _excluded(item)}


def hover_text(result: AnalysisResult, line: int, column: int) -> str | None:
    fact = result.hover_at(Position(line - 1, column - 1))
    if fact is None:
        return None
    return IN_DEFS.sub("", LINE_OF_DEFS.sub(r"\1", fact.plaintext))


def _main_names(source: str, moved_lines: frozenset[int]) -> list[tuple[int, int, str]]:
    tree = ast.parse(source)
    names = set()
    for statement in tree.body:
        if statement.lineno in moved_lines:
            continue
        for node in ast.walk(statement):
            if isinstance(node, ast.Name):
                names.add((node.lineno, node.col_offset + 1, node.id))
    return sorted(names)


def analyse_split(program: Program, parts: SplitProgram) -> tuple[AnalysisResult, AnalysisResult]:
    """The analyses of ``main.py`` and ``defs.py`` in a workspace holding just the two."""
    folder = f"{ROOT}/{hashlib.blake2b(program.id.encode(), digest_size=8).hexdigest()}"
    texts = {f"{folder}/main.py": parts.main, f"{folder}/{DEFS_FILE}": parts.defs}
    workspace = Workspace(ModuleSearch((), texts.get))
    main = analyse(parts.main, SETTINGS, workspace=workspace, path=f"{folder}/main.py")
    defs = analyse(parts.defs, SETTINGS, workspace=workspace, path=f"{folder}/{DEFS_FILE}")
    return main, defs


def mismatches(program: Program, parts: SplitProgram) -> list[Mismatch]:
    """Every difference between ``program`` analysed whole and split as ``parts``."""
    whole = analyse(program.source, SETTINGS)
    main, defs = analyse_split(program, parts)
    single = _keys(whole.diagnostics)
    in_main = _keys(main.diagnostics, main=True)
    in_defs = _keys(defs.diagnostics)
    places = {key[:6] for key in single | in_main}
    extra = (in_main - single) | {key for key in in_defs - single if key[:6] not in places}
    found = [
        Mismatch(program.id, kind, key[0], key[1], key[5])
        for kind, keys in (
            ("diagnostic-missing", single - in_main - in_defs),
            ("diagnostic-extra", extra),
        )
        for key in keys
    ]
    if not whole.internal_errors:
        for error in (*main.internal_errors, *defs.internal_errors):
            position = error.position
            found.append(
                Mismatch(
                    program.id,
                    "internal-error",
                    position.line + 1,
                    position.character + 1,
                    error.description.split(":")[0],
                )
            )
    for line, column, name in _main_names(program.source, parts.moved_lines):
        if hover_text(whole, line, column) != hover_text(main, line, column):
            found.append(Mismatch(program.id, "hover", line, column, name))
    return sorted(set(found))


def _rank(program: Program) -> str:
    return hashlib.blake2b(program.id.encode(), digest_size=8).hexdigest()


def splittable(programs: Sequence[Program]) -> list[tuple[Program, SplitProgram]]:
    """The programs that can be split, with their splits."""
    return [(program, parts) for program in programs if (parts := split(program.source))]


def sample(programs: Sequence[Program]) -> list[tuple[Program, SplitProgram]]:
    """Every splittable program but the oracle groups' cases, of which the first
    ``ORACLE_SAMPLE`` splittable ones of each group in the order of the hash of their id."""
    chosen = splittable([program for program in programs if program.group not in ORACLE_SAMPLE])
    for group, count in ORACLE_SAMPLE.items():
        members = sorted((program for program in programs if program.group == group), key=_rank)
        taken = 0
        for program in members:
            parts = split(program.source)
            if parts is not None and taken < count:
                chosen.append((program, parts))
                taken += 1
            if taken == count:
                break
    return chosen


def read_known(path: Path = KNOWN_MISMATCHES) -> set[str]:
    """The entries of the known-mismatch list (comment and blank lines left out)."""
    lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
    return {line for line in lines if line and not line.startswith("#")}


HEADER = """\
# Known mismatches of the split-module differential (tests/whole_program/differential.py) on the
# sample of test_split_differential: program, kind, line:column (original coordinates), detail.
# The whole-program analysis (issue 32) must empty this list. Rewrite it with
#     .venv/bin/python -m tests.whole_program.differential --update
"""


def write_known(found: Iterable[Mismatch], path: Path = KNOWN_MISMATCHES) -> None:
    path.write_text(HEADER + "".join(f"{item.entry()}\n" for item in sorted(found)), "utf-8")


def summary(
    programs: Sequence[Program],
    pairs: Sequence[tuple[Program, SplitProgram]],
    measured: Sequence[tuple[Program, SplitProgram]],
    found: Sequence[Mismatch],
) -> str:
    """A Markdown table by group: programs, splittable, measured, programs with a mismatch and
    mismatches by kind."""
    groups = list(dict.fromkeys(program.group for program in programs))
    group_of = {program.id: program.group for program in programs}
    failing = {item.program for item in found}
    table: dict[str, list[int]] = {}
    for group in groups:
        table[group] = [
            sum(program.group == group for program in programs),
            sum(program.group == group for program, _ in pairs),
            sum(program.group == group for program, _ in measured),
            sum(group_of[name] == group for name in failing),
            *(
                sum(group_of[i.program] == group and i.kind == kind for i in found)
                for kind in KINDS
            ),
        ]
    table["total"] = [sum(column) for column in zip(*table.values(), strict=True)]
    rows = [
        "| group | programs | splittable | measured | with a mismatch | "
        + " | ".join(KINDS)
        + " |",
        "|---|" + "---:|" * (4 + len(KINDS)),
    ]
    rows += [
        f"| {name} | " + " | ".join(f"{cell:,}" for cell in cells) + " |"
        for name, cells in table.items()
    ]
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="rewrite the known-mismatch list")
    parser.add_argument("--all", action="store_true", help="every splittable program")
    parser.add_argument("--only", nargs="*", default=(), help="groups to measure")
    parser.add_argument("--verbose", action="store_true", help="print every mismatch")
    arguments = parser.parse_args(argv)
    started = time.monotonic()
    programs = all_programs()
    pairs = splittable(programs)
    measured = list(pairs) if arguments.all else sample(programs)
    if arguments.only:
        measured = [pair for pair in measured if pair[0].group in arguments.only]
    found = [item for program, parts in measured for item in mismatches(program, parts)]
    if arguments.verbose:
        for item in found:
            print(item.entry())
    print(summary(programs, pairs, measured, found))
    print(f"{time.monotonic() - started:.1f} s", file=sys.stderr)
    if arguments.update:
        if arguments.all or arguments.only:
            parser.error("--update writes the list of the sample: leave out --all and --only")
        write_known(found)
    return 0


if __name__ == "__main__":
    sys.exit(main())
