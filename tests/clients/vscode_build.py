"""One build of client-vscode per pytest run, in a private copy, whatever the test scheduling.

The copy lives in the temporary folder that every xdist worker of the run shares; every npm step
in it runs under one file lock, so two workers never run ``npm ci`` (which replaces node_modules/)
or a build at once, and the developer's own client-vscode/node_modules is never touched.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from .conftest import REPOSITORY_ROOT

CLIENT = REPOSITORY_ROOT / "client-vscode"
STEP_LIMIT_SECONDS = 900
# What the build reads; everything else in client-vscode/ (node_modules/, dist/, out/, a .vsix,
# server/) is the output of some build.
CLIENT_SOURCES = (
    "package.json",
    "package-lock.json",
    "tsconfig.json",
    ".vscodeignore",
    "README.md",
    "LICENSE",
    "src",
    "test",
    "scripts",
)
INSTALLED_MARKER = ".tensorls-npm-ci-done"


def shared_folder(base_temp: Path) -> Path:
    """The temporary folder of this pytest run that all its xdist workers share."""
    return base_temp.parent if os.environ.get("PYTEST_XDIST_WORKER") else base_temp


@contextlib.contextmanager
def client_lock(shared: Path, name: str = "client-vscode") -> Iterator[None]:
    """Holds the run's lock ``name`` (blocking until another worker releases it).

    Not re-entrant: a process holding a lock must not take the same one again.
    """
    with (shared / f"{name}.lock").open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def npm_environment() -> dict[str, str]:
    """The server runs with this interpreter; the Node tests find the fixtures in the repository."""
    return {
        **os.environ,
        "TENSORLS_PYTHON": os.environ.get("TENSORLS_PYTHON", sys.executable),
        "TENSORLS_REPOSITORY_ROOT": str(REPOSITORY_ROOT),
    }


def _run(npm: str, copy: Path, arguments: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    completed = subprocess.run(
        [npm, *arguments],
        cwd=copy,
        env=npm_environment(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=STEP_LIMIT_SECONDS,
        check=False,
    )
    assert completed.returncode == 0, (
        f"npm {' '.join(arguments)} exited {completed.returncode} in {copy}:\n"
        f"{completed.stdout[-6000:]}\n{completed.stderr[-6000:]}"
    )
    return completed


def installed_client(npm: str, base_temp: Path) -> Path:
    """The private copy of client-vscode/ after ``npm ci``, made once per run."""
    shared = shared_folder(base_temp)
    copy = shared / "client-vscode"
    with client_lock(shared):
        if not (copy / INSTALLED_MARKER).exists():
            shutil.rmtree(copy, ignore_errors=True)
            copy.mkdir()
            for name in CLIENT_SOURCES:
                source = CLIENT / name
                if source.is_dir():
                    shutil.copytree(source, copy / name)
                else:
                    shutil.copy2(source, copy / name)
            _run(npm, copy, ("ci", "--no-audit", "--no-fund"))
            (copy / INSTALLED_MARKER).touch()
    return copy


def run_npm(npm: str, copy: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """Runs one npm command in the private copy under the lock; fails on a non-zero exit."""
    with client_lock(copy.parent):
        return _run(npm, copy, arguments)


def packaged_vsix(npm: str, copy: Path, destination: Path) -> Path:
    """``npm run package`` in the private copy; the .vsix copied to ``destination`` under the lock."""
    with client_lock(copy.parent):
        _run(npm, copy, ("run", "package"))
        shutil.copy2(copy / "tensorls.vsix", destination)
    return destination
