"""Imports of the project's own modules: resolved, parsed once per text, and keyed.

An import that ``workspace.ModuleSearch`` resolves to a project file runs that module's body in
the analysed document's own machine and store (``import_rules``), once per analysis, as Python
runs it once per process: every importer shares its module object and what its body bound.
This module holds what lives around that run:

- the ``Importer`` of one analysis (its ``Session``): requests resolved once each, the modules
  used, and ``dependencies``, every import resolution made in the analysis
  in order (``import_reads``: call summaries and checkpoints keep the slice their code made and
  are reused only while each still resolves to the same module with the same key);
- ``ModuleRecord``, kept in the workspace's cache per path: the parsed ``ModuleCode`` of the
  module's current text (parsed once per text: its node identities are allocation sites that
  cached stores refer to) and its *key*, equal for two runs of the same text whose imports had
  equal keys. A record is validated against the current texts without running anything
  (``Session.key_of``), so an edit anywhere below a module changes the key of every module above
  it, and nothing else.

Never done: opening files (texts come from the workspace's reader), importing or running any of
it. Bounds: at most ``MAX_IMPORT_DEPTH`` module bodies running at once and ``MAX_MODULES_RUN``
modules loaded in the state an import is made in (the module registry is part of the abstract
state, so the bound gives the same answer whether the statements before were run or restored
from a checkpoint, a call summary or a module body's summary); beyond either the module is
unknown (⊤), silently. A module whose run saw such a bound, or an import cycle, has no key (nothing
that imported it is reused by key; its body's summary, ``module_bodies``, is validated by texts
instead: ``Session.texts_hold``).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...facts import AnalysisSettings
from ...sliced_parse import parse_module
from ...text import SourceText
from ...workspace import FoundModule, Workspace
from ..budget import Budget
from ..core.scopes import ScopeTable
from .module_code import ModuleCode

if TYPE_CHECKING:
    from .module_bodies import ModuleBodies

MAX_IMPORT_DEPTH = 16
MAX_MODULES_RUN = 64
DOCUMENT = "<the analysed document>"
"""The key of the analysed document's own file, imported by name from a project module (it is
unknown there): a module that imported it is keyed for analyses of that document only."""

Dependency = tuple[str, int, str | None, Hashable | None]
"""One import a module's body made: (name, level, the path it resolved to, that module's key)."""
ImportRead = tuple[str, int, str | None, str | None, Hashable | None]
"""One import resolution made in an analysis: (name, level, the importing module's path, the path
it resolved to, that module's key)."""


@dataclass(eq=False)
class ModuleRecord:
    """A project module's current text, parsed, and its key (see the module docstring)."""

    path: str
    digest: str
    code: ModuleCode | None
    """None when the text does not parse (the module is then unknown)."""
    dependencies: tuple[Dependency, ...]
    """The imports its body's last run made, in order."""
    key: Hashable | None
    """None when that run saw an import cycle or a bound: never valid beyond its analysis."""
    context: Hashable
    """The settings the run was made under (part of its validity). The search path is not: every
    import the key depends on is resolved again with the validating analysis's own."""
    bodies: dict[Hashable, ModuleBodies] = field(default_factory=dict)
    """Summaries of runs of ``code``'s body, per settings (``module_bodies``); kept by every
    record of the same parsed text."""


@dataclass
class RunningModule:
    """A module body being run: the imports it made so far."""

    path: str
    dependencies: list[Dependency] = field(default_factory=list)
    complete: bool = True
    codes: list[ModuleCode] = field(default_factory=list)
    """The parsed code of every module its body ran or replayed (nested ones included)."""
    bounded: bool = False
    """Whether an import of its body (nested ones included) met ``MAX_IMPORT_DEPTH`` or
    ``MAX_MODULES_RUN``."""


class Session:
    """The import state of one analysis: its workspace, settings, budget and script."""

    def __init__(
        self, workspace: Workspace, settings: AnalysisSettings, budget: Budget, script: str | None
    ) -> None:
        self.workspace = workspace
        self.settings = settings
        self.budget = budget
        self.script = script
        self.context: Hashable = (settings, workspace.search.search_path(script))
        """What every import of the document depends on besides the module texts."""
        self.record_context: Hashable = settings
        """What a module's key depends on besides the texts and its imports' resolutions."""
        self.validated: dict[str, ModuleRecord | None] = {}
        self.used: set[str] = set()
        self.run = 0
        """How many module bodies were run or replayed so far (a body's ``modules_run``)."""
        self.replayed = 0
        """How many module bodies were loaded from a summary instead of run."""
        self.deepest = 0
        """The most module bodies running at once so far (``MAX_IMPORT_DEPTH``)."""
        self.running: list[RunningModule] = []
        self.found: dict[tuple[str, int, str | None], FoundModule | None] = {}

    def find(self, name: str, level: int, importer: str | None) -> FoundModule | None:
        """``ModuleSearch.find`` for this analysis's script, each request read once."""
        request = (name, level, importer)
        if request not in self.found:
            self.found[request] = self.workspace.search.find(name, level, importer, self.script)
        return self.found[request]

    def code_of(self, found: FoundModule) -> ModuleCode | None:
        """``found``'s parsed code: the cached one while its text is the same, else parsed now, in
        slices when it is long (``sliced_parse``: no call into the parser holds the GIL for a
        whole big module); None when it does not parse."""
        cached = self.workspace.summaries.get(found.path)
        if isinstance(cached, ModuleRecord) and cached.digest == found.digest:
            return cached.code
        try:
            tree = parse_module(found.text)
            code = ModuleCode(
                found.path,
                found.name,
                found.digest,
                tree,
                SourceText(found.text),
                ScopeTable(tree),
                found.is_package,
            )
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            code = None
        record = ModuleRecord(found.path, found.digest, code, (), None, self.record_context)
        self.workspace.summaries.put(found.path, record)
        return code

    def key_of(self, found: FoundModule) -> Hashable | None:
        """The key ``found``'s body has with the current texts when its record says so (validated
        without running anything, once per analysis); None when it must run to know;
        ``DOCUMENT`` for the analysed document's own file."""
        if found.path == self.script:
            return DOCUMENT
        if found.path in self.validated:
            record = self.validated[found.path]
            return record.key if record is not None else None
        cached = self.workspace.summaries.get(found.path)
        valid = (
            isinstance(cached, ModuleRecord)
            and cached.key is not None
            and cached.digest == found.digest
            and cached.context == self.record_context
        )
        self.validated[found.path] = None
        used = set(self.used)
        if valid:
            assert isinstance(cached, ModuleRecord)
            for name, level, path, key in cached.dependencies:
                again = self.find(name, level, found.path)
                if (again.path if again is not None else None) != path:
                    valid = False
                    break
                if again is not None:
                    self.used.add(again.path)
                    if self.key_of(again) != key:
                        valid = False
                        break
        if not valid:
            del self.validated[found.path]
            self.used = used
            return None
        self.validated[found.path] = cached  # type: ignore[assignment]
        return cached.key  # type: ignore[union-attr]

    def remember(self, found: FoundModule, code: ModuleCode | None, run: RunningModule) -> None:
        """Keep the record of a body run now (an equal record already kept stays as it is)."""
        dependencies = tuple(run.dependencies)
        key: Hashable | None = (
            (found.path, found.digest, tuple(key for *_, key in dependencies))
            if run.complete
            and all(key is not None for _, _, path, key in dependencies if path is not None)
            else None
        )
        cached = self.workspace.summaries.get(found.path)
        if (
            isinstance(cached, ModuleRecord)
            and cached.code is code
            and cached.key == key
            and cached.key is not None
            and cached.context == self.record_context
            and cached.dependencies == dependencies
        ):
            record = cached
        else:
            record = ModuleRecord(
                found.path, found.digest, code, dependencies, key, self.record_context
            )
            if isinstance(cached, ModuleRecord) and cached.code is code:
                record.bodies = cached.bodies
            self.workspace.summaries.put(found.path, record)
        if key is not None:
            self.validated[found.path] = record
        else:
            self.validated.pop(found.path, None)

    def incomplete(self) -> None:
        """An import in the running bodies was unknown for a reason of this analysis (a cycle,
        a bound): none of them gets a key."""
        for running in self.running:
            running.complete = False

    def bound_met(self) -> None:
        """An import in the running bodies met a bound: none of them gets a key or a summary."""
        self.incomplete()
        for running in self.running:
            running.bounded = True

    def texts_hold(
        self, importer: Importer, reads: tuple[ImportRead, ...], codes: Iterable[ModuleCode]
    ) -> bool:
        """Whether the imports of a module body's summary resolve as they did, and the modules it
        ran (``codes``) have the same texts (``module_bodies``). Unlike ``key_of``, this needs no
        key of a module that was already loaded (a cycle's partially initialised module): the
        summary's preconditions on the registry entries and variables cover those. When all hold,
        they are recorded in ``importer`` as running the imports would."""
        digests: dict[str, str] = {}
        for name, level, here, path, key in reads:
            found = self.find(name, level, here)
            if (found.path if found is not None else None) != path:
                return False
            if found is not None:
                if (key == DOCUMENT) != (found.path == importer.path):
                    return False
                digests[found.path] = found.digest
        if any(digests.get(code.path) != code.digest for code in codes):
            return False
        self.used.update(digests)
        importer.dependencies.extend(reads)
        return True


class Importer:
    """Resolves the imports of one analysis (the document at ``path``) within a ``Session``."""

    def __init__(self, session: Session, path: str | None) -> None:
        self.session = session
        self.path = path
        self.dependencies: list[ImportRead] = []
        """Every import resolution made in this analysis, in order (``import_reads``)."""

    def note(self, read: ImportRead) -> None:
        """An import resolved as ``read`` says; the running module body (if any) depends on it."""
        self.dependencies.append(read)
        session = self.session
        if session.running:
            name, level, _, path, key = read
            session.running[-1].dependencies.append((name, level, path, key))


def importer_for(
    workspace: Workspace,
    settings: AnalysisSettings,
    budget: Budget,
    path: str | None,
) -> Importer:
    """The importer of an analysed document."""
    return Importer(Session(workspace, settings, budget, path), path)


def modules_used(importer: Importer | None) -> tuple[str, ...]:
    """The project modules an analysis read (found, validated or run), sorted."""
    return tuple(sorted(importer.session.used)) if importer is not None else ()


_active: ContextVar[Importer | None] = ContextVar("tensorls_importer", default=None)


def active_importer() -> Importer | None:
    """The importer of the analysis running in this thread, if any."""
    return _active.get()


@contextmanager
def importing_for(importer: Importer | None) -> Iterator[None]:
    """Make ``importer`` the active one while the analysis runs."""
    token = _active.set(importer)
    try:
        yield
    finally:
        _active.reset(token)
