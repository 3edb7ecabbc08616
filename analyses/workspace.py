"""The modules of a workspace: where an import finds one of the project's own modules.

This module is pure: it never opens a file. Module texts come from a ``ReadText`` callable the
caller supplies (the CLI reads the disk; the server reads its open editor buffers first, then the
disk), so an unsaved buffer is what its importers see. Paths are strings handled with
``os.path``'s pure string functions only.

Search order, as Python's ``sys.path`` would have it when the analysed file is run as a script:

1. the folder of the analysed script (``sys.path[0]``; for every module it imports, directly or
   not, it is still the *script's* folder, as in Python);
2. the workspace folders and the ``extraPaths`` setting, in that order (they play the part of
   ``PYTHONPATH`` entries), each followed by its ``src`` folder (src layouts).

A modelled library (NumPy, TensorFlow...) is never looked for in these folders: its model is
used even when a project file has its name. Python would import a ``numpy.py`` next to the script
instead, but such a file is nearly always an accident (the script then fails on import) or a
planted trap, and analysing it instead would lose every shape of the script; the folders are only
searched for names no model knows, which otherwise are ⊤. In each folder a package (``name/__init__.py``) wins over a module (``name.py``); a
dotted name is looked up inside the package its first part was found in (a folder without
``__init__.py`` found in no folder as a regular package or module is a namespace package: the
dotted name is then looked up in every folder). Relative imports (``from .layers import dense``)
resolve from the importing module's own folder. Compiled extension modules and stubs are not
looked for (they stay ⊤).
"""

from __future__ import annotations

import hashlib
import os.path
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

ReadText = Callable[[str], "str | None"]
"""Reads the text of the file at a path; None when there is no such readable file."""

SUBMODULE = -1
"""The ``level`` of an import request that names a package's submodule by its path (an attribute
of a project package, ``pkg.sub``, that the package's body did not bind)."""
MAX_MODULE_TEXT = 1_000_000
"""Longest module text analysed when imported (as for documents); a longer one is ⊤."""


def read_nothing(path: str) -> str | None:
    """The reader of an analysis without a workspace: no project module is ever found."""
    return None


@dataclass(frozen=True)
class FoundModule:
    """A project module an import resolved to."""

    name: str | None
    """Its dotted name (``__name__``) when imported absolutely; None for relative imports."""
    path: str
    text: str
    is_package: bool

    @property
    def digest(self) -> str:
        """A hash of the text (part of the module's key, with its imports' keys)."""
        return hashlib.blake2b(
            self.text.encode("utf-8", "surrogatepass"), digest_size=16
        ).hexdigest()


@dataclass(frozen=True)
class ModuleSearch:
    """Finds project modules in the search roots through ``read`` (see the module docstring)."""

    roots: tuple[str, ...] = ()
    """Workspace folders and ``extraPaths`` entries, absolute, in search order."""
    read: ReadText = read_nothing

    def search_path(self, script: str | None) -> tuple[str, ...]:
        """The folders searched for an absolute import made (directly or not) by ``script``."""
        folders: list[str] = []
        if script is not None:
            folders.append(os.path.dirname(script))
        for root in self.roots:
            folders.extend((root, os.path.join(root, "src")))
        unique: dict[str, None] = {}
        for folder in folders:
            unique.setdefault(os.path.normpath(folder), None)
        return tuple(unique)

    def find(
        self, name: str, level: int, importer: str | None, script: str | None
    ) -> FoundModule | None:
        """The project module ``import name`` (``level`` dots for a relative import) made by the
        module at ``importer`` of an analysis of ``script`` resolves to, or None."""
        if level == SUBMODULE:
            return self._in_folder(os.path.dirname(name), [os.path.basename(name)], None)
        parts = [part for part in name.split(".") if part] if name else []
        if level > 0:
            if importer is None:
                return None
            folder = os.path.dirname(importer)
            for _ in range(level - 1):
                folder = os.path.dirname(folder)
            return self._in_folder(folder, parts, None)
        if not parts:
            return None
        folders = self.search_path(script)
        for folder in folders:
            if self._file(os.path.join(folder, parts[0], "__init__.py")) is not None or (
                self._file(os.path.join(folder, parts[0] + ".py")) is not None
            ):
                return self._in_folder(folder, parts, name)
        for folder in folders:
            found = self._in_folder(folder, parts, name)
            if found is not None:
                return found
        return None

    def _in_folder(self, folder: str, parts: Sequence[str], name: str | None) -> FoundModule | None:
        base = os.path.join(folder, *parts)
        package = os.path.join(base, "__init__.py")
        text = self._file(package)
        if text is not None:
            return FoundModule(name, os.path.normpath(package), text, True)
        if parts:
            module = base + ".py"
            text = self._file(module)
            if text is not None:
                return FoundModule(name, os.path.normpath(module), text, False)
        return None

    def _file(self, path: str) -> str | None:
        try:
            text = self.read(os.path.normpath(path))
        except (OSError, ValueError, UnicodeError):
            return None
        if text is None or len(text) > MAX_MODULE_TEXT:
            return None
        return text


Summary = TypeVar("Summary")


@dataclass
class SummaryCache(Generic[Summary]):
    """Module records by path (``interpreter.modules.imports.ModuleRecord``: the parsed code of the
    module's current text and its key), least recently used dropped past ``capacity`` (kept by
    the caller across analyses: the server for its session, the CLI for one run)."""

    capacity: int = 1024
    _entries: OrderedDict[str, Summary] = field(default_factory=OrderedDict)

    def get(self, path: str) -> Summary | None:
        summary = self._entries.get(path)
        if summary is not None:
            self._entries.move_to_end(path)
        return summary

    def put(self, path: str, summary: Summary) -> None:
        self._entries[path] = summary
        self._entries.move_to_end(path)
        while len(self._entries) > self.capacity:
            self._entries.popitem(last=False)

    def __len__(self) -> int:
        return len(self._entries)


@dataclass
class Workspace:
    """What an analysis needs to follow imports into the project: the search (roots and reader)
    and the cache of module records shared by every analysis made with this workspace."""

    search: ModuleSearch = field(default_factory=ModuleSearch)
    summaries: SummaryCache[object] = field(default_factory=SummaryCache)
    projected: Workspace | None = field(default=None, repr=False)
    """The workspace of the rank projections (``for_projections``), made on first use."""

    def for_projections(self) -> Workspace:
        """The workspace the rank projections import with: the same search, module records of
        their own (a module body run as one rank has a key of its own; sharing the ordinary
        analysis's records would make each replace the other's). The two projections share it,
        so they run the same parsed code (a call summary of one replays in the other)."""
        if self.projected is None:
            self.projected = Workspace(self.search)
        return self.projected
