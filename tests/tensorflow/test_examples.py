"""``examples/tf2_shapes``: each script has one real shape bug, marked ``# BUG`` on its line.
TensorFlow 2.12 fails there when the script runs, and the analysis reports exactly that one error,
whose message is contained in TensorFlow's."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from tensorls.analyses import Severity, analyse

from ..framework_oracle import TIMEOUT_SECONDS
from .oracle import environment

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "tf2_shapes").glob("*.py"))


def _bug_line(source: str) -> int:
    lines = [number for number, text in enumerate(source.splitlines(), 1) if "# BUG" in text]
    assert len(lines) == 1
    return lines[0]


def _failure(python: Path, path: Path) -> tuple[int, str]:
    """The line of ``path`` where the script failed under TensorFlow, and the error's text (the
    traceback from that line on: Keras's messages span several lines)."""
    completed = subprocess.run(
        [str(python), str(path)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
        env=environment(),
    )
    assert completed.returncode != 0, "the example must fail under TensorFlow"
    lines = completed.stderr.splitlines()
    location = f'File "{path}", line '
    raised = [int(text.split(location)[1].split(",")[0]) for text in lines if location in text]
    return raised[-1], completed.stderr[completed.stderr.rindex(location) :]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_example_bug_is_reported_where_tensorflow_fails(tf_python: Path, path: Path) -> None:
    source = path.read_text()
    line = _bug_line(source)
    failed_line, stderr = _failure(tf_python, path)
    assert failed_line == line
    errors = [item for item in analyse(source).diagnostics if item.severity is Severity.ERROR]
    assert [item.span.start.line + 1 for item in errors] == [line]
    assert errors[0].message in stderr


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 2
