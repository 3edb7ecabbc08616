"""Which ``sys.path`` entries name the working directory (``tensorls.launch`` and the clients' launcher)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tensorls.launch import without_working_directory

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
    """The launcher is written out in each client (JSON for VS Code, Lua for Neovim; neither can
    import the other): every copy starts with the same lines that clean ``sys.path``."""
    launch = json.loads(LAUNCH_ARGUMENTS.read_text(encoding="utf-8"))
    lua = (LAUNCH_ARGUMENTS.parents[2] / "client-nvim" / "lua" / "tensorls" / "init.lua").read_text(
        encoding="utf-8"
    )
    nvim_launcher = lua.split("M.LAUNCHER = [[\n", 1)[1].split("]]", 1)[0]
    cleaning = nvim_launcher.split("from tensorls.cli import main", 1)[0]
    assert "sys.path[:] = " in cleaning
    assert launch["server"][1] == launch["probe"][1] == nvim_launcher
    assert launch["pip"][1].startswith(cleaning)
