"""Code CPython's parser accepts but its compiler rejects (or that neither can handle, nested too
deeply) gets CPython's own error, at CPython's position, and ``tensorls check`` exits 1.

Each analysis runs in the reliability worker (a subprocess), so that a C stack overflow fails the
test instead of killing pytest. The oracle is CPython compiling the text in a fresh subprocess.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tensorls.analyses import analyse
from tensorls.analyses.incremental import DocumentCache

from .watchdog import AnalysisWorker

HANG_LIMIT_SECONDS = 60.0
ORACLE = """
import json, sys
text = sys.stdin.read()
try:
    compile(text, "<document>", "exec", dont_inherit=True)
    answer = None
except (SyntaxError, RecursionError, MemoryError) as error:
    message = error.msg if isinstance(error, SyntaxError) else (
        f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    )
    answer = {"message": message, "line": getattr(error, "lineno", None) or 1}
print(json.dumps(answer))
"""


def cpython_compile_error(source: str) -> dict[str, object] | None:
    """CPython's compile error for ``source`` (message and one-based line), None if it compiles."""
    completed = subprocess.run(
        [sys.executable, "-c", ORACLE],
        input=source,
        capture_output=True,
        text=True,
        timeout=HANG_LIMIT_SECONDS,
        check=True,
    )
    return json.loads(completed.stdout)


def nested_blocks(depth: int) -> str:
    lines = ["x = []"]
    for level in range(depth):
        lines.append("    " * level + f"for a{level} in x:")
    lines.append("    " * depth + "pass")
    return "\n".join(lines) + "\n"


REJECTED = {
    "100,000 nested unary operators": "x = " + "-" * 100_000 + "1\n",
    "5,000 nested unary operators": "x = 1\ny = " + "-" * 5_000 + "x\n",
    "3,000 nested not": "x = " + "not " * 3_000 + "1\n",
    "100,000 nested calls": "x = " + "f(" * 100_000 + ")" * 100_000 + "\n",
    "100,000 nested lists": "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
    "25 nested loops": nested_blocks(25),
    "nonlocal without binding": "def f():\n    nonlocal y\n",
    "nonlocal at module level": "x = 1\nnonlocal x\n",
    "return outside function": "def f():\n    return 1\nreturn 2\n",
    "break outside loop": "x = 1\nif x:\n    break\n",
    "await outside async function": "def f():\n    await g()\n",
    "duplicate argument": "def f(a, b, a):\n    pass\n",
    "late future import": "x = 1\nfrom __future__ import annotations\n",
    "assigned before global": "x = 1\ndef f():\n    x = 2\n    global x\n",
}
ACCEPTED = {
    "1,000 nested unary operators": "x = " + "-" * 1_000 + "1\n",
    "19 nested loops": nested_blocks(19),
    "nonlocal with binding": "def f():\n    y = 1\n    def g():\n        nonlocal y\n    return g\n",
}


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_cpythons_compile_error_is_reported(worker: AnalysisWorker, name: str) -> None:
    source = REJECTED[name]
    expected = cpython_compile_error(source)
    assert expected is not None
    answer = worker.analyse(source, 2000, HANG_LIMIT_SECONDS)
    (diagnostic,) = answer["diagnostics"]
    assert diagnostic["severity"] == "error"
    assert (diagnostic["message"], diagnostic["line"]) == (expected["message"], expected["line"])


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_code_cpython_compiles_gets_no_compile_error(worker: AnalysisWorker, name: str) -> None:
    source = ACCEPTED[name]
    assert cpython_compile_error(source) is None
    answer = worker.analyse(source, 2000, HANG_LIMIT_SECONDS)
    assert [d for d in answer["diagnostics"] if d["severity"] == "error"] == []


def test_check_exits_1_on_code_cpython_cannot_compile(tmp_path: Path) -> None:
    path = tmp_path / "deep.py"
    path.write_text(REJECTED["5,000 nested unary operators"] + "z = 1 + 'a'\n", encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, "-m", "tensorls", "check", str(path)],
        capture_output=True,
        text=True,
        timeout=HANG_LIMIT_SECONDS,
    )
    assert completed.returncode == 1
    assert "RecursionError: maximum recursion depth exceeded during compilation" in (
        completed.stdout
    )


def test_edits_are_compile_checked_like_the_whole_text() -> None:
    """With a ``DocumentCache`` only the re-parsed statements are compiled again; the result is the
    one of compiling the whole text, also for errors that involve unchanged statements."""
    base = (
        '"""Doc."""\nfrom __future__ import annotations\n\n'
        "def f():\n    y = 1\n    return y\n\n\ndef g():\n    return 2\n"
    )
    edits = [
        base,
        base.replace("    return 2\n", "    return 2\nreturn 3\n"),
        base,
        base.replace("    y = 1\n", "    nonlocal y\n"),
        base,
        "x = 1\n" + base,
        base,
        base + "global z\n",
        base + "z = 1\nglobal z\n",
        base,
        base.replace("def g():", "def g(a, a):"),
    ]
    cache = DocumentCache()
    reused = 0
    for text in edits:
        incremental = analyse(text, cache=cache)
        reused += cache.last_reused
        found = [
            (d.message, d.span.start.line + 1)
            for d in incremental.diagnostics
            if d.code == "syntax-error"
        ]
        try:
            compile(text, "<document>", "exec", dont_inherit=True)
            expected = []
        except SyntaxError as error:
            expected = [(error.msg, error.lineno)]
        assert found == expected, text
    assert reused > 0
