"""The project modules a piece of analysed code imported, and whether they still resolve the same.

Code that imports a project module depends on an input outside the store: which file the import
finds and the analysed summary of that file (``imports``). Call summaries (``memo``) and module
checkpoints (``checkpoints``) keep the imports their code made, as the importer recorded them
(``Importer.dependencies``), and are reused only while ``still_resolve`` holds. Resolving again
goes through the analysis's importer, which validates a cached module summary against the
module's current text and its own imports.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .imports import Importer

ImportRead = tuple[str, int, str | None, Hashable | None]
"""One import: (name, level, the path it resolved to, that module summary's key); the shape of
``Importer.dependencies`` entries."""


def imports_made(importer: Importer | None, since: int) -> tuple[ImportRead, ...]:
    """The imports ``importer`` recorded from position ``since`` on."""
    return tuple(importer.dependencies[since:]) if importer is not None else ()


def imports_so_far(importer: Importer | None) -> int:
    """How many imports ``importer`` recorded (0 without one)."""
    return len(importer.dependencies) if importer is not None else 0


def still_resolve(reads: tuple[ImportRead, ...], importer: Importer | None) -> bool:
    """Whether every import in ``reads`` resolves to the same module with the same summary key
    now. When all do, they are recorded in ``importer`` as running the imports would (modules
    used, validated, found; the importer's own list), so that enclosing code records them too."""
    if not reads:
        return True
    if importer is None:
        return False
    session = importer.session
    resolved: list[ImportRead] = []
    for name, level, path, key in reads:
        found = session.find(name, level, None if level < 0 else importer.path)
        if (found.path if found is not None else None) != path:
            return False
        if found is not None:
            if key is None:
                return False
            session.used.add(found.path)
            summary = importer.summary_of(found)
            if summary is None or summary.key != key:
                return False
        resolved.append((name, level, path, key))
    importer.dependencies.extend(resolved)
    return True
