"""The project modules a piece of analysed code imported, and whether they still resolve the same.

Code that imports a project module depends on an input outside the store: which file the import
finds and the key of that file's run (``imports``: its text and, transitively, its imports').
Call summaries (``memo``) and module checkpoints (``checkpoints``) keep the import resolutions
their code made, as the importer recorded them (``Importer.dependencies``), and are reused only
while ``still_resolve`` holds. Resolving again validates the imported module's record against the
current texts; it never runs a module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..modules.imports import ImportRead

if TYPE_CHECKING:
    from ..modules.imports import Importer

__all__ = ["ImportRead", "imports_made", "imports_so_far", "still_resolve"]


def imports_made(importer: Importer | None, since: int) -> tuple[ImportRead, ...]:
    """The import resolutions ``importer`` recorded from position ``since`` on."""
    return tuple(importer.dependencies[since:]) if importer is not None else ()


def imports_so_far(importer: Importer | None) -> int:
    """How many import resolutions ``importer`` recorded (0 without one)."""
    return len(importer.dependencies) if importer is not None else 0


def still_resolve(reads: tuple[ImportRead, ...], importer: Importer | None) -> bool:
    """Whether every import in ``reads`` resolves to the same module with the same key now
    (an unknown key never holds). When all do, they are recorded in ``importer`` as running the
    imports would (modules used, validated, found; the importer's own list), so that enclosing
    code records them too; when one does not, the modules used are left as they were."""
    if not reads:
        return True
    if importer is None:
        return False
    session = importer.session
    used = set(session.used)
    for name, level, here, path, key in reads:
        found = session.find(name, level, here)
        if (found.path if found is not None else None) != path or (
            found is not None and (key is None or session.key_of(found) != key)
        ):
            session.used = used
            return False
        if found is not None:
            session.used.add(found.path)
    importer.dependencies.extend(reads)
    return True
