"""``# %%`` cells in a ``.py`` file (tracker issue 31, item 4): a file whose cells compile one by
one but not as a whole is analysed as the cells the interactive window runs.

The file below is read into notebook cells by the real jupytext (``py:percent``) and run cell by
cell in IPython's real ``InteractiveShell`` (in a subprocess), which must tell the same story as
``tensorls check``: the second cell does not compile, the markdown cell is not code, and the
last cell's shell escape runs and its product raises the reported bug.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tensorls.analyses import analyse
from tensorls.analyses.percent_cells import percent_cells

from tensorls.cli import EXIT_FINDINGS

SCRIPT = """# %%
import numpy as np
a = np.zeros((3, 4))

# %%
b = (1 +

# %% [markdown]
# The product.

# %%
!echo multiplying
c = a @ np.zeros((5, 6))
"""

RUN_PERCENT_CELLS_IN_IPYTHON = """
import json, sys
import jupytext
from IPython.core.interactiveshell import InteractiveShell

shell = InteractiveShell.instance()
outcomes = []
for cell in jupytext.read(sys.argv[1], fmt="py:percent").cells:
    if cell.cell_type == "code":
        result = shell.run_cell(cell.source)
        error = result.error_before_exec or result.error_in_exec
        outcomes.append(None if error is None else type(error).__name__)
print(json.dumps(outcomes), file=sys.stderr)
"""


@pytest.fixture
def script(tmp_path: Path) -> Path:
    path = tmp_path / "explore.py"
    path.write_text(SCRIPT, encoding="utf-8")
    return path


def test_the_broken_cell_and_the_last_cells_bug_are_both_reported(script: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "tensorls", "check", str(script)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == EXIT_FINDINGS, completed.stderr
    findings = [line for line in completed.stdout.splitlines() if not line.startswith(" ")]
    assert [line.split(" error ")[0] for line in findings] == [f"{script}:6:5:", f"{script}:13:5:"]
    assert "syntax-error '(' was never closed" in findings[0]
    assert "shape-matmul" in findings[1]
    assert f"{script}:3:5: shape (3, 4) established here" in completed.stdout


def test_ipython_runs_the_cells_jupytext_reads_and_the_bug_raises(script: Path) -> None:
    completed = subprocess.run(
        [sys.executable, "-c", RUN_PERCENT_CELLS_IN_IPYTHON, str(script)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stderr.splitlines()[-1]) == [None, "SyntaxError", "ValueError"]


def test_a_percent_script_that_compiles_is_a_script() -> None:
    """Cells change nothing while the file compiles: an undefined name is still certain."""
    result = analyse("# %%\nimport numpy as np\n\n# %%\nprint(undefined_name)\n", path="/w/s.py")
    assert [item.code for item in result.diagnostics] == ["name-error"]


def test_cells_start_at_markers_and_the_lines_before_the_first_are_a_cell() -> None:
    cells = percent_cells("x = 1\n#%% first\ny = 2\n# %% [markdown]\n# text\n")
    assert cells is not None
    assert [cell.source for cell in cells] == [
        "x = 1\n",
        "#%% first\ny = 2\n",
        "# %% [markdown]\n# text\n",
    ]
    assert percent_cells("x = 1\n  # %% indented is not a marker\n") is None
