"""``examples/notebooks``: each notebook has one real shape bug. Running its code cells in order
with plain Python and NumPy fails there, and ``tensorls check examples/`` reports exactly that cell,
line and message."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tensorls.cli import EXIT_FINDINGS

EXAMPLES = Path(__file__).parents[2] / "examples"
NOTEBOOKS = sorted((EXAMPLES / "notebooks").glob("*.ipynb"))

RUN_CELLS = """
import json, sys, traceback
import nbformat
notebook = nbformat.read(sys.argv[1], as_version=4)
namespace = {"__name__": "__main__"}
for number, cell in enumerate(notebook.cells, start=1):
    if cell.cell_type != "code":
        continue
    name = f"<cell {number}>"
    try:
        exec(compile(cell.source, name, "exec"), namespace)
    except Exception as error:
        line = [f.lineno for f in traceback.extract_tb(error.__traceback__) if f.filename == name][-1]
        print(json.dumps({"cell": number, "line": line, "message": str(error)}))
        sys.exit(0)
sys.exit("the notebook ran without failing")
"""


def _numpy_failure(notebook: Path) -> dict[str, object]:
    completed = subprocess.run(
        [sys.executable, "-c", RUN_CELLS, str(notebook)],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        cwd=notebook.parent,
    )
    return json.loads(completed.stdout)


@pytest.fixture(scope="module")
def reported() -> list[dict[str, object]]:
    completed = subprocess.run(
        [sys.executable, "-m", "tensorls", "check", "--format", "json", str(EXAMPLES)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    return json.loads(completed.stdout)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_notebook_bug_is_reported_where_numpy_fails(
    notebook: Path, reported: list[dict[str, object]]
) -> None:
    failure = _numpy_failure(notebook)
    findings = [
        (record["cell"], record["cell_line"], record["message"])
        for record in reported
        if record["path"] == str(notebook)
    ]
    assert findings == [(failure["cell"], failure["line"], failure["message"])]


def test_there_are_example_notebooks() -> None:
    assert NOTEBOOKS
