"""Starting tensorls without importing anything from the folder it is started in.

Python puts the working directory on ``sys.path`` for ``python -m`` and ``python -c`` (as ``''``
or as its absolute path), and ``PYTHONPATH=.`` adds it too. A workspace holding ``json.py``,
``numpy.py`` or a ``tensorls/`` folder would then have that code executed by tensorls. The
entry points here remove every working-directory entry from ``sys.path`` before they import
anything else of tensorls or of the standard library that is not already loaded:

- the ``tensorls`` console script (``tensorls serve|check|hover|distribute``) calls :func:`main`;
- ``python -m tensorls`` runs :func:`main` from ``tensorls/__main__.py``, but by then Python has
  already imported, with the working directory first on ``sys.path``, the ``tensorls`` package
  itself (a workspace ``tensorls.py`` or ``tensorls/`` would shadow it) and what its ``runpy``
  needs that startup did not load (on 3.11: ``importlib``, ``warnings``, ``contextlib``,
  ``collections``, ``functools``, ``types``, ``operator``, ``keyword``, ``reprlib``), so plain
  ``python -m tensorls`` is unsafe in an untrusted folder (``python -P -m tensorls`` on Python
  3.11+ and ``python -I -m tensorls`` are safe);
- the editor clients start ``python -c LAUNCHER serve``, where LAUNCHER (in
  ``client-nvim/lua/tensorls/init.lua`` and ``client-vscode/src/launchArguments.json``) does what
  :func:`without_working_directory` does in a few lines of its own before importing tensorls,
  which makes it safe on every Python from 3.10.

The ``tensorls`` package, ``tensorls/__main__.py`` and this module import only ``os`` and ``sys``
(no ``from __future__`` either) before ``sys.path`` is clean: ``sys`` is built in and ``os`` is
loaded by ``site`` at startup, or frozen into the interpreter, which imports it before looking at
``sys.path``. Nothing here helps when ``PYTHONPATH`` names the working directory: Python then
imports from it while starting up (``site`` runs ``.pth`` files), before any tensorls code runs.
"""

import os
import sys


def _comparable(path: str) -> str:
    return os.path.normcase(os.path.realpath(path))


def without_working_directory(entries: list[str]) -> list[str]:
    """``entries`` (a ``sys.path``) without the entries that name the working directory.

    Removed: relative entries (``''``, ``'.'``, ``'src'``: Python resolves them against the
    working directory, so they name folders the workspace controls) and absolute entries naming
    the working directory itself (symbolic links resolved). Absolute entries below it (a virtual
    environment inside the project) are kept. When the working directory no longer exists,
    only relative entries are removed: Python imports nothing through them then.
    """
    try:
        working_directory: str | None = _comparable(os.getcwd())
    except OSError:
        working_directory = None
    return [
        entry
        for entry in entries
        if os.path.isabs(entry) and _comparable(entry) != working_directory
    ]


def main() -> int:
    """Remove the working directory from ``sys.path``, then run the ``tensorls`` command line."""
    sys.path[:] = without_working_directory(sys.path)
    from tensorls.cli import main as run_command_line

    return run_command_line()
