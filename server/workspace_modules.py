"""The workspace as the server sees it: where imports of the project's modules are searched,
what text a module has (its open editor buffer first, unsaved edits included, else the file on
disk), and which open documents must be analysed again when a module they import changes.

The analysis library never opens files: each analysis gets a ``Workspace`` whose reader looks
up a snapshot of the open buffers taken when the analysis was scheduled, then the disk. Module
records (each module parsed once per text, and its key: see
``tensorls.analyses.interpreter.modules.imports`` and docs/modules.md) are cached for the whole
session, so a document's checkpoints and call summaries stay valid until a module they imported,
or one that module imports, changes.
"""

from __future__ import annotations

import os.path
from collections.abc import Iterable, Mapping

from lsprotocol import types
from pygls.uris import from_fs_path, to_fs_path
from tensorls.analyses.text import SourceText
from tensorls.analyses.workspace import ModuleSearch, SummaryCache, Workspace

from tensorls.files import read_module_text

from .documents import DocumentState


def path_of(uri: str) -> str | None:
    """The normalised file-system path of a ``file:`` URI; None for other schemes."""
    if not uri.startswith("file:"):
        return None
    path = to_fs_path(uri)
    return os.path.normpath(path) if path else None


class ServerWorkspace:
    """Search roots (workspace folders, then ``extraPaths``) and the session's summary cache."""

    def __init__(self) -> None:
        self.folders: tuple[str, ...] = ()
        self.extra_paths: tuple[str, ...] = ()
        self.summaries: SummaryCache[object] = SummaryCache()

    def adopt_folders(self, params: types.InitializeParams) -> None:
        """The workspace folders of ``initialize`` (or its ``rootUri``/``rootPath``)."""
        uris = [folder.uri for folder in params.workspace_folders or ()]
        if not uris and params.root_uri:
            uris = [params.root_uri]
        folders = [path for path in (path_of(uri) for uri in uris) if path is not None]
        if not folders and params.root_path:
            folders = [os.path.normpath(params.root_path)]
        self.folders = tuple(folders)

    def change_folders(self, event: types.WorkspaceFoldersChangeEvent) -> None:
        removed = {path_of(folder.uri) for folder in event.removed}
        kept = [folder for folder in self.folders if folder not in removed]
        added = [path_of(folder.uri) for folder in event.added]
        self.folders = tuple(dict.fromkeys([*kept, *(path for path in added if path)]))

    def roots(self) -> tuple[str, ...]:
        """The folders searched after the script's own: workspace folders, then ``extraPaths``
        (a relative entry is taken from each workspace folder)."""
        extra: list[str] = []
        for entry in self.extra_paths:
            if os.path.isabs(entry):
                extra.append(os.path.normpath(entry))
            else:
                extra.extend(os.path.normpath(os.path.join(root, entry)) for root in self.folders)
        return tuple(dict.fromkeys([*self.folders, *extra]))

    def for_analysis(self, documents: Iterable[DocumentState]) -> Workspace:
        """The workspace of one analysis: open buffers as they are now, then the disk."""
        buffers: dict[str, str] = {}
        for state in documents:
            path = path_of(state.uri)
            if path is not None:
                buffers[path] = state.text.text

        def read(path: str) -> str | None:
            text = buffers.get(path)
            return text if text is not None else read_module_text(path)

        return Workspace(ModuleSearch(self.roots(), read), self.summaries)

    @staticmethod
    def dependents(documents: Mapping[str, DocumentState], uri: str) -> list[DocumentState]:
        """The open documents whose latest analysis read the module at ``uri`` (directly or
        through other modules)."""
        path = path_of(uri)
        if path is None:
            return []
        return [
            state
            for state in documents.values()
            if state.uri != uri and state.latest is not None and path in state.latest.result.modules
        ]

    @staticmethod
    def location_of(module: str, documents: Mapping[str, DocumentState]) -> tuple[str, SourceText]:
        """The URI of the module at path ``module`` and its text (for column conversion)."""
        uri = from_fs_path(module) or module
        for state in documents.values():
            if path_of(state.uri) == module:
                return state.uri, state.text
        return uri, SourceText(read_module_text(module) or "")
