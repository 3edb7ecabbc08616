"""tensorls in a real JupyterLab: jupyterlab-lsp's front end in headless Chromium.

scripts/jupyterlab-env.sh builds JupyterLab with jupyterlab-lsp once into the cache folder;
playwright-core and Chromium come from the VS Code test's environment (scripts/vscode-env.sh).
JupyterLab runs on 127.0.0.1 without a token, as root if need be, with its own configuration,
settings and runtime folders under the test's temporary folder; jupyter-lsp is given tensorls's
spec as ``tensorls.jupyter_spec.spec`` makes it in this interpreter (the entry point that
registers it when tensorls is installed beside JupyterLab; the spec's own test is in
tests/test_packaging.py). It is stopped (its whole process group) however the test ends.
``jupyterlab_e2e/drive.cjs`` opens a notebook with a shape bug in its second cell (its squiggle,
its message, and hover on a name of that cell with Ctrl held, jupyterlab-lsp's default) and its
clean twin, and writes a screenshot of each step into ``SCREENSHOTS``.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tensorls import jupyter_spec
from tests.test_packaging import wheel

from .conftest import REPOSITORY_ROOT
from .test_vscode_real import VscodeEnv, free_port, stop_process_group, vscode_env

__all__ = ["vscode_env", "wheel"]

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("jupyterlab-client")]

ENV_SCRIPT = REPOSITORY_ROOT / "scripts" / "jupyterlab-env.sh"
DRIVER = Path(__file__).resolve().parent / "jupyterlab_e2e" / "drive.cjs"
SCREENSHOTS = Path(__file__).resolve().parent / "artifacts" / "jupyterlab-e2e"
START_LIMIT_SECONDS = 180
DISCOVERY_LIMIT_SECONDS = 120
DRIVE_LIMIT_SECONDS = 600
FIRST_CELL = "import numpy as np\na = np.zeros((3, 4))\n"
SECOND_CELL = {
    "shape_bug": "b = np.zeros((5, 6))\nc = a @ b\n",
    "clean": "b = np.zeros((4, 6))\nc = a @ b\n",
}


def notebook(second_cell: str) -> dict[str, object]:
    cells = [
        {
            "cell_type": "code",
            "id": f"cell-{index}",
            "metadata": {},
            "execution_count": None,
            "source": source,
            "outputs": [],
        }
        for index, source in enumerate((FIRST_CELL, second_cell))
    ]
    return {
        "nbformat": 4,
        "nbformat_minor": 5,
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
        "cells": cells,
    }


@pytest.fixture(scope="module")
def jupyterlab_python() -> Path:
    """The interpreter scripts/jupyterlab-env.sh exported, else the one it builds now."""
    exported = os.environ.get("TENSORLS_JUPYTERLAB_PYTHON")
    if exported:
        return Path(exported)
    completed = subprocess.run(
        ["bash", str(ENV_SCRIPT)], stdin=subprocess.DEVNULL, capture_output=True, text=True
    )
    if completed.returncode != 0:
        pytest.fail(f"{ENV_SCRIPT} exited {completed.returncode}:\n{completed.stderr}")
    return Path(completed.stdout.strip().splitlines()[-1])


@contextlib.contextmanager
def running_jupyterlab(python: Path, root: Path) -> Iterator[str]:
    """JupyterLab serving ``root/notebooks`` with tensorls as its only Python language server;
    yields its base URL."""
    notebooks, config, settings = root / "notebooks", root / "config", root / "settings"
    for folder in (notebooks, config, settings / "@jupyter-lsp" / "jupyterlab-lsp"):
        folder.mkdir(parents=True, exist_ok=True)
    for name, second_cell in SECOND_CELL.items():
        (notebooks / f"{name}.ipynb").write_text(json.dumps(notebook(second_cell)))
    servers = jupyter_spec.spec(None)
    (config / "jupyter_server_config.json").write_text(
        json.dumps({"LanguageServerManager": {"language_servers": servers, "autodetect": False}})
    )
    news = settings / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    port = free_port()
    environment = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(config),
        "JUPYTER_RUNTIME_DIR": str(root / "runtime"),
        "JUPYTER_DATA_DIR": str(root / "data"),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(root / "workspaces"),
        "IPYTHONDIR": str(root / "ipython"),
    }
    log = root / "jupyterlab.log"
    with log.open("w") as output:
        server = subprocess.Popen(
            [
                str(python.with_name("jupyter")),
                "lab",
                "--no-browser",
                "--allow-root",
                "--ip=127.0.0.1",
                f"--port={port}",
                "--ServerApp.token=",
                "--ServerApp.password=",
                f"--ServerApp.root_dir={notebooks}",
            ],
            env=environment,
            cwd=notebooks,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_LIMIT_SECONDS
        while True:
            assert server.poll() is None, f"JupyterLab exited:\n{log.read_text()}"
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"{base}/lsp/status", timeout=5) as answer,
            ):
                status = json.loads(answer.read())
                break
            assert time.monotonic() < deadline, f"JupyterLab did not answer:\n{log.read_text()}"
            time.sleep(0.5)
        assert list(status["sessions"]) == ["tensorls"], status["sessions"]
        yield base
    finally:
        stop_process_group(server)


def test_a_cell_error_shows_in_jupyterlab_and_the_clean_twin_is_quiet(
    vscode_env: VscodeEnv, jupyterlab_python: Path, tmp_path: Path
) -> None:
    assert jupyter_spec.spec(None)["tensorls"]["argv"][0] == sys.executable
    with running_jupyterlab(jupyterlab_python, tmp_path) as url:
        config = tmp_path / "drive.json"
        config.write_text(
            json.dumps(
                {"url": url, "screenshots": str(SCREENSHOTS), "chromium": str(vscode_env.chromium)}
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
    steps = [line[6:] for line in completed.stdout.splitlines() if line.startswith("step: ")]
    assert steps == [
        "the product of the second cell is squiggled",
        "hovering the squiggle shows NumPy's message",
        "holding Control over a name of the second cell shows its shape",
        "the hover names the line where the shape was made as cell 2, line 1",
        "the clean twin has no diagnostic",
        "typing the bug into the clean twin squiggles it",
    ]


def test_installing_tensorls_beside_jupyterlab_registers_it(
    jupyterlab_python: Path, wheel: Path, tmp_path: Path
) -> None:
    """The README's setup, as jupyter-lsp itself sees it: with tensorls's wheel installed where
    JupyterLab's Python finds it and no language server configured, jupyter-lsp's manager (the
    class ``jupyter lab`` starts) lists tensorls, to be run with JupyterLab's own Python.

    The wheel goes to a folder on ``PYTHONPATH`` (never into the cached environment) without its
    dependencies: finding the spec imports nothing but ``tensorls.jupyter_spec``."""
    site = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-input",
            "--disable-pip-version-check",
            "--target",
            str(site),
            str(wheel),
        ],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=True,
    )
    listing = (
        "import json\n"
        "from jupyter_lsp import LanguageServerManager\n"
        "manager = LanguageServerManager()\n"
        "manager.init_language_servers()\n"
        "print(json.dumps(manager.language_servers))\n"
    )
    completed = subprocess.run(
        [str(jupyterlab_python), "-c", listing],
        env={
            **os.environ,
            "PYTHONPATH": str(site),
            "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
            "JUPYTER_DATA_DIR": str(tmp_path / "data"),
            "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
        },
        cwd=tmp_path,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=DISCOVERY_LIMIT_SECONDS,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    servers = json.loads(completed.stdout)
    assert list(servers) == ["tensorls"]
    assert servers["tensorls"]["argv"] == [
        str(jupyterlab_python),
        "-c",
        jupyter_spec.LAUNCHER,
        "serve",
    ]
    assert servers["tensorls"]["languages"] == ["python"]
