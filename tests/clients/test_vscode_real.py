"""The extension in a real VS Code: code-server's workbench in headless Chromium.

The .vsix built from this checkout is installed into code-server (scripts/vscode-env.sh builds
code-server, playwright-core and Debian's Chromium once into the cache folder). code-server
listens on 127.0.0.1 only, without authentication, with a fresh user-data-dir and extensions-dir,
and is stopped (its whole process group) however the test ends. ``vscode_e2e/drive.cjs`` drives
the workbench through the UI and writes a screenshot of each step into ``SCREENSHOTS``.

After the drive, the logs VS Code keeps are read: the "tensorls" output channel and the extension
host's own log, including those of the extension host that the window reload shut down.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

import pytest

from .conftest import REPOSITORY_ROOT
from .vscode_build import (
    client_lock,
    installed_client,
    npm_environment,
    packaged_vsix,
    shared_folder,
)

pytestmark = [pytest.mark.vscode, pytest.mark.slow, pytest.mark.xdist_group("vscode-client")]

ENV_SCRIPT = REPOSITORY_ROOT / "scripts" / "vscode-env.sh"
DRIVER = Path(__file__).resolve().parent / "vscode_e2e" / "drive.cjs"
SCREENSHOTS = Path(__file__).resolve().parent / "artifacts" / "vscode-e2e"
WORKSPACE_FILES = (
    REPOSITORY_ROOT / "examples" / "shapes" / "mlp_backprop.py",
    REPOSITORY_ROOT / "examples" / "shapes" / "attention_heads.py",
    REPOSITORY_ROOT / "examples" / "tf2" / "keras_sequential_fit.py",
    REPOSITORY_ROOT / "examples" / "notebooks" / "least_squares.ipynb",
)
DRIVE_LIMIT_SECONDS = 1500
START_LIMIT_SECONDS = 120
ENV_KEYS = ("TENSORLS_CODE_SERVER", "TENSORLS_PLAYWRIGHT_CORE", "TENSORLS_CHROMIUM")


@dataclass(frozen=True)
class VscodeEnv:
    code_server: Path
    playwright_core: Path
    chromium: Path


@pytest.fixture(scope="session")
def vscode_env() -> VscodeEnv:
    """The paths scripts/vscode-env.sh exported, else those it builds now; fails when it cannot."""
    paths = {key: os.environ[key] for key in ENV_KEYS if os.environ.get(key)}
    if len(paths) != len(ENV_KEYS):
        completed = subprocess.run(
            ["bash", str(ENV_SCRIPT)],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )
        if completed.returncode != 0:
            pytest.fail(f"{ENV_SCRIPT} exited {completed.returncode}:\n{completed.stderr}")
        paths = dict(line.split("=", 1) for line in completed.stdout.splitlines() if "=" in line)
    return VscodeEnv(*(Path(paths[key]) for key in ENV_KEYS))


def stop_process_group(process: subprocess.Popen[bytes]) -> None:
    """Terminate the process group ``process`` leads (started with ``start_new_session``), then
    kill it if it has not ended within 15 s."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=15)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class Profile:
    """A fresh VS Code profile with the extension installed, and the workspace it opens."""

    user_data: Path
    extensions: Path
    workspace: Path
    environment: dict[str, str]


def make_profile(root: Path, env: VscodeEnv, vsix: Path, python: str) -> Profile:
    user_data, extensions, workspace = root / "user-data", root / "extensions", root / "workspace"
    (user_data / "User").mkdir(parents=True)
    extensions.mkdir()
    workspace.mkdir()
    for source in WORKSPACE_FILES:
        shutil.copy2(source, workspace / source.name)
    settings = {
        "tensorls.interpreter": python,
        "editor.inlayHints.enabled": "on",
        "editor.minimap.enabled": False,
        "workbench.startupEditor": "none",
        "workbench.tips.enabled": False,
        "security.workspace.trust.enabled": False,
        "telemetry.telemetryLevel": "off",
        "update.mode": "none",
        "extensions.autoCheckUpdates": False,
        "extensions.ignoreRecommendations": True,
        "chat.disableAIFeatures": True,
    }
    (user_data / "User" / "settings.json").write_text(json.dumps(settings, indent=2))
    # code-server writes its config file into $XDG_CONFIG_HOME: keep it in the profile.
    environment = {**os.environ, "XDG_CONFIG_HOME": str(root / "xdg-config")}
    profile = Profile(user_data, extensions, workspace, environment)
    installed = subprocess.run(
        [str(env.code_server), *profile_arguments(profile), "--install-extension", str(vsix)],
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=START_LIMIT_SECONDS,
        check=False,
    )
    assert installed.returncode == 0 and "successfully installed" in installed.stdout, (
        installed.stdout + installed.stderr
    )
    return profile


def profile_arguments(profile: Profile) -> list[str]:
    return ["--user-data-dir", str(profile.user_data), "--extensions-dir", str(profile.extensions)]


@contextlib.contextmanager
def running_code_server(env: VscodeEnv, profile: Profile, log: Path) -> Iterator[str]:
    """code-server on 127.0.0.1 (a free port, no authentication); yields the workbench URL.

    It runs in a process group of its own, which is terminated (then killed) on the way out.
    """
    port = free_port()
    with log.open("w") as output:
        server = subprocess.Popen(
            [
                str(env.code_server),
                *profile_arguments(profile),
                "--bind-addr",
                f"127.0.0.1:{port}",
                "--auth",
                "none",
                "--disable-telemetry",
                "--disable-update-check",
                "--disable-workspace-trust",
                "--disable-getting-started-override",
                str(profile.workspace),
            ],
            env=profile.environment,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_LIMIT_SECONDS
        while True:
            assert server.poll() is None, f"code-server exited:\n{log.read_text()}"
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=5) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, f"code-server did not answer:\n{log.read_text()}"
            time.sleep(0.5)
        yield f"{base}/?folder={profile.workspace}"
    finally:
        stop_process_group(server)


@dataclass(frozen=True)
class Drive:
    """What the driver printed, and the logs VS Code wrote meanwhile."""

    steps: list[str]
    output_channels: list[str]
    extension_host_logs: str


def base_interpreter(python: str) -> dict[str, object]:
    """The global interpreter ``python``'s virtual environment was made from, and whether it is
    externally managed (PEP 668), for the install-offer step."""
    script = (
        "import json, os, sys, sysconfig; print(json.dumps([sys._base_executable,"
        " os.path.isfile(os.path.join(sysconfig.get_paths()['stdlib'], 'EXTERNALLY-MANAGED'))]))"
    )
    base = subprocess.run(
        [python, "-I", "-c", script], capture_output=True, text=True, check=True
    ).stdout
    executable, managed = json.loads(base)
    return {"basePython": executable, "baseExternallyManaged": managed}


def drive_once(
    vscode_env: VscodeEnv,
    npm_binary: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> Drive:
    """Builds and installs the .vsix, starts code-server, and drives it through every step."""
    root = tmp_path_factory.mktemp("vscode-real")
    client = installed_client(npm_binary, tmp_path_factory.getbasetemp())
    vsix = packaged_vsix(npm_binary, client, root / "tensorls.vsix")
    python = npm_environment()["TENSORLS_PYTHON"]
    profile = make_profile(root, vscode_env, vsix, python)
    shutil.rmtree(SCREENSHOTS, ignore_errors=True)
    SCREENSHOTS.mkdir(parents=True)
    print(f"screenshots of the VS Code steps: {SCREENSHOTS}")
    with running_code_server(vscode_env, profile, root / "code-server.log") as url:
        config = root / "drive.json"
        config.write_text(
            json.dumps(
                {
                    "url": url,
                    "python": python,
                    **base_interpreter(python),
                    "workspace": str(profile.workspace),
                    "screenshots": str(SCREENSHOTS),
                    "chromium": str(vscode_env.chromium),
                }
            )
        )
        completed = subprocess.run(
            ["node", str(DRIVER), str(config)],
            env={**os.environ, "TENSORLS_PLAYWRIGHT_CORE": str(vscode_env.playwright_core)},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=DRIVE_LIMIT_SECONDS,
            check=False,
        )
    assert completed.returncode == 0, (
        f"the drive failed (screenshots in {SCREENSHOTS}):\n{completed.stdout}\n{completed.stderr}"
    )
    logs = profile.user_data / "logs"
    return Drive(
        steps=[
            line[len("step: ") :]
            for line in completed.stdout.splitlines()
            if line.startswith("step: ")
        ],
        output_channels=[
            path.read_text()
            for path in sorted(logs.glob("*/exthost*/output_logging_*/*tensorls.log"))
        ],
        extension_host_logs="\n".join(
            path.read_text() for path in sorted(logs.glob("*/exthost*/remoteexthost.log"))
        ),
    )


@pytest.fixture(scope="session")
def drive(
    vscode_env: VscodeEnv,
    npm_binary: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> Drive:
    """One drive per pytest run, whatever the scheduling.

    Session-scoped (xdist's loadgroup may interleave this module's tests with the group's other
    modules, which would tear a module-scoped fixture down), and shared by the workers: the first
    one drives under a lock of the run and records the outcome, the others wait and read it.
    """
    shared = shared_folder(tmp_path_factory.getbasetemp())
    record = shared / "vscode-drive.json"
    with client_lock(shared, "vscode-drive"):
        if record.exists():
            return Drive(**json.loads(record.read_text()))
        outcome = drive_once(vscode_env, npm_binary, tmp_path_factory)
        record.write_text(json.dumps(asdict(outcome)))
        return outcome


def test_every_step_passes_through_the_real_ui(drive: Drive) -> None:
    assert drive.steps == [
        "the shape error is squiggled and its hover gives the message",
        "the Problems panel lists the error with its two related locations",
        "hover on W1 shows its shape (20, 64)",
        "inlay hints appear, disappear and reappear with tensorls.inlayHints",
        'the Quick Fix menu offers "Distribute with Horovod"',
        "the Refactor menu offers it, and choosing it rewrites the script for Horovod",
        "undo restores the script",
        'the command "tensorls: Distribute with Horovod" rewrites it too, and undo restores it',
        "an untitled Python file is analysed",
        "a notebook cell shows its shape error, listed in the Problems panel",
        'fixing the setting starts the server while the "not found" notification is still open',
        "no notification says that sending a notification failed",
        "a global interpreter is named and offered a project .venv, never a silent install",
        '"Create .venv and install" makes the folder\'s .venv, installs there and starts the'
        " server from it",
        "the window reloads and the server starts again",
    ]


def test_screenshots_of_each_step_are_written(drive: Drive) -> None:
    names = {path.stem for path in SCREENSHOTS.glob("*.png")}
    assert {
        "01-diagnostic",
        "03-hover",
        "08-distributed",
        "10-untitled",
        "11-notebook-cell",
    } <= names


def test_no_configuration_change_is_sent_to_a_client_being_restarted(drive: Drive) -> None:
    text = "\n".join(drive.output_channels)
    assert "tensorls: interpreter /nonexistent/tensorls-e2e/python" in text
    assert "didChangeConfiguration failed" not in text


EXTENSION_FOLDER = "tensorls.tensorls-"
"""How the installed extension's folder starts (publisher.name-version): its frames in a stack."""


def closed_channel_errors(logs: str) -> list[str]:
    """The logged "Channel has been closed" errors of the extension host, each with its stack
    (a log entry runs until the next line starting with a date)."""
    entries = re.split(r"\n(?=\d{4}-\d\d-\d\d )", logs)
    return [entry for entry in entries if "Channel has been closed" in entry]


def test_the_output_channel_outlives_the_client(drive: Drive) -> None:
    assert len(drive.output_channels) >= 2, "the reload started a second extension host"
    ours = [e for e in closed_channel_errors(drive.extension_host_logs) if EXTENSION_FOLDER in e]
    assert not ours, ours


def test_only_the_extensions_own_closed_channel_errors_count() -> None:
    logs = (
        "2026-11-25 14:54:28.100 [error] Error: Channel has been closed\n"
        "\tat R.info (/x/extensions/json-language-features/client/dist/node/jsonClientMain.js:2:1)\n"
        "2026-11-25 14:54:28.200 [error] Error: Channel has been closed\n"
        "\tat a.appendLine (/p/extensions/tensorls.tensorls-0.1.0/out/extension.js:1:2)\n"
        "2026-11-25 14:54:28.223 [info] Extension host exiting with code 0"
    )
    errors = closed_channel_errors(logs)
    assert len(errors) == 2
    assert [EXTENSION_FOLDER in error for error in errors] == [False, True]


def test_the_output_channel_shows_each_settings_once_per_start_and_no_noise(drive: Drive) -> None:
    for channel in drive.output_channels:
        assert "Cancel notification for unknown message id" not in channel
        assert not re.search(r"\[Error[^\]]*\] Server process exited with code 0", channel)
        shown: list[str] = []
        for line in channel.splitlines():
            if line.startswith("tensorls: interpreter "):
                shown = []
            settings = re.sub(r"^\[Info +- [^\]]*\] ", "", line)
            if settings.startswith("settings: "):
                assert not shown or shown[-1] != settings, channel
                shown.append(settings)
