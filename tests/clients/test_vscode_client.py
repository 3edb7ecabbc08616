"""client-vscode/ built, type-checked, tested and packaged the way CI does it, in one pytest run.

All in one xdist group: `npm ci` replaces node_modules/, which no other worker may use meanwhile.

``npm ci`` installs the locked dependencies from the npm registry; ``npm test`` runs the Node tests
(among them the real Python server driven through vscode-jsonrpc, with this interpreter).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile

import pytest
from tensorls.server.settings import ServerSettings

from .conftest import REPOSITORY_ROOT

pytestmark = [pytest.mark.vscode, pytest.mark.slow, pytest.mark.xdist_group("vscode-client")]

CLIENT = REPOSITORY_ROOT / "client-vscode"
STEP_LIMIT_SECONDS = 900
SERVER_SETTING_KEYS = {
    "mode": "mode",
    "inlayHints": "inlay_hints",
    "timeBudgetMs": "time_budget_ms",
    "debounceMs": "debounce_ms",
}


def run_npm(npm: str, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Runs npm in client-vscode/ with the server started by this interpreter; fails on non-zero."""
    completed = subprocess.run(
        [npm, *arguments],
        cwd=CLIENT,
        env={**os.environ, "TENSORLS_PYTHON": os.environ.get("TENSORLS_PYTHON", sys.executable)},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=STEP_LIMIT_SECONDS,
        check=False,
    )
    assert completed.returncode == 0, (
        f"npm {' '.join(arguments)} exited {completed.returncode}:\n{completed.stdout[-6000:]}\n{completed.stderr[-6000:]}"
    )
    return completed


@pytest.fixture(scope="module")
def installed(npm_binary: str) -> str:
    """npm after ``npm ci`` installed the locked dependencies."""
    run_npm(npm_binary, "ci", "--no-audit", "--no-fund")
    return npm_binary


def test_bundle_builds(installed: str) -> None:
    run_npm(installed, "run", "build")
    assert (CLIENT / "dist" / "extension.js").stat().st_size > 0


def test_sources_typecheck_against_vscode_types(installed: str) -> None:
    run_npm(installed, "run", "typecheck")


def test_node_tests_pass(installed: str) -> None:
    completed = run_npm(installed, "test")
    assert "# fail 0" in completed.stdout, completed.stdout[-6000:]


def test_vsix_holds_the_bundle_and_the_contributions(installed: str) -> None:
    run_npm(installed, "run", "package")
    vsix = CLIENT / "tensorls.vsix"
    with zipfile.ZipFile(vsix) as archive:
        names = set(archive.namelist())
        manifest = json.loads(archive.read("extension/package.json"))
    assert {
        "extension.vsixmanifest",
        "extension/dist/extension.js",
        "extension/LICENSE.txt",
    } <= names
    assert not any(name.startswith(("extension/src/", "extension/node_modules/")) for name in names)
    commands = {command["command"] for command in manifest["contributes"]["commands"]}
    assert commands == {"tensorls.distributeWithHorovod", "tensorls.restartServer"}
    settings = set(manifest["contributes"]["configuration"]["properties"])
    assert settings == {"tensorls.interpreter"} | {f"tensorls.{key}" for key in SERVER_SETTING_KEYS}


def test_setting_defaults_match_the_server() -> None:
    manifest = json.loads((CLIENT / "package.json").read_text(encoding="utf-8"))
    properties = manifest["contributes"]["configuration"]["properties"]
    defaults = ServerSettings()
    for key, field in SERVER_SETTING_KEYS.items():
        assert properties[f"tensorls.{key}"]["default"] == getattr(defaults, field), key
