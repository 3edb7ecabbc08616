"""``examples/shapes``: each script has one real shape bug, marked ``# BUG`` on its line. NumPy
fails there when the script runs, and the analysis reports exactly that, with NumPy's message."""

from __future__ import annotations

import traceback
from pathlib import Path

import pytest
from tensorls.analyses import analyse

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "shapes").glob("*.py"))


def _bug_line(source: str) -> int:
    lines = [number for number, text in enumerate(source.splitlines(), 1) if "# BUG" in text]
    assert len(lines) == 1
    return lines[0]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_example_bug_is_reported_where_numpy_fails(path: Path) -> None:
    source = path.read_text()
    line = _bug_line(source)
    try:
        exec(compile(source, str(path), "exec"), {"__name__": "__main__"})
    except Exception as error:
        frames = [
            frame
            for frame in traceback.extract_tb(error.__traceback__)
            if frame.filename == str(path)
        ]
        assert frames[-1].lineno == line
        message = str(error)
    else:
        raise AssertionError("the example must fail under NumPy")
    diagnostics = analyse(source).diagnostics
    assert [(item.span.start.line + 1, item.message) for item in diagnostics] == [(line, message)]


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 4
