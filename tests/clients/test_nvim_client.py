"""client-nvim/ in a real headless Neovim 0.11 against the real server.

One Neovim run (``nvim/check_client.lua``) opens a script with a shape bug and a TF2
GradientTape script from a project folder, and records the diagnostic, the hover and the buffer
after "Distribute with Horovod"; the tests assert on that record.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import FIXTURES, run_headless_nvim

pytestmark = [pytest.mark.nvim, pytest.mark.slow, pytest.mark.xdist_group("nvim-client")]

CHECK_SCRIPT = Path(__file__).resolve().parent / "nvim" / "check_client.lua"
RUN_LIMIT_SECONDS = 600
NOTEBOOK = {
    "nbformat": 4,
    "nbformat_minor": 5,
    "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
    "cells": [
        {
            "cell_type": "code",
            "id": "first",
            "metadata": {},
            "execution_count": 1,
            "source": ["import numpy as np\n", "x = np.zeros((3, 4))"],
            "outputs": [{"output_type": "stream", "name": "stdout", "text": ["kept\n"]}],
        },
        {"cell_type": "markdown", "id": "notes", "metadata": {}, "source": ["# Product"]},
        {
            "cell_type": "code",
            "id": "second",
            "metadata": {},
            "execution_count": None,
            "source": ["w = np.zeros((5, 6))\n", "y = x @ w"],
            "outputs": [],
        },
    ],
}
"""A notebook whose second code cell multiplies (3, 4) by (5, 6); its first cell has an output."""


@pytest.fixture(scope="module")
def observed(nvim_binary: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the headless Neovim run recorded; its step errors are in ``errors``."""
    base = tmp_path_factory.mktemp("nvim")
    project = base / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n', encoding="utf-8")
    for fixture, name in (
        ("shape_bug", "shape_bug"),
        ("tf2_gradient_tape", "tf2_gradient_tape"),
        ("tf2_gradient_tape", "tf2_native"),
    ):
        shutil.copy(FIXTURES / f"{fixture}.txt", project / f"{name}.py")
    (project / "notebook.ipynb").write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    result = base / "result.json"
    variables = {
        "TENSORLS_JUPYTEXT": str(Path(sys.executable).with_name("jupytext")),
        "TENSORLS_PYTHON": os.environ.get("TENSORLS_PYTHON", sys.executable),
        "TENSORLS_WORKDIR": str(project),
        "TENSORLS_RESULT": str(result),
    }
    completed = run_headless_nvim(
        nvim_binary, CHECK_SCRIPT, project, base, variables, RUN_LIMIT_SECONDS
    )
    assert result.exists(), (
        f"Neovim wrote no result (exit {completed.returncode}):\n{completed.stdout}\n{completed.stderr}"
    )
    record: dict[str, Any] = json.loads(result.read_text(encoding="utf-8"))
    record["project"] = str(project)
    return record


def test_neovim_attaches_with_utf8_positions_in_the_project_root(observed: dict[str, Any]) -> None:
    assert "shape" not in observed["errors"], observed["errors"].get("shape")
    assert observed["filetype"] == "python"
    assert observed["offset_encoding"] == "utf-8"
    assert Path(observed["root_dir"]).resolve() == Path(observed["project"]).resolve()


def test_the_matmul_shape_bug_is_reported_on_its_line(observed: dict[str, Any]) -> None:
    assert "shape" not in observed["errors"], observed["errors"].get("shape")
    diagnostic = observed["diagnostic"]
    assert diagnostic["lnum"] == 3
    assert diagnostic["col"] == 4
    assert diagnostic["severity"] == 1
    assert "size 5 is different from 4" in diagnostic["message"]


def test_hover_shows_the_inferred_shape(observed: dict[str, Any]) -> None:
    assert "shape" not in observed["errors"], observed["errors"].get("shape")
    assert "(3, 4)" in observed["hover"]


def test_inlay_hints_show_the_shapes_after_the_names(observed: dict[str, Any]) -> None:
    assert "inlay_hints" not in observed["errors"], observed["errors"].get("inlay_hints")
    labels = {(hint["line"], hint["character"]): hint["label"] for hint in observed["inlay_hints"]}
    assert "(3, 4)" in labels.get((1, 1), ""), labels
    assert "(5, 6)" in labels.get((2, 1), ""), labels


def assert_horovod_script(rewritten: str) -> None:
    """``rewritten`` imports horovod.tensorflow, initialises it, wraps the tape and compiles."""
    imported = re.search(r"^import horovod\.tensorflow as (\w+)$", rewritten, re.MULTILINE)
    assert imported is not None, rewritten
    alias = imported.group(1)
    assert f"{alias}.init()" in rewritten
    assert f"{alias}.DistributedGradientTape(" in rewritten
    compile(rewritten, "rewritten.py", "exec")


def test_distribute_with_horovod_rewrites_the_buffer(observed: dict[str, Any]) -> None:
    assert "horovod" not in observed["errors"], observed["errors"].get("horovod")
    assert_horovod_script(observed["rewritten"])
    assert "TensorlsDistribute" in observed["commands"]


def test_the_code_action_menu_applies_the_rewrite(observed: dict[str, Any]) -> None:
    errors = observed["errors"]
    assert "native_code_action" not in errors, errors.get("native_code_action")
    assert_horovod_script(observed["native_rewritten"])
    assert observed["native_rewritten"] == observed["rewritten"]


def test_a_notebook_opens_as_its_percent_script_and_is_checked(observed: dict[str, Any]) -> None:
    """With ``require('tensorls.notebooks').setup()``, an ``.ipynb`` opens through the real
    jupytext as a ``# %%`` script, tensorls reports the product on the line shown, and writing
    the fixed script updates the notebook's cells and keeps its outputs."""
    assert "notebook" not in observed["errors"], observed["errors"].get("notebook")
    assert observed["notebook_filetype"] == "python"
    assert observed["notebook_markers"] == 2
    assert observed["notebook_diagnostic_line"] == "y = x @ w"
    assert observed["notebook_modified_after_write"] is False
    assert observed["notebook_diagnostics_after_fix"] == 0
    saved = json.loads((Path(observed["project"]) / "notebook.ipynb").read_text(encoding="utf-8"))
    sources = ["".join(cell["source"]) for cell in saved["cells"]]
    assert sources == [
        "import numpy as np\nx = np.zeros((3, 4))",
        "# Product",
        "w = np.zeros((4, 6))\ny = x @ w",
    ]
    assert saved["cells"][0]["outputs"][0]["text"] == ["kept\n"]
