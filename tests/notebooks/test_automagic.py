"""IPython's automagic: a one-line cell starting with a line magic's name runs that magic
(``ls ./data/train/`` in a TensorFlow tutorial notebook, tensorflow/docs
site/en/hub/tutorials/wav2vec2_saved_model_finetuning.ipynb, was reported as a syntax error).

The real ``InteractiveShell`` (in a subprocess) is the oracle: the one-line magic cell runs, the
same line after another line is a syntax error, and tensorls says the same.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook
from tensorls.analyses.notebooks import AUTOMAGIC_NAMES

from .test_cells_compiled_alone import RUN_CELLS_IN_IPYTHON

LISTED_MAGICS = """
import json
from IPython.core.interactiveshell import InteractiveShell

shell = InteractiveShell.instance()
names = set(shell.magics_manager.lsmagic()["line"]) | {n for n, _ in shell.alias_manager.aliases}
print(json.dumps(sorted(names)))
"""


def test_the_names_cover_ipythons_line_magics_and_aliases() -> None:
    listed = subprocess.run(
        [sys.executable, "-c", LISTED_MAGICS], capture_output=True, text=True, check=True
    )
    assert set(json.loads(listed.stdout)) <= AUTOMAGIC_NAMES


def test_a_one_line_magic_cell_runs_and_hides_nothing(tmp_path: Path) -> None:
    path = tmp_path / "automagic.ipynb"
    nbformat.write(
        new_notebook(
            cells=[
                new_code_cell("import numpy as np\na = np.zeros((3, 4))"),
                new_code_cell("ls ./"),
                new_code_cell("import os\nls ./"),
                new_code_cell("b = a @ np.ones((5, 2))"),
            ]
        ),
        path,
    )
    ran = subprocess.run(
        [sys.executable, "-c", RUN_CELLS_IN_IPYTHON, str(path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    outcomes = json.loads(ran.stderr.strip().splitlines()[-1])
    assert [outcome and outcome[0] for outcome in outcomes] == [
        None,
        None,
        "SyntaxError",
        "ValueError",
    ]
    checked = subprocess.run(
        [sys.executable, "-m", "tensorls", "check", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    findings = [line for line in checked.stdout.splitlines() if not line.startswith(" ")]
    assert [finding.split(": ")[1].split()[:2] for finding in findings] == [
        ["error", "syntax-error"],
        ["error", "shape-matmul"],
    ]
    assert [finding.split(":")[1] for finding in findings] == ["cell 3", "cell 4"]
