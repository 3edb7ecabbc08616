"""A differential fuzzer of incremental re-analysis: after every edit, the cached result must be
the from-scratch one.

Each run takes seed programs (the soundness corpus, the examples, the NumPy programs with their
injected bugs, and small programs below whose failures carry "called from here" locations), edits
each one by random small steps (blank lines inserted, deleted or moved to the top, lines moved,
duplicated, swapped, deleted or indented, statements and calls inserted, constants changed,
syntax errors made and then fixed), analyses every version with one ``DocumentCache`` and without
one, and compares everything an ``AnalysisResult`` exposes: the diagnostics with their related
locations and messages, the hover at the start, a middle point and the end of every expression
that has a value, the inlay hints (of every window of three lines, then of the whole module),
the rewrite offers and ``syntax_ok``. Every other version's
hovers and inlay hints are first asked for only after the next version was analysed with the
cache (as a server answers from the last result while the next one is analysed): re-parsing the
next version moves the nodes of the statements after the edit in place.

Seeded and bounded by the number of versions: the same seed and count analyse the same versions.
Run at volume with ``python -m tests.interpreter.incremental_fuzz --versions 10000 --seed 1``.
"""

from __future__ import annotations

import argparse
import json
import keyword
import random
import re
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tensorls.analyses import AnalysisResult, AnalysisSettings, Position, analyse
from tensorls.analyses.incremental import DocumentCache
from tensorls.analyses.interpreter.core.hovers import RecordedFacts
from tensorls.analyses.text import SourceText

from benchmarks.corpus_files import corpus_file

from ..numpy.programs import PROGRAMS
from .test_incremental import TRICKY_PROGRAMS

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = {
    mode: AnalysisSettings(mode=mode, time_budget_ms=600_000) for mode in ("certain", "possible")
}
"""A budget no seed program comes near: running out of time is not deterministic."""

CALLERS = {
    "one_failing_caller": 'def f(x):\n    return x + 1\n\nf(1)\nf("a")\n',
    "chain_of_calls": (
        "import numpy as np\n"
        "\n"
        "def inner(a, b):\n"
        "    return a @ b\n"
        "\n"
        "def middle(a, b):\n"
        "    return inner(a, b) + 1\n"
        "\n"
        "def outer(n):\n"
        "    a = np.ones((n, 3))\n"
        "    b = np.ones((4, 2))\n"
        "    return middle(a, b)\n"
        "\n"
        "ok = middle(np.ones((2, 3)), np.ones((3, 2)))\n"
        "r = outer(2)\n"
        "r2 = outer(5)\n"
    ),
    "methods_and_loops": (
        "import numpy as np\n"
        "\n"
        "class Layer:\n"
        "    def __init__(self, n, m):\n"
        "        self.w = np.zeros((n, m))\n"
        "\n"
        "    def forward(self, x):\n"
        "        return x @ self.w\n"
        "\n"
        "def build(sizes):\n"
        "    layers = []\n"
        "    for n, m in zip(sizes, sizes[1:]):\n"
        "        layers.append(Layer(n, m))\n"
        "    return layers\n"
        "\n"
        "net = build([4, 3, 2])\n"
        "x = np.ones((5, 4))\n"
        "for layer in net:\n"
        "    x = layer.forward(x)\n"
        "bad = Layer(3, 2).forward(np.ones((5, 4)))\n"
    ),
    "module_state": (
        "total = 0\n"
        'items = [1, 2, "x"]\n'
        "\n"
        "def add(v):\n"
        "    global total\n"
        "    total = total + v\n"
        "    return total\n"
        "\n"
        "for i in range(3):\n"
        "    add(i)\n"
        'add("s")\n'
        "print(total, items)\n"
    ),
    "shapes_established_elsewhere": (
        "import numpy as np\n"
        "\n"
        "def project(x, w):\n"
        "    h = x @ w\n"
        "    return h.sum(axis=1)\n"
        "\n"
        "def run(n):\n"
        "    x = np.ones((n, 4))\n"
        "    w = np.ones((3, 2))\n"
        "    return project(x, w)\n"
        "\n"
        "a = project(np.ones((2, 3)), np.ones((3, 5)))\n"
        "b = run(2)\n"
        "c = run(2)\n"
    ),
}

MODULE_SCRIPTS = {
    "module_level_training": (
        "import numpy as np\n"
        "\n"
        "rng = np.random.default_rng(0)\n"
        "x = rng.normal(size=(64, 8))\n"
        "y = (x[:, 0] > 0).astype(float).reshape(-1, 1)\n"
        "w1 = rng.normal(size=(8, 16)) * 0.1\n"
        "w2 = rng.normal(size=(16, 1)) * 0.1\n"
        "history = {'loss': []}\n"
        "\n"
        "def sigmoid(z):\n"
        "    return 1.0 / (1.0 + np.exp(-z))\n"
        "\n"
        "for epoch in range(3):\n"
        "    h = np.maximum(x @ w1, 0.0)\n"
        "    p = sigmoid(h @ w2)\n"
        "    loss = float(np.mean((p - y) ** 2))\n"
        "    history['loss'].append(loss)\n"
        "    grad = (p - y) * p * (1 - p)\n"
        "    w2 = w2 - 0.1 * h.T @ grad\n"
        "    w1 = w1 - 0.1 * x.T @ ((grad @ w2.T) * (h > 0))\n"
        "\n"
        "best = min(history['loss'])\n"
        "scores = sigmoid(np.maximum(x @ w1, 0.0) @ w2)\n"
        "batches = [x[i : i + 16] for i in range(0, 64, 16)]\n"
        "for batch in batches:\n"
        "    out = batch @ w1\n"
        "summary = {'best': best, 'shape': scores.shape}\n"
        "print(summary)\n"
    ),
    "module_level_state": (
        "import numpy as np\n"
        "\n"
        "counts = []\n"
        "total = 0\n"
        "class Meter:\n"
        "    def __init__(self):\n"
        "        self.values = []\n"
        "    def add(self, v):\n"
        "        self.values.append(v)\n"
        "        return len(self.values)\n"
        "meter = Meter()\n"
        "for i in range(4):\n"
        "    total = total + i\n"
        "    counts.append(meter.add(np.ones((i + 1, 2))))\n"
        "if total > 3:\n"
        "    limit = total\n"
        "last = counts[-1]\n"
        "grid = np.zeros((total, 2)) + np.ones((2,))\n"
        "print(limit, last, grid.shape)\n"
    ),
    "batch_generators": (
        "import numpy as np\n"
        "\n"
        "def batches(x, y, batch_size):\n"
        "    for start in range(0, len(x), batch_size):\n"
        "        yield x[start:start + batch_size], y[start:start + batch_size]\n"
        "\n"
        "def epochs(x, y, count):\n"
        "    for _ in range(count):\n"
        "        yield from batches(x, y, 16)\n"
        "\n"
        "def train(x, y, w):\n"
        "    seen = []\n"
        "    for step, (xb, yb) in enumerate(epochs(x, y, 2)):\n"
        "        out = xb @ w\n"
        "        seen.append(out.shape[0])\n"
        "        if step > 5:\n"
        "            break\n"
        "    return out, seen\n"
        "\n"
        "x = np.ones((40, 8))\n"
        "y = np.zeros(40)\n"
        "out, seen = train(x, y, np.ones((8, 3)))\n"
        "first = next(batches(x, y, 10))\n"
        "every = list(batches(x, y, 12))\n"
        "for xb, yb in batches(x, y, 32):\n"
        "    z = xb.reshape(32, 8)\n"
    ),
}


def seed_programs() -> dict[str, str]:
    """The programs the fuzzer edits, by name."""
    seeds = dict(CALLERS)
    seeds.update(MODULE_SCRIPTS)
    seeds.update(TRICKY_PROGRAMS)
    seeds["benchmarks/ml_small.py"] = corpus_file("small").read_text(encoding="utf-8")
    for path in sorted((ROOT / "tests" / "soundness" / "corpus").glob("*.py")):
        seeds[f"corpus/{path.name}"] = path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "examples").rglob("*.py")):
        seeds[f"examples/{path.name}"] = path.read_text(encoding="utf-8")
    for program in PROGRAMS:
        seeds[f"numpy/{program.name}"] = program.source
        for index, bug in enumerate(program.bugs):
            seeds[f"numpy/{program.name}-bug{index}"] = program.with_bug(bug)
    return seeds


# ------------------------------------------------------------------------------------ the edits

NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.])")
STRING = re.compile(r"\"[a-z ]*\"|'[a-z ]*'")
DEF = re.compile(r"^(\s*)def (\w+)\(([^)]*)\)")
STATEMENTS = (
    "pass",
    "x_new = 1",
    "x_new = 'a'",
    "x_new = [1, 2]",
    "print(x_new)",
    "y = 1 + 'a'",
    "y = None",
    "import numpy as np",
    "z = np.ones((2, 3)) @ np.ones((4, 5))",
    "z = np.zeros((3, 2))",
    "return None",
    "return 1",
    "global total",
    "for i in range(2):",
    "if x_new:",
    "else:",
    "try:",
    "except ValueError:",
    "while False:",
    "    pass",
)
ARGUMENTS = ("1", "'a'", "None", "[1, 2]", "(1, 2)", "np.ones((2, 3))", "2.5", "x", "self")
BROKEN = ("x = (", "def (", "if :", "    )", "return (1,", "break")
"""Lines that break a program: most do not parse; ``break`` outside a loop parses but does not
compile (the re-parse still moves the statements after it)."""

Lines = list[str]


def _indent_of(lines: Lines, index: int) -> str:
    """The indentation of the first non-blank line at or after ``index`` (else before it)."""
    for line in (*lines[index:], *reversed(lines[:index])):
        if line.strip():
            return line[: len(line) - len(line.lstrip())]
    return ""


def _blank_indices(lines: Lines) -> list[int]:
    return [i for i, line in enumerate(lines) if not line.strip()]


def insert_blank(lines: Lines, rng: random.Random) -> Lines | None:
    index = rng.randrange(len(lines) + 1)
    return [*lines[:index], "", *lines[index:]]


def delete_blank(lines: Lines, rng: random.Random) -> Lines | None:
    blanks = _blank_indices(lines)
    if not blanks:
        return None
    index = rng.choice(blanks)
    return [*lines[:index], *lines[index + 1 :]]


def blank_to_top(lines: Lines, rng: random.Random) -> Lines | None:
    blanks = _blank_indices(lines)
    if not blanks:
        return None
    index = rng.choice(blanks)
    return ["", *lines[:index], *lines[index + 1 :]]


def move_line(lines: Lines, rng: random.Random) -> Lines | None:
    if len(lines) < 2:
        return None
    moved = list(lines)
    line = moved.pop(rng.randrange(len(moved)))
    moved.insert(rng.randrange(len(moved) + 1), line)
    return moved


def swap_adjacent(lines: Lines, rng: random.Random) -> Lines | None:
    if len(lines) < 2:
        return None
    index = rng.randrange(len(lines) - 1)
    return [*lines[:index], lines[index + 1], lines[index], *lines[index + 2 :]]


def duplicate_line(lines: Lines, rng: random.Random) -> Lines | None:
    if not lines:
        return None
    index = rng.randrange(len(lines))
    target = rng.randrange(len(lines) + 1)
    copy = lines[index]
    if target != index + 1:
        copy = _indent_of(lines, target) + copy.lstrip()
    return [*lines[:target], copy, *lines[target:]]


def delete_line(lines: Lines, rng: random.Random) -> Lines | None:
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled:
        return None
    index = rng.choice(filled)
    return [*lines[:index], *lines[index + 1 :]]


def reindent_line(lines: Lines, rng: random.Random) -> Lines | None:
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled:
        return None
    index = rng.choice(filled)
    line = lines[index]
    changed = line[4:] if line.startswith("    ") and rng.random() < 0.6 else "    " + line
    return [*lines[:index], changed, *lines[index + 1 :]]


def insert_statement(lines: Lines, rng: random.Random) -> Lines | None:
    index = rng.randrange(len(lines) + 1)
    return [*lines[:index], _indent_of(lines, index) + rng.choice(STATEMENTS), *lines[index:]]


def insert_call(lines: Lines, rng: random.Random) -> Lines | None:
    """A call of a function defined in the file, at module level or in a function body."""
    functions = [match for line in lines if (match := DEF.match(line))]
    if not functions:
        return None
    match = rng.choice(functions)
    count = len([p for p in match.group(3).split(",") if p.strip() and p.strip() != "self"])
    call = f"{match.group(2)}({', '.join(rng.choice(ARGUMENTS) for _ in range(count))})"
    index = rng.randrange(len(lines) + 1)
    indent = "" if rng.random() < 0.5 else _indent_of(lines, index)
    return [*lines[:index], indent + rng.choice(("", "r_new = ")) + call, *lines[index:]]


def append_statement(lines: Lines, rng: random.Random) -> Lines | None:
    """A module-level statement typed at the end of the file (after its last non-blank line)."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    index = filled[-1] + 1 if filled else 0
    functions = [
        match.group(2) for line in lines if (match := DEF.match(line)) and not match.group(1)
    ]
    choices = [
        *STATEMENTS[:10],
        *(f"r_new = {name}({rng.choice(ARGUMENTS)})" for name in functions),
    ]
    return [*lines[:index], rng.choice(choices), *lines[index:]]


def edit_function_body(lines: Lines, rng: random.Random) -> Lines | None:
    """A statement inserted at the start of a function body, or one body line replaced."""
    bodies = [i + 1 for i, line in enumerate(lines) if DEF.match(line) and i + 1 < len(lines)]
    if not bodies:
        return None
    index = rng.choice(bodies)
    statement = _indent_of(lines, index) + rng.choice(STATEMENTS[:12])
    if rng.random() < 0.5:
        return [*lines[:index], statement, *lines[index:]]
    return [*lines[:index], statement, *lines[index + 1 :]]


def edit_constant(lines: Lines, rng: random.Random) -> Lines | None:
    found = [
        (index, match)
        for index, line in enumerate(lines)
        for pattern in (NUMBER, STRING)
        for match in pattern.finditer(line)
    ]
    if not found:
        return None
    index, match = rng.choice(found)
    if match.group().startswith(("'", '"')):
        replacement = rng.choice(("'ab'", "1", "None", "'x y'"))
    else:
        replacement = rng.choice(("0", "1", "2", "3", "5", "1.5", "'a'", "None"))
    line = lines[index]
    changed = line[: match.start()] + replacement + line[match.end() :]
    return [*lines[:index], changed, *lines[index + 1 :]]


IDENTIFIER = re.compile(r"\b[a-z_][a-z_0-9]*\b")
KEYWORDS = frozenset(keyword.kwlist) | {"print", "range", "len", "self", "np"}


def rename(lines: Lines, rng: random.Random) -> Lines | None:
    """Every occurrence of one name renamed (a binding and its uses, or a call of another
    function), in the whole file or on one line only."""
    names = sorted({m.group() for line in lines for m in IDENTIFIER.finditer(line)} - KEYWORDS)
    if not names:
        return None
    name = rng.choice(names)
    other = rng.choice([*names, name + "_2"])
    pattern = re.compile(rf"\b{name}\b")
    if rng.random() < 0.5:
        return [pattern.sub(other, line) for line in lines]
    index = rng.randrange(len(lines))
    return [*lines[:index], pattern.sub(other, lines[index]), *lines[index + 1 :]]


def wrap_in_try(lines: Lines, rng: random.Random) -> Lines | None:
    """One line put under ``try:`` with a handler (its failures may then be swallowed)."""
    filled = [i for i, line in enumerate(lines) if line.strip()]
    if not filled:
        return None
    index = rng.choice(filled)
    line = lines[index]
    indent = line[: len(line) - len(line.lstrip())]
    handler = rng.choice(("Exception", "ValueError", "TypeError"))
    wrapped = [
        f"{indent}try:",
        f"{indent}    {line.lstrip()}",
        f"{indent}except {handler}:",
        f"{indent}    pass",
    ]
    return [*lines[:index], *wrapped, *lines[index + 1 :]]


def break_syntax(lines: Lines, rng: random.Random) -> Lines | None:
    index = rng.randrange(len(lines) + 1)
    return [*lines[:index], _indent_of(lines, index) + rng.choice(BROKEN), *lines[index:]]


EDITS: tuple[tuple[Callable[[Lines, random.Random], Lines | None], int], ...] = (
    (insert_blank, 3),
    (delete_blank, 3),
    (blank_to_top, 2),
    (move_line, 3),
    (swap_adjacent, 2),
    (duplicate_line, 2),
    (delete_line, 2),
    (reindent_line, 1),
    (insert_statement, 2),
    (insert_call, 3),
    (append_statement, 2),
    (edit_function_body, 2),
    (edit_constant, 3),
    (rename, 2),
    (wrap_in_try, 1),
    (break_syntax, 1),
)


def _parses(text: str) -> bool:
    """Whether ``text`` parses and compiles (compiler warnings silenced)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(text, "<fuzz>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def versions(seed_text: str, rng: random.Random, count: int) -> Iterator[str]:
    """``count`` successive versions of ``seed_text``, each one random edit from the one before.

    A version that does not parse is most often followed by the last version that did (the
    syntax error fixed), so sequences mostly stay analysable; now and then an edit is undone,
    back to an earlier version (the cache may hold summaries of it).
    """
    functions, weights = zip(*EDITS, strict=True)
    text = last_parsed = seed_text
    earlier = [seed_text]
    for _ in range(count):
        if not _parses(text) and rng.random() < 0.7:
            text = last_parsed
        elif rng.random() < 0.05:
            text = rng.choice(earlier)
        else:
            edited = None
            while edited is None:
                edit = rng.choices(functions, weights)[0]
                edited = edit(text.split("\n"), rng)
            text = "\n".join(edited)
        if _parses(text):
            last_parsed = text
        earlier.append(text)
        yield text


# ------------------------------------------------------------------------------ the comparison


def exposed(result: AnalysisResult, probes: set[Position], lines: int) -> tuple[object, ...]:
    """Everything ``result`` tells a client, hovers asked at ``probes``, inlay hints asked for
    windows of three lines (first) and for the whole of the ``lines`` lines."""
    return (
        result.syntax_ok,
        result.diagnostics,
        tuple(tuple(result.inlay_hints_between(line, line + 2)) for line in range(0, lines, 3)),
        tuple(result.inlay_hints),
        result.rewrites,
        tuple((probe, result.hover_at(probe)) for probe in sorted(probes)),
    )


def hover_probes(result: AnalysisResult, text: SourceText) -> set[Position]:
    """The start and end of every expression ``result`` recorded a value for."""
    if not isinstance(result.hovers, RecordedFacts):
        return set()
    probes = set()
    for first_line, start, last_line, end in result.hovers.values:
        probes.add(Position(first_line - 1, text.character_from_utf8(first_line - 1, start)))
        probes.add(Position(last_line - 1, text.character_from_utf8(last_line - 1, end)))
        middle = (start + end) // 2 if first_line == last_line else start + 1
        probes.add(Position(first_line - 1, text.character_from_utf8(first_line - 1, middle)))
    return probes


@dataclass(frozen=True)
class Mismatch:
    """An incremental result that differs from the from-scratch one (or an analysis that raised)."""

    seed: str
    mode: str
    history: tuple[str, ...]
    """Every version analysed with the cache, the mismatching one last."""
    incremental: object
    scratch: object


@dataclass
class Analysed:
    """One version analysed with the cache and from scratch; the cached result's facts not read
    yet (see ``settle``)."""

    text: str
    cached: AnalysisResult | str
    """The result with the cache, or what its analysis raised."""
    fresh: AnalysisResult


def analysed(cache: DocumentCache, text: str, settings: AnalysisSettings) -> Analysed:
    """``text`` analysed with ``cache`` and from scratch, no hover or inlay hint asked yet."""
    try:
        cached: AnalysisResult | str = analyse(text, settings, cache=cache)
    except Exception as error:
        cached = f"raised {error!r}"
    return Analysed(text, cached, analyse(text, settings))


def settle(version: Analysed) -> tuple[object, object]:
    """The exposed facts of both results of ``version``: hovers at the start and end of every
    expression either recorded a value for, and at a middle point of each."""
    if isinstance(version.cached, str):
        return version.cached, None
    source = SourceText(version.text)
    probes = hover_probes(version.cached, source) | hover_probes(version.fresh, source)
    lines = len(source.lines)
    return exposed(version.cached, probes, lines), exposed(version.fresh, probes, lines)


def compare(cache: DocumentCache, text: str, settings: AnalysisSettings) -> tuple[object, object]:
    """The exposed facts of ``text`` analysed with ``cache`` and from scratch, asked at once."""
    return settle(analysed(cache, text, settings))


@dataclass
class Run:
    """The outcome of a fuzzing run, and what its versions exercised."""

    versions: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)
    broken: int = 0
    """Versions with a syntax error."""
    called_from: int = 0
    """Versions with a diagnostic related to a call site ("called from here")."""
    replayed: int = 0
    """Versions whose incremental analysis replayed call summaries."""
    restored: int = 0
    """Versions whose incremental analysis restored module-level checkpoints."""


def fuzz(seed: int, total_versions: int, edits_per_sequence: int = 12) -> Run:
    """Analyse ``total_versions`` versions: sequences of edits of random seed programs (half of
    them of the soundness corpus, half of the larger programs with more calls)."""
    rng = random.Random(seed)
    seeds = seed_programs()
    corpus = sorted(name for name in seeds if name.startswith("corpus/"))
    others = sorted(name for name in seeds if not name.startswith("corpus/"))
    run = Run()
    while run.versions < total_versions:
        name = rng.choice(corpus if rng.random() < 0.5 else others)
        mode = rng.choice(sorted(SETTINGS))
        settings = SETTINGS[mode]
        cache = DocumentCache()
        history = [seeds[name]]
        analyse(seeds[name], settings, cache=cache)
        count = min(edits_per_sequence, total_versions - run.versions)
        deferred: tuple[Analysed, tuple[str, ...]] | None = None
        for text in versions(seeds[name], rng, count):
            history.append(text)
            run.versions += 1
            version = analysed(cache, text, settings)
            _count(run, version.fresh, cache)
            earlier, deferred = deferred, None
            if earlier is not None and _mismatch(run, name, mode, *earlier):
                break
            if run.versions % 2:
                deferred = (version, tuple(history))
            elif _mismatch(run, name, mode, version, tuple(history)):
                break
        if deferred is not None:
            _mismatch(run, name, mode, *deferred)
    return run


def _mismatch(run: Run, name: str, mode: str, version: Analysed, history: tuple[str, ...]) -> bool:
    """Compare the facts of both results of ``version`` (every other version's only after the
    next version was analysed with the cache: re-parsing it moved the nodes the facts were
    recorded for); note a mismatch in ``run``."""
    cached, fresh = settle(version)
    if cached == fresh:
        return False
    run.mismatches.append(Mismatch(name, mode, history, cached, fresh))
    return True


def _count(run: Run, fresh: AnalysisResult, cache: DocumentCache) -> None:
    syntax_ok, diagnostics = fresh.syntax_ok, fresh.diagnostics
    run.broken += not syntax_ok
    run.called_from += any(
        related.message.startswith("called from here")
        for diagnostic in diagnostics
        for related in diagnostic.related
    )
    run.replayed += syntax_ok and cache.memo.hits > 0
    run.restored += syntax_ok and cache.checkpoints.restored > 0


def main(arguments: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--versions", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show", type=int, default=5, help="mismatches printed in full")
    parser.add_argument("--dump", type=Path, help="write the mismatching histories (JSON) here")
    options = parser.parse_args(arguments)
    started = time.perf_counter()
    run = fuzz(options.seed, options.versions)
    elapsed = time.perf_counter() - started
    print(
        f"seed {options.seed}: {run.versions} versions analysed, "
        f"{len(run.mismatches)} mismatches, {elapsed:.0f} s ({run.broken} with a syntax error, "
        f"{run.called_from} with a called-from-here location, {run.replayed} replaying summaries,"
        f" {run.restored} restoring checkpoints)"
    )
    for mismatch in run.mismatches[: options.show]:
        print(f"--- {mismatch.seed} ({mismatch.mode}), after {len(mismatch.history) - 1} edits")
        print("previous:", repr(mismatch.history[-2]))
        print("edited:  ", repr(mismatch.history[-1]))
        print("incremental:", mismatch.incremental)
        print("scratch:    ", mismatch.scratch)
    if options.dump is not None:
        histories = [{"seed": m.seed, "mode": m.mode, "history": m.history} for m in run.mismatches]
        options.dump.write_text(json.dumps(histories, indent=1), encoding="utf-8")
    return 1 if run.mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
