"""The ``tensorls`` pre-commit hook (``.pre-commit-hooks.yaml``) run by the real ``pre-commit``.

A temporary git repository uses this project as a hook repository (``repo:`` its folder, ``rev:``
its HEAD commit, as a user's ``.pre-commit-config.yaml`` names a released tag), installs the git
hook with ``pre-commit install`` and commits: a staged script or notebook with a certain shape
error blocks the commit, clean ones (and a file of another type, which the hook never sees)
pass. pre-commit builds the hook's environment with pip from this project (PyPI for its
dependencies), once per test session in a temporary ``PRE_COMMIT_HOME``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

PROJECT = Path(__file__).resolve().parents[2]
BUGGY = (
    "import numpy as np\n\nweights = np.zeros((784, 10))\nlogits = np.ones((32, 100)) @ weights\n"
)
CLEAN = (
    "import numpy as np\n\nweights = np.zeros((784, 10))\nlogits = np.ones((32, 784)) @ weights\n"
)


def _git(repo: Path, *arguments: str, env: dict[str, str] | None = None) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", *arguments],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout


@pytest.fixture(scope="module")
def hook_revision() -> str:
    """This project's HEAD commit, which must hold the hook definition."""
    try:
        revision = _git(PROJECT, "rev-parse", "HEAD").strip()
        _git(PROJECT, "cat-file", "-e", f"{revision}:.pre-commit-hooks.yaml")
    except (subprocess.CalledProcessError, FileNotFoundError):
        pytest.skip("this checkout is not a git repository whose HEAD has .pre-commit-hooks.yaml")
    return revision


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pre-commit-home")


def _commit(repo: Path, env: dict[str, str], message: str) -> subprocess.CompletedProcess[str]:
    """``git commit``, its hook's output (on git's stderr) and git's own in ``stdout``."""
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-m", message],
        cwd=repo,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
        env=env,
        timeout=900,
    )


def test_a_buggy_staged_file_blocks_the_commit_and_clean_ones_pass(
    tmp_path: Path, hook_revision: str, pre_commit_home: Path
) -> None:
    repo = tmp_path / "user-project"
    repo.mkdir()
    env = {**os.environ, "PRE_COMMIT_HOME": str(pre_commit_home)}
    _git(repo, "init", "-q", "-b", "main")
    (repo / ".pre-commit-config.yaml").write_text(
        "repos:\n"
        f"  - repo: {PROJECT}\n"
        f"    rev: {hook_revision}\n"
        "    hooks:\n"
        "      - id: tensorls\n",
        encoding="utf-8",
    )
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=repo, check=True, env=env)
    (repo / "train.py").write_text(BUGGY, encoding="utf-8")
    (repo / "notes.txt").write_text("np.ones((32, 100)) @ weights\n", encoding="utf-8")
    _git(repo, "add", ".")
    blocked = _commit(repo, env, "buggy")
    assert blocked.returncode != 0
    assert "train.py:4:10: error shape-matmul" in blocked.stdout
    assert "notes.txt" not in blocked.stdout
    assert _git(repo, "rev-list", "--all") == ""

    (repo / "train.py").write_text(CLEAN, encoding="utf-8")
    _git(repo, "add", ".")
    passed = _commit(repo, env, "clean")
    assert passed.returncode == 0, passed.stdout
    assert "tensorls (certain tensor-shape errors)" in passed.stdout

    notebook = new_notebook(cells=[new_code_cell(CLEAN), new_code_cell("logits @ weights")])
    nbformat.write(notebook, repo / "explore.ipynb")
    _git(repo, "add", "explore.ipynb")
    blocked = _commit(repo, env, "buggy notebook")
    assert blocked.returncode != 0
    assert "explore.ipynb:cell 2:1:1: error shape-matmul" in blocked.stdout
