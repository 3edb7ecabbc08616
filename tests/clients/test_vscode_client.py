"""client-vscode/ built, type-checked, tested and packaged the way CI does it, in one pytest run.

The build runs in a private copy of client-vscode/ shared by the run's workers, every npm step
under one file lock (vscode_build.py), so it does not depend on how xdist schedules the tests.

``npm ci`` installs the locked dependencies from the npm registry; ``npm test`` runs the Node tests
(among them the real Python server driven through vscode-jsonrpc, with this interpreter).
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from tensorls.server.settings import ServerSettings

from .vscode_build import CLIENT, installed_client, packaged_vsix, run_npm

pytestmark = [pytest.mark.vscode, pytest.mark.slow, pytest.mark.xdist_group("vscode-client")]

SERVER_SETTING_KEYS = {
    "mode": "mode",
    "inlayHints": "inlay_hints",
    "timeBudgetMs": "time_budget_ms",
    "debounceMs": "debounce_ms",
    "extraPaths": "extra_paths",
}


@pytest.fixture(scope="module")
def client(npm_binary: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The private copy of client-vscode/ after ``npm ci`` installed the locked dependencies."""
    return installed_client(npm_binary, tmp_path_factory.getbasetemp())


def test_bundle_builds(npm_binary: str, client: Path) -> None:
    run_npm(npm_binary, client, "run", "build")
    assert (client / "dist" / "extension.js").stat().st_size > 0


def test_sources_typecheck_against_vscode_types(npm_binary: str, client: Path) -> None:
    run_npm(npm_binary, client, "run", "typecheck")


def test_node_tests_pass(npm_binary: str, client: Path) -> None:
    completed = run_npm(npm_binary, client, "test")
    assert "# fail 0" in completed.stdout, completed.stdout[-6000:]


def test_vsix_holds_the_bundle_the_server_wheel_and_the_contributions(
    npm_binary: str, client: Path, tmp_path: Path
) -> None:
    vsix = packaged_vsix(npm_binary, client, tmp_path / "tensorls.vsix")
    with zipfile.ZipFile(vsix) as archive:
        names = set(archive.namelist())
        manifest = json.loads(archive.read("extension/package.json"))
    assert {
        "extension.vsixmanifest",
        "extension/dist/extension.js",
        "extension/LICENSE.txt",
        "extension/server/tensorls-0.1.0-py3-none-any.whl",
    } <= names
    assert not any(
        name.startswith(("extension/src/", "extension/node_modules/", "extension/scripts/"))
        for name in names
    )
    commands = {command["command"] for command in manifest["contributes"]["commands"]}
    assert commands == {"tensorls.distributeWithHorovod", "tensorls.restartServer"}
    settings = set(manifest["contributes"]["configuration"]["properties"])
    assert settings == {"tensorls.interpreter"} | {f"tensorls.{key}" for key in SERVER_SETTING_KEYS}


def test_setting_defaults_match_the_server() -> None:
    manifest = json.loads((CLIENT / "package.json").read_text(encoding="utf-8"))
    properties = manifest["contributes"]["configuration"]["properties"]
    defaults = ServerSettings()
    for key, field in SERVER_SETTING_KEYS.items():
        default = getattr(defaults, field)
        expected = list(default) if isinstance(default, tuple) else default
        assert properties[f"tensorls.{key}"]["default"] == expected, key
