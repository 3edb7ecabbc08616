"""Workspaces whose modules betray being imported: the trap for launch lines that run workspace code.

Every planted module creates ``<markers>/<name>`` and ends the process with status
:data:`PLANTED_EXIT_STATUS` as soon as it is imported (it uses only the built-in ``posix``
module and ``open``, which no file can shadow). A launch line is safe when, run with the
workspace as its working directory, it does its work and leaves ``<markers>`` empty.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PLANTED_EXIT_STATUS = 97
FIXTURES = Path(__file__).resolve().parents[1] / "clients" / "fixtures"

ALWAYS_PLANTED = frozenset(
    {
        "argparse",
        "asyncio",
        "attrs",
        "cattrs",
        "concurrent",
        "difflib",
        "enum",
        "json",
        "libcst",
        "logging",
        "lsprotocol",
        "numpy",
        "pip",
        "pygls",
        "runpy",
        "sitecustomize",
        "tempfile",
        "typing",
        "usercustomize",
        "uuid",
    }
)
"""The names the issue lists, the startup hooks and tensorls's direct dependencies."""

_IMPORTED_BY_TENSORLS = """
import json, sys
import tensorls.launch, tensorls.cli, tensorls.files, tensorls.server.server
import tensorls.analyses.horovod
from tensorls.analyses import Position, analyse
from tensorls.analyses.horovod import distribute
source = sys.stdin.read()
analyse(source).hover_at(Position(0, 0))
distribute(source)
print(json.dumps(sorted({name.partition(".")[0] for name in sys.modules})))
"""


def names_imported_by_tensorls(working_directory: Path) -> frozenset[str]:
    """The top-level modules loaded by importing the server and the command line and analysing
    and distributing a TF2 script, in a fresh interpreter started in ``working_directory``."""
    completed = subprocess.run(
        [sys.executable, "-I", "-c", _IMPORTED_BY_TENSORLS],
        cwd=working_directory,
        input=(FIXTURES / "tf2_gradient_tape.txt").read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    names: list[str] = json.loads(completed.stdout)
    return frozenset(name for name in names if name.isidentifier() and name != "__main__")


def planted_module(name: str, markers: Path) -> str:
    """The source of a module ``name`` that records its import in ``markers`` and exits."""
    return (
        f"open({str(markers / name)!r}, 'w').close()\n"
        f"import posix\n"
        f"posix._exit({PLANTED_EXIT_STATUS})\n"
    )


def plant_workspace(
    workspace: Path, markers: Path, names: frozenset[str], *, tensorls_as_package: bool
) -> None:
    """Put a trap module for each of ``names`` and for ``tensorls`` (a ``tensorls/`` package or a
    ``tensorls.py`` module) into ``workspace``; imports of them are recorded in ``markers``."""
    workspace.mkdir(parents=True, exist_ok=True)
    markers.mkdir(parents=True, exist_ok=True)
    for name in sorted(names - {"tensorls"}):
        (workspace / f"{name}.py").write_text(planted_module(name, markers), encoding="utf-8")
    if tensorls_as_package:
        package = workspace / "tensorls"
        package.mkdir()
        for module in ("__init__", "__main__", "cli", "launch"):
            (package / f"{module}.py").write_text(
                planted_module(f"tensorls.{module}", markers), encoding="utf-8"
            )
    else:
        (workspace / "tensorls.py").write_text(
            planted_module("tensorls", markers), encoding="utf-8"
        )


def imported_traps(markers: Path) -> list[str]:
    """The planted modules that were imported."""
    return sorted(marker.name for marker in markers.iterdir())
