"""``tensorls check`` and ``hover`` on notebooks written by nbformat, through the real command line
(a subprocess, as users run it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from tensorls.analyses import analyse

from tensorls import cli
from tensorls.cli import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE

MATMUL_ERROR = "matmul: Input operand 1 has a mismatch in its core dimension 0"


def _write(path: Path, *cells: nbformat.NotebookNode) -> Path:
    notebook = new_notebook(cells=list(cells))
    nbformat.validate(notebook)
    nbformat.write(notebook, path)
    return path


def _tensorls(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tensorls", *arguments],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


@pytest.fixture
def cross_cell(tmp_path: Path) -> Path:
    """An array made in cell 1, magics and shell lines in cell 2, a bad matmul on cell 3's line 3
    (the cell after a markdown cell, shown as cell 4)."""
    return _write(
        tmp_path / "cross.ipynb",
        new_code_cell("import numpy as np\n\na = np.zeros((3, 4))", execution_count=2),
        new_code_cell("%matplotlib inline\n!nvidia-smi\nfiles = !ls\na.shape?", execution_count=5),
        new_markdown_cell("Now `a @ b` with `b = np.zeros((5, 6))` — fails in NumPy too."),
        new_code_cell("b = np.zeros((5, 6))\n\nc = a @ b\n", execution_count=7),
    )


def test_cross_cell_error_is_reported_at_the_cell_line(cross_cell: Path) -> None:
    completed = _tensorls("check", str(cross_cell))
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    assert completed.stderr == ""
    (line,) = [text for text in completed.stdout.splitlines() if not text.startswith(" ")]
    assert line.startswith(f"{cross_cell}:cell 4 [7]:3:5: error shape-matmul {MATMUL_ERROR}")


def test_json_gains_the_cell_fields(cross_cell: Path) -> None:
    completed = _tensorls("check", "--format", "json", str(cross_cell))
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    (record,) = json.loads(completed.stdout)
    assert record["message"].startswith(MATMUL_ERROR)
    assert (record["line"], record["column"], record["end_line"], record["end_column"]) == (
        10,
        5,
        10,
        10,
    )
    assert {key: record[key] for key in record if "cell" in key or key == "execution_count"} == {
        "cell": 4,
        "execution_count": 7,
        "cell_line": 3,
        "cell_column": 5,
        "end_cell": 4,
        "end_cell_line": 3,
        "end_cell_column": 10,
    }


def test_never_run_cell_has_a_null_execution_count(tmp_path: Path) -> None:
    notebook = _write(
        tmp_path / "fresh.ipynb",
        new_code_cell("import numpy as np\nnp.ones(3) @ np.ones(4)"),
    )
    completed = _tensorls("check", "--format", "json", str(notebook))
    (record,) = json.loads(completed.stdout)
    assert (record["cell"], record["execution_count"], record["cell_line"]) == (1, None, 2)
    text = _tensorls("check", str(notebook)).stdout
    assert text.startswith(f"{notebook}:cell 1:2:1: error shape-matmul ")


IPYTHON_ONLY = [
    "%load_ext autoreload\n%autoreload 2\n%%time",
    "%%time\nimport numpy as np\nx = np.zeros((3, 4))\n%time y = x.T\n",
    "!pip install -q numpy \\\n  scipy\nlisting = !ls\nx?\n??np.zeros\nnp.zeros*?",
    "for k in range(2):\n    !echo {k}\n    %env K={k}\nget_ipython().system('true')\ndisplay(x)\nIn, Out",
    "%%bash\nfor f in *; do echo $f; done\n",
    "%%writefile helper.py\nimport numpy as np\nnp.ones(3) @ np.ones(4)\n",
    "y @ x\n_ = x @ y",
]


def test_magics_shell_and_help_lines_are_skipped_without_errors(tmp_path: Path) -> None:
    notebook = _write(tmp_path / "ipython.ipynb", *map(new_code_cell, IPYTHON_ONLY))
    completed = _tensorls("check", "--format", "json", "--mode", "possible", str(notebook))
    assert completed.returncode == EXIT_OK, completed.stderr
    assert json.loads(completed.stdout) == []


def test_a_shell_assignment_forgets_what_was_known(tmp_path: Path) -> None:
    notebook = _write(
        tmp_path / "forget.ipynb",
        new_code_cell("import numpy as np\nx = np.zeros((3, 4))"),
        new_code_cell("x = !ls"),
        new_code_cell("x @ np.zeros((5, 6))"),
        new_code_cell("%%time\nz = np.zeros((2, 2))"),
        new_code_cell("z @ np.zeros((3, 3))"),
    )
    completed = _tensorls("check", "--format", "json", str(notebook))
    (record,) = json.loads(completed.stdout)
    assert (record["cell"], record["cell_line"], record["code"]) == (5, 1, "shape-matmul")


def test_markdown_cells_are_ignored(tmp_path: Path) -> None:
    notebook = _write(
        tmp_path / "prose.ipynb",
        new_markdown_cell("```python\nimport numpy as np\nnp.ones(3) @ np.ones(4)\n```"),
        new_code_cell("total = 1 + 1"),
    )
    completed = _tensorls("check", str(notebook))
    assert (completed.returncode, completed.stdout) == (EXIT_OK, "")


def test_malformed_notebook_exits_two_and_other_files_are_still_checked(tmp_path: Path) -> None:
    (tmp_path / "broken.ipynb").write_text('{"nbformat": 4, "cells": [', encoding="utf-8")
    (tmp_path / "old.ipynb").write_text('{"nbformat": 3, "worksheets": []}', encoding="utf-8")
    (tmp_path / "bad.py").write_text("import numpy as np\nnp.ones(3) @ np.ones(4)\n")
    completed = _tensorls("check", str(tmp_path))
    assert completed.returncode == EXIT_USAGE
    assert (
        f"{tmp_path / 'broken.ipynb'} is not an nbformat 4 notebook: not JSON" in completed.stderr
    )
    assert "nbformat 3 is not supported" in completed.stderr
    assert completed.stdout.startswith(f"{tmp_path / 'bad.py'}:2:1: error shape-matmul")


def test_folders_pick_up_notebooks_but_not_checkpoints(tmp_path: Path, cross_cell: Path) -> None:
    checkpoints = tmp_path / ".ipynb_checkpoints"
    checkpoints.mkdir()
    (checkpoints / "cross-checkpoint.ipynb").write_bytes(cross_cell.read_bytes())
    completed = _tensorls("check", str(tmp_path))
    assert completed.returncode == EXIT_FINDINGS
    findings = [line for line in completed.stdout.splitlines() if not line.startswith(" ")]
    assert [line.split(":")[0] for line in findings] == [str(cross_cell)]


def test_hover_in_a_cell_and_in_the_joined_module(cross_cell: Path) -> None:
    in_cell = _tensorls("hover", str(cross_cell), "--cell", "1", "3", "1")
    assert in_cell.returncode == EXIT_OK, in_cell.stderr
    assert "(3, 4)" in in_cell.stdout
    in_module = _tensorls("hover", str(cross_cell), "8", "1")
    assert "(5, 6)" in in_module.stdout
    assert "established at cell 4, line 1" in in_module.stdout.lower()
    assert in_module.stdout == _tensorls("hover", str(cross_cell), "--cell", "4", "1", "1").stdout


def test_hover_column_maps_through_time(tmp_path: Path) -> None:
    notebook = _write(
        tmp_path / "timed.ipynb", new_code_cell("import numpy as np\n%time w = np.ones((2, 7))")
    )
    completed = _tensorls("hover", str(notebook), "--cell", "1", "2", "7")
    assert "(2, 7)" in completed.stdout


def test_hover_cell_errors_exit_two(tmp_path: Path, cross_cell: Path) -> None:
    markdown = _tensorls("hover", str(cross_cell), "--cell", "3", "1", "1")
    assert markdown.returncode == EXIT_USAGE
    assert "has no code line 1 in cell 3" in markdown.stderr
    script = tmp_path / "plain.py"
    script.write_text("x = 1\n", encoding="utf-8")
    not_a_notebook = _tensorls("hover", str(script), "--cell", "1", "1", "1")
    assert not_a_notebook.returncode == EXIT_USAGE
    assert "--cell applies to notebooks" in not_a_notebook.stderr


def test_related_locations_are_located_by_cell_too(tmp_path: Path) -> None:
    """A function made in cell 1 and called badly in cell 3: the error is in cell 1, and its
    related locations (the argument's shape, the call) in cell 3. ``related`` entries are made
    here as the JSON output makes them: ``path``, ``line``, ``column`` and ``message``."""
    path = _write(
        tmp_path / "related.ipynb",
        new_code_cell("import numpy as np\n\ndef project(x):\n    return x @ np.zeros((4, 2))"),
        new_code_cell("%time a = 1", execution_count=4),
        new_code_cell("y = project(np.zeros((3, 5)))", execution_count=9),
    )
    notebook = cli.read_notebook(path)
    assert notebook is not None
    (diagnostic,) = analyse(notebook.source).diagnostics
    record = cli._diagnostic_record(path, diagnostic)
    record.setdefault(
        "related",
        [
            {
                "path": str(path),
                "line": item.span.start.line + 1,
                "column": item.span.start.character + 1,
                "message": item.message,
            }
            for item in diagnostic.related
        ],
    )
    cli.add_cell_fields(record, notebook, diagnostic)
    assert cli.text_location(record) == f"{path}:cell 1:4:12"
    related = record["related"]
    assert isinstance(related, list)
    assert {(cli.text_location(entry), entry["message"]) for entry in related} == {
        (f"{path}:cell 3 [9]:1:13", "shape (3, 5) established here"),
        (f"{path}:cell 1:4:16", "shape (4, 2) established here"),
        (f"{path}:cell 3 [9]:1:5", "called from here: project(...)"),
    }
