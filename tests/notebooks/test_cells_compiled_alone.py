"""A notebook cell that does not compile hides nothing but itself (tracker issue 31, item 2: one
syntax error in a cell hid every diagnostic of every cell, in VS Code and ``tensorls check``).

Jupyter compiles each cell on its own: a cell that does not compile does not run and binds
nothing, and the later cells run. The notebook below is checked through the real command line
and run cell by cell in IPython's real ``InteractiveShell`` (in a subprocess), which must show the
same story: the broken cell fails to compile, the later cell runs and raises the reported bug
with the array the broken cell did not rebind.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from tensorls.analyses import Position, Span
from tensorls.analyses.notebooks import CodeCell, module_of_cells

from tensorls.cli import EXIT_FINDINGS

MATMUL_ERROR = "matmul: Input operand 1 has a mismatch in its core dimension 0"

RUN_CELLS_IN_IPYTHON = """
import json, sys
import nbformat
from IPython.core.interactiveshell import InteractiveShell

shell = InteractiveShell.instance()
outcomes = []
for cell in nbformat.read(sys.argv[1], as_version=4).cells:
    if cell.cell_type == "code":
        result = shell.run_cell(cell.source)
        error = result.error_before_exec or result.error_in_exec
        outcomes.append(None if error is None else [type(error).__name__, str(error)])
print(json.dumps(outcomes), file=sys.stderr)
"""


@pytest.fixture
def broken_middle_cell(tmp_path: Path) -> Path:
    """Cell 3 (after a markdown cell) does not compile and would have rebound ``a`` to a shape
    that fits; cell 4 multiplies the ``a`` of cell 1, which does not fit."""
    notebook = new_notebook(
        cells=[
            new_code_cell("import numpy as np\na = np.zeros((3, 4))"),
            new_markdown_cell("Reshape, then multiply."),
            new_code_cell("a = np.ones((6, 5)) +\n"),
            new_code_cell("b = np.ones((5, 2))\nc = a @ b\n"),
        ]
    )
    nbformat.validate(notebook)
    path = tmp_path / "broken_cell.ipynb"
    nbformat.write(notebook, path)
    return path


def test_the_broken_cell_and_the_later_cells_bug_are_both_reported(
    broken_middle_cell: Path,
) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "tensorls", "check", str(broken_middle_cell)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    findings = [line for line in completed.stdout.splitlines() if not line.startswith(" ")]
    assert findings == [
        f"{broken_middle_cell}:cell 3:1:22: error syntax-error invalid syntax",
        f"{broken_middle_cell}:cell 4:2:5: error shape-matmul {MATMUL_ERROR}, with gufunc"
        " signature (n?,k),(k,m?)->(n?,m?) (size 5 is different from 4)",
    ]
    assert f"{broken_middle_cell}:cell 1:2:5: shape (3, 4) established here" in completed.stdout


def test_ipython_runs_the_later_cell_with_the_array_the_broken_cell_did_not_rebind(
    broken_middle_cell: Path,
) -> None:
    completed = subprocess.run(
        [sys.executable, "-c", RUN_CELLS_IN_IPYTHON, str(broken_middle_cell)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    outcomes = json.loads(completed.stderr.splitlines()[-1])
    assert outcomes[0] is None
    assert outcomes[1][0] == "SyntaxError"
    assert outcomes[2][0] == "ValueError"
    assert outcomes[2][1].startswith(MATMUL_ERROR)


@pytest.fixture
def cells_only_jupyter_compiles(tmp_path: Path) -> Path:
    """Cells that compile on their own but not joined into one module: a ``__future__`` import
    opening cell 2, a top-level ``await`` (IPython runs the cell as a coroutine), a ``global``
    declaration of a name assigned in an earlier cell; then a bad product in cell 5 (``a``, awaited, is unknown to the analysis)."""
    notebook = new_notebook(
        cells=[
            new_code_cell("import asyncio\nimport numpy as np\nscale = 2"),
            new_code_cell(
                "from __future__ import annotations\n\ndef load() -> np.ndarray:\n"
                "    return np.zeros((3, 4))"
            ),
            new_code_cell(
                "async def fetch():\n    await asyncio.sleep(0)\n    return load()\n\n"
                "a = await fetch()"
            ),
            new_code_cell("global scale\nscale = 3"),
            new_code_cell("c = load() @ np.ones((5, 2))"),
        ]
    )
    nbformat.validate(notebook)
    path = tmp_path / "jupyter_only.ipynb"
    nbformat.write(notebook, path)
    return path


def test_cells_that_compile_only_one_by_one_are_not_syntax_errors(
    cells_only_jupyter_compiles: Path,
) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "tensorls", "check", str(cells_only_jupyter_compiles)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    findings = [line for line in completed.stdout.splitlines() if not line.startswith(" ")]
    assert findings == [
        f"{cells_only_jupyter_compiles}:cell 5:1:5: error shape-matmul {MATMUL_ERROR}, with gufunc"
        " signature (n?,k),(k,m?)->(n?,m?) (size 5 is different from 4)",
    ]


def test_ipython_runs_those_cells_and_the_bug_raises(cells_only_jupyter_compiles: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-c", RUN_CELLS_IN_IPYTHON, str(cells_only_jupyter_compiles)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    *ran, last = json.loads(completed.stderr.splitlines()[-1])
    assert ran == [None, None, None, None]
    assert last[0] == "ValueError"
    assert last[1].startswith(MATMUL_ERROR)


def test_a_cell_that_does_not_compile_stands_as_blank_lines_with_its_error_in_module_lines() -> (
    None
):
    module = module_of_cells(
        [
            CodeCell(1, "import numpy as np\n"),
            CodeCell(3, "x = 1\nfor row in x:\n"),
            CodeCell(4, "%time y = (\nz = 2\n"),
            CodeCell(5, "z = 3\n"),
        ]
    )
    assert module.source.split("\n")[:6] == ["import numpy as np", "", "", "", "", "z = 3"]
    end_of_cell, unclosed = module.cell_syntax_errors
    assert end_of_cell.code == unclosed.code == "syntax-error"
    assert end_of_cell.span.start.line == 2
    assert unclosed.span == Span(Position(3, 4), Position(3, 5))
    assert module.location_of(3).cell_character(unclosed.span.start.character) == 10


def test_top_level_await_compiles_in_a_cell_as_ipython_runs_it() -> None:
    module = module_of_cells([CodeCell(1, "import asyncio\nawait asyncio.sleep(0)\n")])
    assert module.cell_syntax_errors == ()
