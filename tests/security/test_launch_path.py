"""Which ``sys.path`` entries name the working directory (``tensorls.launch`` and the clients' launcher)."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tensorls import jupyter_spec
from tensorls.launch import without_working_directory

from .planted import imported_traps, plant_workspace

LAUNCH_ARGUMENTS = (
    Path(__file__).resolve().parents[2] / "client-vscode" / "src" / "launchArguments.json"
)


def test_relative_entries_and_the_working_directory_are_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    (project / ".venv" / "site-packages").mkdir(parents=True)
    alias = tmp_path / "alias"
    alias.symlink_to(project, target_is_directory=True)
    monkeypatch.chdir(project)
    kept = ["/usr/lib/python3.11", str(project / ".venv" / "site-packages"), str(tmp_path)]
    entries = ["", ".", "src", str(project), f"{project}{os.sep}", str(alias), *kept]
    assert without_working_directory(entries) == kept


def test_a_deleted_working_directory_removes_only_relative_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    monkeypatch.chdir(gone)
    gone.rmdir()
    assert without_working_directory(["", "lib", "/usr/lib/python3.11"]) == ["/usr/lib/python3.11"]


def test_the_clients_launcher_starts_in_a_deleted_working_directory(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    launch = json.loads(LAUNCH_ARGUMENTS.read_text(encoding="utf-8"))

    def enter_and_delete() -> None:
        os.chdir(gone)
        os.rmdir(gone)

    completed = subprocess.run(
        [sys.executable, *launch["probe"]],
        preexec_fn=enter_and_delete,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith("tensorls ")


def test_every_client_launch_line_removes_the_working_directory_alike() -> None:
    """The launcher is written out in each client (JSON for VS Code, Lua for Neovim, Python for
    JupyterLab; none can import another): every copy starts with the same lines that clean ``sys.path``."""
    launch = json.loads(LAUNCH_ARGUMENTS.read_text(encoding="utf-8"))
    lua = (LAUNCH_ARGUMENTS.parents[2] / "client-nvim" / "lua" / "tensorls" / "init.lua").read_text(
        encoding="utf-8"
    )
    nvim_launcher = lua.split("M.LAUNCHER = [[\n", 1)[1].split("]]", 1)[0]
    cleaning = nvim_launcher.split("from tensorls.cli import main", 1)[0]
    assert "sys.path[:] = " in cleaning
    assert launch["server"][1] == launch["probe"][1] == nvim_launcher == jupyter_spec.LAUNCHER
    assert launch["pip"][1].startswith(cleaning)


STARTUP_TRAPS = frozenset(
    {"__future__", "argparse", "dataclasses", "enum", "json", "logging", "pathlib", "re", "typing"}
)
"""Modules a launcher could import before it cleans ``sys.path`` that ``python -S -m`` has not
loaded yet (the probe of issue 30 caught ``from __future__ import annotations`` in the launcher).
Not planted: what Python's own ``runpy`` imports for ``-m`` before any tensorls code runs
(``importlib``, ``warnings``, ``contextlib``, ``collections``, ``functools``, ``types``...: the
README says so)."""


def _installed_layout(folder: Path) -> Path:
    """A regular (not editable) install of tensorls in ``folder``, as links to this checkout:
    no ``.pth`` startup file imports anything before the launcher runs."""
    package = folder / "tensorls"
    package.mkdir(parents=True)
    root = Path(__file__).resolve().parents[2]
    for module in (root / "tensorls").glob("*.py"):
        (package / module.name).symlink_to(module)
    (package / "server").symlink_to(root / "server", target_is_directory=True)
    (package / "analyses").symlink_to(root / "analyses", target_is_directory=True)
    return folder


def test_python_m_tensorls_imports_nothing_from_the_folder_before_cleaning_the_path(
    tmp_path: Path,
) -> None:
    """``python -S -m tensorls`` loads nothing at startup beyond what ``runpy`` needs, so every
    import the launcher made before cleaning ``sys.path`` would hit a trap."""
    workspace, markers = tmp_path / "workspace", tmp_path / "markers"
    plant_workspace(workspace, markers, STARTUP_TRAPS, tensorls_as_package=True)
    shutil.rmtree(workspace / "tensorls")
    site_packages = next(path for path in sys.path if path.endswith("site-packages"))
    layout = _installed_layout(tmp_path / "installed")
    completed = subprocess.run(
        [sys.executable, "-S", "-m", "tensorls", "--version"],
        cwd=workspace,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(layout), site_packages])},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert imported_traps(markers) == []
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.startswith("tensorls ")


def test_the_launch_modules_import_only_os_and_sys() -> None:
    """What runs before ``sys.path`` is clean: the package, ``__main__`` and ``launch`` (up to
    ``main``'s own import of the command line), with no ``from __future__`` either."""
    root = Path(__file__).resolve().parents[2] / "tensorls"
    imported: set[str] = set()
    for name in ("__init__.py", "__main__.py", "launch.py"):
        for node in ast.parse((root / name).read_text(encoding="utf-8")).body:
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                imported.add(node.module or "")
    assert imported == {"os", "sys", "tensorls.launch"}
