"""The Neovim client's configured command imports nothing from the project (issue 11, item 2).

A real headless Neovim with ``client-nvim/`` on ``'runtimepath'`` and no override starts the
server as ``lsp/tensorls.lua`` says (``python3`` resolved on PATH to this interpreter), with a
project full of trap modules (``json.py``, ``numpy.py``, ``tensorls/``...) as its working
directory and root, and waits for the shape diagnostic of a script there.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.security.planted import (
    ALWAYS_PLANTED,
    imported_traps,
    names_imported_by_tensorls,
    plant_workspace,
)

from .conftest import FIXTURES, REPOSITORY_ROOT, run_headless_nvim

pytestmark = [pytest.mark.nvim, pytest.mark.slow, pytest.mark.xdist_group("nvim-client")]

LAUNCH_SCRIPT = Path(__file__).resolve().parent / "nvim" / "check_launch.lua"
VSCODE_LAUNCH = json.loads(
    (REPOSITORY_ROOT / "client-vscode" / "src" / "launchArguments.json").read_text(encoding="utf-8")
)
RUN_LIMIT_SECONDS = 300


@pytest.mark.parametrize("tensorls_as_package", [True, False], ids=["package", "module"])
def test_the_configured_command_imports_nothing_from_the_project(
    nvim_binary: str, tmp_path: Path, tensorls_as_package: bool
) -> None:
    project = tmp_path / "project"
    markers = tmp_path / "markers"
    names = ALWAYS_PLANTED | names_imported_by_tensorls(tmp_path)
    plant_workspace(project, markers, names, tensorls_as_package=tensorls_as_package)
    (project / "pyproject.toml").write_text('[project]\nname = "demo"\n', encoding="utf-8")
    shutil.copy(FIXTURES / "shape_bug.txt", project / "shape_bug.py")
    result = tmp_path / "result.json"
    python_folder = Path(sys.executable).parent
    assert (python_folder / "python3").exists()
    variables = {
        "PATH": f"{python_folder}{os.pathsep}{os.environ.get('PATH', '')}",
        "TENSORLS_RESULT": str(result),
    }
    completed = run_headless_nvim(
        nvim_binary, LAUNCH_SCRIPT, project, tmp_path, variables, RUN_LIMIT_SECONDS
    )
    assert imported_traps(markers) == []
    assert result.exists(), f"no result (exit {completed.returncode}):\n{completed.stderr}"
    observed: dict[str, Any] = json.loads(result.read_text(encoding="utf-8"))
    assert not observed["errors"], observed["errors"]
    assert observed["cmd"] == ["python3", *VSCODE_LAUNCH["server"]]
    assert Path(observed["root_dir"]).resolve() == project.resolve()
    assert "shape-matmul" in observed["codes"]
