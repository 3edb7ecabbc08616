"""Opening or checking a folder never executes its code (issue 11, item 2).

Each way tensorls is started — the VS Code client's server, probe and pip lines (read from
``client-vscode/src/launchArguments.json``, which the extension uses), the ``tensorls`` script
and the documented ``python -P``/``-I -m tensorls`` — runs with a planted workspace as its
working directory, does real work (an LSP session with a diagnostic, ``check``, ``hover``,
``distribute``), and must leave the workspace's trap modules unimported. The Neovim client's
configured command is driven in a real Neovim by ``tests/clients/test_nvim_launch.py``.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import client_capabilities, make_test_lsp_client

from .conftest import PlantedWorkspace
from .planted import imported_traps

REPOSITORY_ROOT = Path(__file__).resolve().parents[2]
VSCODE_LAUNCH = json.loads(
    (REPOSITORY_ROOT / "client-vscode" / "src" / "launchArguments.json").read_text(encoding="utf-8")
)
PYTHON = sys.executable
TENSORLS_SCRIPT = str(Path(sys.executable).parent / "tensorls")
WAIT_SECONDS = 60
NEEDS_SAFE_PATH = pytest.mark.skipif(sys.version_info < (3, 11), reason="-P is new in Python 3.11")

SERVER_LINES = [
    pytest.param([PYTHON, *VSCODE_LAUNCH["server"]], id="vscode-server"),
    pytest.param([TENSORLS_SCRIPT, "serve"], id="tensorls-script"),
    pytest.param([PYTHON, "-P", "-m", "tensorls", "serve"], id="python-P-m", marks=NEEDS_SAFE_PATH),
    pytest.param([PYTHON, "-I", "-m", "tensorls", "serve"], id="python-I-m"),
]
"""Each line ends in ``serve``; the command-line tests replace it by their subcommand."""

COMMAND_LINE_PREFIXES = [
    pytest.param([PYTHON, *VSCODE_LAUNCH["server"][:-1]], id="launcher"),
    pytest.param([TENSORLS_SCRIPT], id="tensorls-script"),
    pytest.param([PYTHON, "-P", "-m", "tensorls"], id="python-P-m", marks=NEEDS_SAFE_PATH),
    pytest.param([PYTHON, "-I", "-m", "tensorls"], id="python-I-m"),
]


async def _shape_diagnostics(command: list[str], workspace: PlantedWorkspace) -> list[str]:
    """Codes of the diagnostics published for the shape-bug script over a real LSP session."""
    client = make_test_lsp_client()
    await client.start_io(*command, cwd=workspace.folder)
    uri = workspace.shape_bug.as_uri()
    try:
        await client.initialize_session(
            types.InitializeParams(
                capabilities=client_capabilities("visual-studio-code@v1.65.2"),
                root_uri=workspace.folder.as_uri(),
                workspace_folders=[types.WorkspaceFolder(workspace.folder.as_uri(), "workspace")],
            )
        )
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(
                types.TextDocumentItem(
                    uri, "python", 1, workspace.shape_bug.read_text(encoding="utf-8")
                )
            )
        )
        while not any(item.code == "shape-matmul" for item in client.diagnostics.get(uri, [])):
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        codes = [str(item.code) for item in client.diagnostics[uri]]
        await client.shutdown_session()
        return codes
    finally:
        await client.stop()


@pytest.mark.parametrize("command", SERVER_LINES)
async def test_a_server_session_imports_nothing_from_the_workspace(
    command: list[str], planted_workspace: PlantedWorkspace
) -> None:
    try:
        codes = await asyncio.wait_for(_shape_diagnostics(command, planted_workspace), WAIT_SECONDS)
    finally:
        assert imported_traps(planted_workspace.markers) == []
    assert "shape-matmul" in codes


def _run(command: list[str], workspace: PlantedWorkspace) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        cwd=workspace.folder,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=WAIT_SECONDS,
        check=False,
    )


@pytest.mark.parametrize("prefix", COMMAND_LINE_PREFIXES)
def test_check_hover_and_distribute_import_nothing_from_the_workspace(
    prefix: list[str], planted_workspace: PlantedWorkspace
) -> None:
    workspace = planted_workspace
    checked = _run([*prefix, "check", "shape_bug.py"], workspace)
    hovered = _run([*prefix, "hover", "shape_bug.py", "2", "1"], workspace)
    distributed = _run([*prefix, "distribute", "train.py"], workspace)
    assert imported_traps(workspace.markers) == []
    assert checked.returncode == 1, checked.stderr
    assert "shape-matmul" in checked.stdout
    assert hovered.returncode == 0, hovered.stderr
    assert "(3, 4)" in hovered.stdout
    assert distributed.returncode == 0, distributed.stderr
    assert "import horovod.tensorflow as hvd" in distributed.stdout


def test_the_vscode_probe_line_finds_tensorls_and_imports_nothing_from_the_workspace(
    planted_workspace: PlantedWorkspace,
) -> None:
    probed = _run([PYTHON, *VSCODE_LAUNCH["probe"]], planted_workspace)
    assert imported_traps(planted_workspace.markers) == []
    assert probed.returncode == 0, probed.stderr
    assert probed.stdout.startswith("tensorls ")


def test_the_vscode_pip_line_runs_pip_and_imports_nothing_from_the_workspace(
    planted_package_workspace: PlantedWorkspace,
) -> None:
    workspace = planted_package_workspace
    offline = {**os.environ, "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    installed = subprocess.run(
        [PYTHON, *VSCODE_LAUNCH["pip"], "install", "tensorls"],
        cwd=workspace.folder,
        env=offline,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=WAIT_SECONDS,
        check=False,
    )
    assert imported_traps(workspace.markers) == []
    assert installed.returncode == 0, installed.stderr
    assert "Requirement already satisfied: tensorls" in installed.stdout


def test_the_trap_works_on_plain_python_m(planted_package_workspace: PlantedWorkspace) -> None:
    """``python -m tensorls`` is documented as unsafe: the trap catches it, so it can catch."""
    completed = _run([PYTHON, "-m", "tensorls", "--version"], planted_package_workspace)
    assert imported_traps(planted_package_workspace.markers) == ["tensorls.__init__"]
    assert completed.returncode == 97
