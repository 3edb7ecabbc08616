"""``tests/tensorflow/bugs_tf1``: real TensorFlow 1 graph-code shape bugs reported by users
(GitHub issues, StackOverflow questions), each rebuilt as a small runnable ``tf.compat.v1`` script
(eager execution disabled, seeded data) close to the reporter's code, with its source in its
docstring, next to its fixed twin (``<name>_fixed.py``).

Each bug script marks with ``# BUG`` the line TensorFlow 2.12 raises on (the op's line when the
graph cannot be built, the ``run`` line when a feed does not fit or an op fails on the fed
shapes): it must fail there, and tensorls must report exactly that one error, in words contained
in TensorFlow's. Each fixed twin must run to completion with no error from tensorls.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tensorls.analyses import Severity, analyse

from ..framework_oracle import check_fixed_twin, run_script
from .oracle import TENSORFLOW

CORPUS = Path(__file__).resolve().parent / "bugs_tf1"
BUGS = sorted(path for path in CORPUS.glob("*.py") if not path.stem.endswith("_fixed"))
TWINS = sorted(CORPUS.glob("*_fixed.py"))


def _raised_line(stderr: str, path: Path) -> tuple[int, str]:
    """The line of the innermost frame in ``path`` of the last traceback, and that traceback's
    text from that frame on.

    Only the traceback's own frames count (they end at the exception's line, the first one not
    indented): a graph execution error quotes the failing op's definition (``File ..., line N``)
    inside its message.
    """
    lines = stderr.splitlines()
    start = max(index for index, text in enumerate(lines) if text.startswith("Traceback "))
    end = next(
        index for index in range(start + 1, len(lines)) if lines[index] and lines[index][0] != " "
    )
    location = f'  File "{path}", line '
    frames = [index for index in range(start, end) if lines[index].startswith(location)]
    assert frames, stderr[-4000:]
    line = int(lines[frames[-1]].split(location)[1].split(",")[0])
    return line, "\n".join(lines[frames[-1] :])


@pytest.mark.parametrize("path", BUGS, ids=lambda path: path.stem)
def test_bug_is_reported_where_tensorflow_fails(tf_python: Path, path: Path) -> None:
    source = path.read_text()
    marked = [number for number, text in enumerate(source.splitlines(), 1) if "# BUG" in text]
    assert len(marked) == 1
    stored = run_script(tf_python, path, TENSORFLOW)
    assert stored["returncode"] != 0, "the example must fail under TensorFlow"
    line, raised = _raised_line(str(stored["stderr"]), path)
    assert line == marked[0], raised
    errors = [item for item in analyse(source).diagnostics if item.severity is Severity.ERROR]
    assert [item.span.start.line + 1 for item in errors] == marked, errors
    assert errors[0].message in raised, (errors[0].message, raised[-2000:])


@pytest.mark.parametrize("path", TWINS, ids=lambda path: path.stem)
def test_fixed_twin_runs_without_error(tf_python: Path, path: Path) -> None:
    check_fixed_twin(tf_python, path, TENSORFLOW)


def test_every_bug_has_a_twin_and_a_source() -> None:
    assert len(BUGS) >= 20
    assert [path.stem for path in TWINS] == [f"{path.stem}_fixed" for path in BUGS]
    for path in (*BUGS, *TWINS):
        assert re.search(r"https://\S+", path.read_text()), path
