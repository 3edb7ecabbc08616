"""Incremental re-analysis gives exactly the result of analysing the new text from scratch.

A ``DocumentCache`` carries the tree, the scope table and the call summaries from one analysis of
a document to the next. These differential tests edit real programs (the benchmark corpus, the
examples, the soundness corpus) one edit at a time and compare, after every edit, the incremental
interpretation with a fresh one: the same diagnostics and, at every position, a value of the same
kind that describes the same (fresh analyses build new AST nodes, so values naming nodes, such as
functions, are compared through their description). They also show that the cache is used: an
edit inside one function re-analyses few calls.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from tensorls.analyses import AnalysisSettings, analyse
from tensorls.analyses.incremental import DocumentCache
from tensorls.analyses.interpreter import Interpretation, interpret
from tensorls.analyses.text import SourceText

from benchmarks.corpus_files import corpus_file

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = AnalysisSettings(time_budget_ms=600_000)
FLOAT = re.compile(r"(?<![\w.])(\d+\.\d+)(?![\w.])")
SOUNDNESS_CORPUS = sorted((ROOT / "tests" / "soundness" / "corpus").glob("*.py"))


def incremental(cache: DocumentCache, text: str) -> Interpretation:
    """What ``analyse(text, cache=cache)`` runs, keeping the interpretation for comparison."""
    parsed = cache.parse(text)
    memo = cache.begin(parsed, SETTINGS)
    return interpret(parsed.tree, SETTINGS, SourceText(text), memo=memo, scopes=parsed.scopes)


def normalised(interpretation: Interpretation) -> tuple[object, dict[object, tuple[str, str]]]:
    values = {
        position: (type(value).__name__, value.describe())
        for position, value in interpretation.expression_values.items()
    }
    return interpretation.diagnostics, values


def assert_same_as_scratch(cache: DocumentCache, text: str) -> Interpretation:
    result = incremental(cache, text)
    scratch = interpret(ast.parse(text), SETTINGS, SourceText(text))
    assert normalised(result) == normalised(scratch)
    return result


def function_bodies(text: str) -> list[tuple[int, int]]:
    """Line ranges (0-based, inclusive) of the bodies of functions, methods included."""
    ranges = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            ranges.append((node.body[0].lineno - 1, node.end_lineno - 1))  # type: ignore[operator]
    return sorted(ranges)


def literal_edit(text: str, rng: random.Random) -> str | None:
    """Scale one float literal inside a function body, or None when there is none."""
    lines = text.split("\n")
    candidates = [
        (index, match)
        for first, last in function_bodies(text)
        for index in range(first, last + 1)
        for match in FLOAT.finditer(lines[index])
    ]
    if not candidates:
        return None
    index, match = rng.choice(candidates)
    scaled = repr(float(match.group(1)) * 1.5)
    lines[index] = lines[index][: match.start()] + scaled + lines[index][match.end() :]
    return "\n".join(lines)


def line_insertion(text: str, rng: random.Random) -> str | None:
    """Insert a statement at the start of one function body (moves every line after it), or None
    when no function body takes one (a body on the line of its ``def``...)."""
    bodies = function_bodies(text)
    rng.shuffle(bodies)
    lines = text.split("\n")
    for first, _ in bodies:
        indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
        edited = "\n".join([*lines[:first], f"{indent}_inserted = 1.25", *lines[first:]])
        try:
            ast.parse(edited)
        except SyntaxError:
            continue
        return edited
    return None


def edit_sequence(text: str, seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for step in range(count):
        edited = (line_insertion if step % 3 == 2 else literal_edit)(text, rng)
        if edited is None:
            edited = line_insertion(text, rng)
        if edited is None:
            break
        texts.append(edited)
        text = edited
    return texts


def test_benchmark_corpus_edits_match_scratch_and_reuse_summaries() -> None:
    text = corpus_file("small").read_text(encoding="utf-8")
    cache = DocumentCache()
    cold = incremental(cache, text)
    assert not cold.budget_exceeded
    calls_cold = cache.memo.misses
    for edited in edit_sequence(text, seed=5, count=9):
        assert_same_as_scratch(cache, edited)
        assert cache.last_reused >= len(ast.parse(edited).body) - 1
        assert cache.memo.hits > 0
        assert cache.memo.misses < calls_cold


@pytest.mark.parametrize("path", sorted((ROOT / "examples").rglob("*.py")), ids=lambda p: p.name)
def test_example_edits_match_scratch(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    cache = DocumentCache()
    incremental(cache, text)
    for edited in edit_sequence(text, seed=len(text), count=4):
        assert_same_as_scratch(cache, edited)


@pytest.mark.parametrize("chunk", range(4))
def test_soundness_corpus_edits_match_scratch(chunk: int) -> None:
    for path in SOUNDNESS_CORPUS[chunk::4]:
        text = path.read_text(encoding="utf-8")
        cache = DocumentCache()
        assert_same_as_scratch(cache, text)
        assert_same_as_scratch(cache, text)
        for edited in edit_sequence(text, seed=len(text), count=3):
            assert_same_as_scratch(cache, edited)


def test_introducing_and_fixing_a_bug_incrementally() -> None:
    text = (ROOT / "examples" / "shapes" / "pca_symbolic.py").read_text(encoding="utf-8")
    cache = DocumentCache()
    buggy = assert_same_as_scratch(cache, text)
    assert any("matmul" in d.message for d in buggy.diagnostics)
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if line.strip().startswith("def "):
            lines.insert(index + 1, "    pass")
            break
    moved = "\n".join(lines)
    assert_same_as_scratch(cache, moved)
    assert not analyse("x = (\n" + moved, SETTINGS, cache=cache).syntax_ok
    assert_same_as_scratch(cache, moved)
    assert_same_as_scratch(cache, text)


def test_analyse_uses_the_cache_and_reports_syntax_errors_without_losing_it() -> None:
    text = (ROOT / "examples" / "shapes" / "attention_heads.py").read_text(encoding="utf-8")
    cache = DocumentCache()
    first = analyse(text, SETTINGS, cache=cache)
    broken = analyse(text + "\ndef (", SETTINGS, cache=cache)
    assert not broken.syntax_ok
    again = analyse(text, SETTINGS, cache=cache)
    assert again.diagnostics == first.diagnostics
    assert cache.checkpoints.restored == len(ast.parse(text).body)


TRICKY_PROGRAMS = {
    "failure_swallowed_by_a_loop_pass": (
        "import sys\n"
        "\n"
        "def f(xs):\n"
        "    for x in xs:\n"
        "        if x == 2:\n"
        '            1 + "a"\n'
        "    return 0\n"
        "\n"
        "L = [1, 2, 3]\n"
        "if sys.argv:\n"
        "    f(L)\n"
        "if sys.argv:\n"
        "    f(L)\n"
    ),
    "recursion_and_mutual_recursion": (
        "def even(n):\n"
        "    return True if n == 0 else odd(n - 1)\n"
        "\n"
        "def odd(n):\n"
        "    return False if n == 0 else even(n - 1)\n"
        "\n"
        "def fact(n):\n"
        "    return 1 if n <= 1 else n * fact(n - 1)\n"
        "\n"
        "a = even(4), odd(3), fact(5), fact(5)\n"
    ),
    "module_state_and_closures": (
        "counter = 0\n"
        "log = []\n"
        "\n"
        "def bump(step):\n"
        "    global counter\n"
        "    counter += step\n"
        "    log.append(counter)\n"
        "    def read():\n"
        "        return counter + step\n"
        "    return read\n"
        "\n"
        "r1 = bump(1)\n"
        "r2 = bump(1)\n"
        "total = r1() + r2() + len(log)\n"
        "log.pop()\n"
        "r3 = bump(1)\n"
    ),
    "instances_mutated_by_methods": (
        "import numpy as np\n"
        "\n"
        "class Model:\n"
        "    def __init__(self, n):\n"
        "        self.w = np.zeros((n, 3))\n"
        "        self.steps = []\n"
        "\n"
        "    def step(self, x):\n"
        "        self.steps.append(x.shape)\n"
        "        self.w = self.w - 0.5 * x.T @ (x @ self.w)\n"
        "        return self.w\n"
        "\n"
        "m = Model(4)\n"
        "x = np.ones((8, 4))\n"
        "for _ in range(3):\n"
        "    m.step(x)\n"
        "bad = m.step(np.ones((8, 5)))\n"
    ),
    "handlers_and_generators": (
        "def parse(text):\n"
        "    try:\n"
        "        return int(text)\n"
        "    except ValueError:\n"
        "        return None\n"
        "\n"
        "def gen(n):\n"
        "    for i in range(n):\n"
        "        yield parse(str(i))\n"
        "\n"
        "values = [parse('1'), parse('x'), sum(gen(3))]\n"
        "try:\n"
        "    parse(None)\n"
        "except TypeError:\n"
        "    pass\n"
    ),
}


@pytest.mark.parametrize("name", sorted(TRICKY_PROGRAMS))
def test_tricky_programs_reanalysed_and_edited_match_scratch(name: str) -> None:
    text = TRICKY_PROGRAMS[name]
    cache = DocumentCache()
    assert_same_as_scratch(cache, text)
    assert_same_as_scratch(cache, text)
    for edited in edit_sequence(text, seed=3, count=3):
        assert_same_as_scratch(cache, edited)
        assert_same_as_scratch(cache, edited)
    assert_same_as_scratch(cache, text.replace("\n\n", "\n\n\n", 1))
