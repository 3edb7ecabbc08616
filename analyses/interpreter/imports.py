"""Imports of the project's own modules: analysed by the interpreter, never imported or run.

An import that ``workspace.ModuleSearch`` resolves to a project file binds a ``ProjectModule``:
the namespace that module's body leaves, computed by interpreting the module (with its
``__name__`` known, so an ``if __name__ == "__main__":`` block is skipped) and kept as a
``ModuleSummary`` in the workspace's cache. A summary is valid for one text of the module (its
hash) and the summaries of what it imports (re-resolved and validated first, so an edit anywhere
below a module makes it analysed again); each module is analysed at most once per analysis.

What crosses between modules, and calls into another module: ``project_values``.

Never done: opening files (texts come from the workspace's reader), importing or running any of
it. Bounds: at most ``MAX_IMPORT_DEPTH`` modules being imported at once, ``MAX_MODULES_ANALYSED``
modules analysed afresh per analysis;
beyond any of them the value is ⊤. A module
imported again while it is being imported (an import cycle) is ⊤ to that import; summaries that
saw a cycle are not kept beyond the analysis. Everything runs under the analysis's budget.
"""

from __future__ import annotations

import ast
import os.path
from collections.abc import Hashable
from dataclasses import dataclass, field

from ..domains.base import TOP, AbstractValue
from ..domains.modules import UnknownModuleValue
from ..facts import AnalysisSettings
from ..text import SourceText
from ..workspace import SUBMODULE, FoundModule, Workspace
from .budget import Budget
from .natives import CallContext, module_model
from .project_values import (
    DOCUMENT,
    CallOutcome,
    ModuleRuntime,
    SharedValue,
    active_importer,
    exported,
    importing_for,
    relocated,
)
from .scopes import ScopeTable

MAX_IMPORT_DEPTH = 16
MAX_MODULES_ANALYSED = 64


@dataclass(eq=False)
class ModuleSummary:
    """One analysed version of a project module (see the module docstring)."""

    path: str
    name: str | None
    """The dotted name it was imported by (None for a relative import)."""
    digest: str
    key: Hashable
    """Equal for two summaries of the same text whose imports had equal keys."""
    is_package: bool
    dependencies: tuple[tuple[str, int, str | None, Hashable | None], ...]
    """Per import the body made: (name, level, the path it resolved to, that summary's key)."""
    runtime: ModuleRuntime | None
    """None when the body certainly raised or did not parse: every attribute is then ⊤."""
    exports: dict[str, AbstractValue] = field(default_factory=dict)
    context: Hashable = None
    """The settings and script folder the summary was made under (part of its validity)."""
    stores: frozenset[str] = frozenset()
    """See ``ScopeTable.imported_attribute_stores``."""
    calls: dict[Hashable, CallOutcome] = field(default_factory=dict)

    def modules(self) -> set[str]:
        """The paths of this module and of every project module it imports, transitively."""
        found = {self.path}
        work = [self]
        while work:
            summary = work.pop()
            for value in summary.exports.values():
                if isinstance(value, ProjectModule) and value.summary.path not in found:
                    found.add(value.summary.path)
                    work.append(value.summary)
        return found | {path for _, _, path, _ in self.dependencies if path is not None}


class Session:
    """The import state of one analysis: its workspace, settings, budget and script."""

    def __init__(
        self,
        workspace: Workspace,
        settings: AnalysisSettings,
        budget: Budget,
        script: str | None,
    ) -> None:
        self.workspace = workspace
        self.settings = settings
        self.budget = budget
        self.script = script
        self.context: Hashable = (settings, workspace.search.search_path(script))
        self.validated: dict[str, ModuleSummary | None] = {}
        self.analysed = 0
        self.used: set[str] = set()
        self.cross_calls = 0
        self.found: dict[tuple[str, int, str | None], FoundModule | None] = {}
        self.mutated: set[str] = set()
        """Names of imported modules whose attributes some analysed module stores (``config.BATCH
        = 64``): their exports are ⊤, and calls into project functions too (a function of
        another module may read the stored attribute)."""

    def note_stores(self, names: frozenset[str]) -> None:
        self.mutated |= names

    def find(self, name: str, level: int, importer: str | None) -> FoundModule | None:
        """``ModuleSearch.find`` for this analysis's script, each request read once."""
        request = (name, level, importer)
        if request not in self.found:
            self.found[request] = self.workspace.search.find(name, level, importer, self.script)
        return self.found[request]


class Importer:
    """Resolves the imports of one module being analysed (``path``) within a ``Session``."""

    def __init__(self, session: Session, path: str | None, stack: tuple[str, ...] = ()) -> None:
        self.session = session
        self.path = path
        self.identity = path if path is not None else DOCUMENT
        self.stack = stack
        self.dependencies: list[tuple[str, int, str | None, Hashable | None]] = []
        self.incomplete = False
        """An import was ⊤ for a reason of this analysis (a cycle, a bound): the summary of the
        module being analysed is not kept beyond it."""

    def nested(self, path: str) -> Importer:
        """The importer of the module at ``path``, imported (or called into) from this one."""
        return Importer(self.session, path, (*self.stack, self.identity))

    def load(self, name: str, level: int) -> AbstractValue | None:
        """The value ``import name`` binds when it is a project module; None when it is not one
        (a modelled library's name is never looked for: see ``workspace``)."""
        if level == 0 and module_model(name.split(".")[0]) is not None:
            return None
        session = self.session
        return self._bind(name, level, session.find(name, level, self.path))

    def load_submodule(self, package: ModuleSummary, name: str) -> AbstractValue | None:
        """Submodule ``name`` of the project package ``package`` (as ``package.name``)."""
        request = os.path.join(os.path.dirname(package.path), name)
        return self._bind(request, SUBMODULE, self.session.find(request, SUBMODULE, None))

    def _bind(self, name: str, level: int, found: FoundModule | None) -> AbstractValue | None:
        session = self.session
        if found is None:
            self.dependencies.append((name, level, None, None))
            return None
        session.used.add(found.path)
        if found.path in self.stack or found.path == self.path:
            self.incomplete = True
            self.dependencies.append((name, level, found.path, None))
            return UnknownModuleValue(name or found.path)
        summary = self.summary_of(found)
        if summary is None:
            self.incomplete = True
            self.dependencies.append((name, level, found.path, None))
            return UnknownModuleValue(name or found.path)
        self.dependencies.append((name, level, found.path, summary.key))
        return ProjectModule(summary)

    def summary_of(self, found: FoundModule) -> ModuleSummary | None:
        """The valid summary of ``found`` (validated or analysed at most once per session)."""
        session = self.session
        if found.path in session.validated:
            return session.validated[found.path]
        cached = session.workspace.summaries.get(found.path)
        if isinstance(cached, ModuleSummary) and self._still_valid(cached, found):
            session.validated[found.path] = cached
            session.note_stores(cached.stores)
            return cached
        if len(self.stack) >= MAX_IMPORT_DEPTH or session.analysed >= MAX_MODULES_ANALYSED:
            return None
        session.analysed += 1
        summary = analyse_module(found, self.nested(found.path))
        if summary is not None:
            session.note_stores(summary.stores)
        if summary is not None and summary.key is not None:
            session.validated[found.path] = summary
            session.workspace.summaries.put(found.path, summary)
        return summary

    def _still_valid(self, summary: ModuleSummary, found: FoundModule) -> bool:
        session = self.session
        if summary.digest != found.digest or summary.context != session.context:
            return False
        nested = self.nested(found.path)
        for name, level, path, key in summary.dependencies:
            again = session.find(name, level, found.path)
            if (again.path if again is not None else None) != path:
                return False
            if again is None:
                continue
            session.used.add(again.path)
            dependency = nested.summary_of(again)
            if dependency is None or dependency.key != key:
                return False
        return True


def importer_for(
    workspace: Workspace,
    settings: AnalysisSettings,
    budget: Budget,
    path: str | None,
    scopes: ScopeTable,
) -> Importer:
    """The importer of an analysed document (its module attribute stores, from the scope table
    of its tree, noted first)."""
    session = Session(workspace, settings, budget, path)
    session.note_stores(scopes.imported_attribute_stores())
    return Importer(session, path)


def analyse_module(found: FoundModule, importer: Importer) -> ModuleSummary | None:
    """Interpret ``found``'s body (its reports are dropped: they belong to its own analysis)."""
    from . import Machine

    session = importer.session
    try:
        tree = ast.parse(found.text)
        scopes = ScopeTable(tree)
        stores = scopes.imported_attribute_stores()
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return _summary(found, importer, None, {})
    session.note_stores(stores)
    text = SourceText(found.text)
    machine = Machine(tree, text, session.settings, scopes=scopes, budget=session.budget)
    machine.module_name = found.name
    machine.analyse_uncalled_functions = False
    with importing_for(importer):
        machine.run()
    if machine.budget_exceeded:
        return None
    final = machine.state
    if final is None or not machine.module_body_finished:
        return _summary(found, importer, None, {}, stores)
    runtime = ModuleRuntime(found.path, found.name, tree, text, scopes, final)
    exports: dict[str, AbstractValue] = {}
    dynamic = scopes.module.dynamic
    for name, value in final.globals.items():
        if not isinstance(name, str):
            continue
        if dynamic or name in machine.volatile_globals or scopes.rebound_by_functions(name):
            exports[name] = TOP
            continue
        exports[name] = exported(runtime, value)
    for name in machine.volatile_globals:
        exports.setdefault(name, TOP)
    return _summary(found, importer, runtime, exports, stores)


def _summary(
    found: FoundModule,
    importer: Importer,
    runtime: ModuleRuntime | None,
    exports: dict[str, AbstractValue],
    stores: frozenset[str] = frozenset(),
) -> ModuleSummary:
    dependencies = tuple(importer.dependencies)
    key: Hashable = (
        None
        if importer.incomplete
        else (found.path, found.digest, tuple(key for _, _, _, key in dependencies))
    )
    return ModuleSummary(
        found.path,
        found.name,
        found.digest,
        key,
        found.is_package,
        dependencies,
        runtime,
        exports,
        importer.session.context,
        stores,
    )


class ProjectModule(SharedValue):
    """A project module analysed by the interpreter; attributes are its exports."""

    __slots__ = ("summary",)

    def __init__(self, summary: ModuleSummary) -> None:
        self.summary = summary

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ProjectModule) and (
            self.summary.path,
            self.summary.key,
        ) == (other.summary.path, other.summary.key)

    def __hash__(self) -> int:
        return hash((self.summary.path, self.summary.key))

    def member(self, name: str) -> AbstractValue | None:
        """``from module import name``: the export, else a package's submodule; None when
        neither exists (then ⊤ to the importer: the analysis never reports an ImportError)."""
        summary = self.summary
        importer = active_importer()
        if summary.runtime is None or (
            importer is not None and _module_names(summary) & importer.session.mutated
        ):
            return TOP
        here = importer.identity if importer is not None else DOCUMENT
        value = summary.exports.get(name)
        if value is not None:
            return relocated(value, summary.path, here)
        if summary.is_package and importer is not None:
            return importer.load_submodule(summary, name)
        return None

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        value = self.member(name)
        return value if value is not None else TOP

    def describe(self) -> str:
        label = self.summary.name or os.path.basename(self.summary.path)
        return f"module {label} ({self.summary.path})"


def _module_names(summary: ModuleSummary) -> set[str]:
    """The names a module may be bound to by imports: its dotted name's last part, its stem."""
    names = {os.path.splitext(os.path.basename(summary.path))[0]}
    if summary.is_package:
        names.add(os.path.basename(os.path.dirname(summary.path)))
    if summary.name:
        names.add(summary.name.split(".")[-1])
    return names


def modules_used(importer: Importer | None) -> tuple[str, ...]:
    """The project modules an analysis read (found, validated or analysed), sorted."""
    return tuple(sorted(importer.session.used)) if importer is not None else ()
