"""Imports of the project's own modules: analysed by the interpreter, never imported or run.

An import that ``workspace.ModuleSearch`` resolves to a project file binds a ``ProjectModule``:
the namespace that module's body leaves, computed by interpreting the module (with its
``__name__`` known, so an ``if __name__ == "__main__":`` block is skipped) and kept as a
``ModuleSummary`` in the workspace's cache. A summary is valid for one text of the module (its
hash) and the summaries of what it imports (re-resolved and validated first, so an edit anywhere
below a module makes it analysed again); each module is analysed at most once per analysis.

What crosses from one module to another (module attributes, arguments and results of calls):

* immutable values: numbers, strings, ``None``, tuples of them, arrays and tensors (their shape,
  dtype and where it was established: a span in another module becomes a ``ModuleSpan``, so a
  failure in the importer relates to it; symbolic sizes become unknown sizes: their identity is
  local to the module), library models and project modules;
* the module's own top-level functions, as ``ProjectFunction``: a call analyses the function's
  body with the call's arguments (converted as above) over the namespace and heap the module's
  body left. A failure it finds there is reported at the call, with the failing line of the other
  module as related information; it is certain only when the failure is certain there and the
  call certainly reaches it (the function certainly raises, or the failing statement is one of
  the straight-line statements the body starts with, outside any branch);
* everything else (classes, instances, lists, dicts, closures, other functions) is ⊤.

Never done: opening files (texts come from the workspace's reader), importing or running any of
it. Bounds: at most ``MAX_IMPORT_DEPTH`` modules being imported at once, ``MAX_MODULES_ANALYSED``
modules analysed afresh per analysis, ``MAX_CROSS_CALL_DEPTH`` nested cross-module calls,
``MAX_CALLS_KEPT`` call results kept per module; beyond any of them the value is ⊤. A module
imported again while it is being imported (an import cycle) is ⊤ to that import; summaries that
saw a cycle are not kept beyond the analysis. Everything runs under the analysis's budget.
"""

from __future__ import annotations

import ast
import dataclasses
import os.path
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from ..arrays.dims import UNKNOWN, SymbolicDim
from ..domains.base import TOP, AbstractValue
from ..domains.bools import BoolValue
from ..domains.classes import BuiltinTypeValue
from ..domains.functions import BuiltinFunctionValue, FunctionValue
from ..domains.modules import UnknownModuleValue
from ..domains.none import NONE
from ..domains.numbers import NON_NEGATIVE_INT, FloatValue, IntValue
from ..domains.sequences import TupleValue
from ..domains.strings import StrValue
from ..facts import AnalysisSettings, Diagnostic, ModuleSpan, Severity, Span
from ..text import SourceText
from ..workspace import SUBMODULE, FoundModule, Workspace
from .budget import Budget
from .machine import Raised
from .natives import CallContext, NativeFunction, NativeModule, NativeValue
from .scopes import ScopeTable
from .state import MaybeUnbound, State

MAX_IMPORT_DEPTH = 16
MAX_MODULES_ANALYSED = 64
MAX_CROSS_CALL_DEPTH = 4
MAX_CALLS_KEPT = 512
MAX_VALUE_DEPTH = 8
DOCUMENT = "<document>"
"""The module identity of an analysed document that has no path (an untitled buffer)."""


@dataclass(frozen=True)
class ModuleRuntime:
    """What calls into an analysed module need: its code and the store its body left."""

    path: str
    name: str | None
    tree: ast.Module
    text: SourceText
    scopes: ScopeTable
    final: State


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
    """See ``module_attribute_stores``."""
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


@dataclass(frozen=True)
class CallOutcome:
    result: AbstractValue
    raised: bool
    diagnostics: tuple[Diagnostic, ...]


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

    def load(self, name: str, level: int) -> AbstractValue | None:
        """The value ``import name`` binds when it is a project module; None when it is not one."""
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
        summary = analyse_module(found, Importer(session, found.path, (*self.stack, self.identity)))
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
        nested = Importer(session, found.path, (*self.stack, self.identity))
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


_active: ContextVar[Importer | None] = ContextVar("tensorls_importer", default=None)


def active_importer() -> Importer | None:
    """The importer of the module whose analysis is running in this thread, if any."""
    return _active.get()


def importer_for(
    workspace: Workspace,
    settings: AnalysisSettings,
    budget: Budget,
    path: str | None,
    tree: ast.Module,
) -> Importer:
    """The importer of an analysed document (its module attribute stores noted first)."""
    session = Session(workspace, settings, budget, path)
    session.note_stores(module_attribute_stores(tree))
    return Importer(session, path)


@contextmanager
def importing_for(importer: Importer | None) -> Iterator[None]:
    """Make ``importer`` the active one while the body runs."""
    token = _active.set(importer)
    try:
        yield
    finally:
        _active.reset(token)


def analyse_module(found: FoundModule, importer: Importer) -> ModuleSummary | None:
    """Interpret ``found``'s body (its reports are dropped: they belong to its own analysis)."""
    from . import Machine

    session = importer.session
    try:
        tree = ast.parse(found.text)
        scopes = ScopeTable(tree)
        stores = module_attribute_stores(tree)
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
        if dynamic or scopes.rebound_by_functions(name):
            exports[name] = TOP
            continue
        exports[name] = _exported(runtime, value)
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


def _exported(runtime: ModuleRuntime, value: AbstractValue) -> AbstractValue:
    value = value.value if isinstance(value, MaybeUnbound) else value
    if isinstance(value, FunctionValue):
        if value.closure or value.owner is not None or isinstance(value.node, ast.Lambda):
            return TOP
        return ProjectFunction(runtime, value)
    return relocated(value, None, runtime.path)


class ProjectModule(NativeValue):
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


class ProjectFunction(NativeValue):
    """A top-level function of a project module; a call analyses its body (module docstring)."""

    __slots__ = ("function", "runtime")

    def __init__(self, runtime: ModuleRuntime, function: FunctionValue) -> None:
        self.runtime = runtime
        self.function = function

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ProjectFunction) and (
            self.runtime is other.runtime and self.function == other.function
        )

    def __hash__(self) -> int:
        return hash((self.runtime.path, self.function.qualname))

    def describe(self) -> str:
        return f"{self.function.describe()} (in {os.path.basename(self.runtime.path)})"

    def contains(self, concrete: object) -> bool:
        return callable(concrete)

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        return StrValue(None) if name in ("__name__", "__qualname__") else TOP

    def call(self, ctx: CallContext) -> AbstractValue:
        importer = active_importer()
        if importer is None:
            return TOP
        session = importer.session
        runtime = self.runtime
        if (
            session.cross_calls >= MAX_CROSS_CALL_DEPTH
            or runtime.scopes.scope_of(self.function.node).is_generator
            or isinstance(self.function.node, ast.AsyncFunctionDef)
        ):
            return TOP
        here = importer.identity
        args = [relocated(value, here, runtime.path) for value in ctx.args]
        kwargs = {name: relocated(value, here, runtime.path) for name, value in ctx.kwargs.items()}
        outcome = self._outcome(importer, args, kwargs)
        for diagnostic in outcome.diagnostics:
            certain = diagnostic.severity is Severity.ERROR and (
                outcome.raised or _certainly_reached(self.function.node, diagnostic)
            )
            ctx.report(
                diagnostic.code,
                f"{diagnostic.message} (in {self.function.qualname}() of"
                f" {os.path.basename(runtime.path)})",
                certain=certain,
                related=_related_for(diagnostic, runtime.path, here),
            )
        return relocated(outcome.result, runtime.path, here)

    def _outcome(
        self,
        importer: Importer,
        args: list[AbstractValue],
        kwargs: dict[str, AbstractValue],
    ) -> CallOutcome:
        calls = _calls_of(importer, self.runtime.path)
        try:
            key: Hashable | None = (
                id(self.function.node),
                importer.identity,
                tuple(args),
                tuple(sorted(kwargs.items())),
            )
            hash(key)
        except TypeError:
            key = None
        if key is not None and calls is not None and key in calls:
            return calls[key]
        outcome = self._run(importer, args, kwargs)
        if key is not None and calls is not None and len(calls) < MAX_CALLS_KEPT:
            calls[key] = outcome
        return outcome

    def _run(
        self,
        importer: Importer,
        args: list[AbstractValue],
        kwargs: dict[str, AbstractValue],
    ) -> CallOutcome:
        from . import Machine

        session = importer.session
        runtime = self.runtime
        machine = Machine(
            runtime.tree,
            runtime.text,
            session.settings,
            scopes=runtime.scopes,
            budget=session.budget,
        )
        final = runtime.final
        machine.state = State(final.globals, None, final.heap)
        callee = Importer(session, runtime.path, (*importer.stack, importer.identity))
        session.cross_calls += 1
        raised = False
        result: AbstractValue = TOP
        try:
            with importing_for(callee):
                try:
                    bindings = machine.bind_arguments(
                        self.function, args, kwargs, self.function.node, True
                    )
                    result = machine.run_function(self.function, bindings, None)
                except Raised:
                    raised = True
        finally:
            session.cross_calls -= 1
        return CallOutcome(
            relocated(result, None, runtime.path), raised, machine.reporter.diagnostics()
        )


def _calls_of(importer: Importer, path: str) -> dict[Hashable, CallOutcome] | None:
    summary = importer.session.validated.get(path)
    return summary.calls if summary is not None else None


def _related_for(diagnostic: Diagnostic, module: str, here: str) -> list[tuple[Span, str]]:
    """The related locations of a failure found in ``module``, for a report in ``here``."""
    related: list[tuple[Span, str]] = [(_span_in(diagnostic.span, module, here), "fails here")]
    for item in diagnostic.related:
        related.append((_span_in(item.span, item.module or module, here), item.message))
    return related


def _span_in(span: Span, module: str, here: str) -> Span:
    if module == here:
        return Span(span.start, span.end)
    return ModuleSpan(span.start, span.end, module)


def _certainly_reached(function: ast.AST, diagnostic: Diagnostic) -> bool:
    """True when every call of ``function`` reaches the statement ``diagnostic`` is at: it is one
    of the straight-line statements the body starts with, and outside any conditional part of
    its expression; a failure inside a nested call is never counted (``called from here``)."""
    if any(item.message.startswith("called from here") for item in diagnostic.related):
        return False
    body = getattr(function, "body", None)
    if not isinstance(body, list):
        return False
    line = diagnostic.span.start.line + 1
    for statement in body:
        if not isinstance(statement, _STRAIGHT_LINE):
            return False
        end = statement.end_lineno if statement.end_lineno is not None else statement.lineno
        if statement.lineno <= line <= end:
            return not any(isinstance(node, _CONDITIONAL) for node in ast.walk(statement))
    return False


_STRAIGHT_LINE = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Return, ast.Pass)
_CONDITIONAL = (
    ast.BoolOp,
    ast.IfExp,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
    ast.Lambda,
    ast.NamedExpr,
)


_IMMUTABLE = (
    IntValue,
    FloatValue,
    BoolValue,
    StrValue,
    BuiltinTypeValue,
    BuiltinFunctionValue,
    UnknownModuleValue,
    NativeModule,
    NativeFunction,
    ProjectModule,
    ProjectFunction,
)


def relocated(
    value: AbstractValue, source: str | None, target: str, depth: int = 0
) -> AbstractValue:
    """``value`` of module ``source`` (None: already in the neutral form, spans of other
    modules being ``ModuleSpan``s) as seen from module ``target``; ⊤ for what cannot cross."""
    if isinstance(value, MaybeUnbound):
        value = value.value
    if value is TOP or value is NONE or depth > MAX_VALUE_DEPTH:
        return TOP if depth > MAX_VALUE_DEPTH else value
    if isinstance(value, _IMMUTABLE):
        return value
    if isinstance(value, TupleValue):
        items = (
            None
            if value.items is None
            else tuple(relocated(item, source, target, depth + 1) for item in value.items)
        )
        return TupleValue(items, relocated(value.element, source, target, depth + 1), value.length)
    if isinstance(value, NativeValue) and dataclasses.is_dataclass(value):
        return _relocated_native(value, source, target)
    return TOP


def module_attribute_stores(tree: ast.Module) -> frozenset[str]:
    """The names bound by the module's imports whose attributes it stores or deletes anywhere
    (``config.BATCH = 64``, ``del config.X``, ``setattr(config, ...)``): over-approximated by name,
    whatever the name is bound to when the store runs."""
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.asname or alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            imported.update(alias.asname or alias.name for alias in node.names)
    stored: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, (ast.Store, ast.Del))
            and isinstance(node.value, ast.Name)
        ):
            stored.add(node.value.id)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("setattr", "delattr")
            and node.args
            and isinstance(node.args[0], ast.Name)
        ):
            stored.add(node.args[0].id)
    return frozenset(stored & imported)


def _module_names(summary: ModuleSummary) -> set[str]:
    """The names a module may be bound to by imports: its dotted name's last part, its stem."""
    names = {os.path.splitext(os.path.basename(summary.path))[0]}
    if summary.is_package:
        names.add(os.path.basename(os.path.dirname(summary.path)))
    if summary.name:
        names.add(summary.name.split(".")[-1])
    return names


def _relocated_native(value: NativeValue, source: str | None, target: str) -> AbstractValue:
    """A model's plain-data value (array, tensor, dtype...) with its spans relocated and its
    symbolic sizes forgotten; ⊤ when one of its fields holds anything but plain data."""
    changes: dict[str, object] = {}
    for item in dataclasses.fields(value):  # type: ignore[arg-type]
        current = getattr(value, item.name)
        if isinstance(current, Span):
            changes[item.name] = _span_for(current, source, target)
        elif item.name == "shape" and isinstance(current, tuple):
            changes[item.name] = tuple(
                UNKNOWN if isinstance(dim, SymbolicDim) else dim for dim in current
            )
        elif isinstance(current, SymbolicDim):
            return NON_NEGATIVE_INT
        elif not _plain(current):
            return TOP
    return dataclasses.replace(value, **changes) if changes else value  # type: ignore[type-var]


def _plain(data: object) -> bool:
    if data is None or data is UNKNOWN or isinstance(data, (bool, int, float, str)):
        return True
    if isinstance(data, tuple):
        return all(_plain(item) for item in data)
    return False


def _span_for(span: Span, source: str | None, target: str) -> Span:
    if isinstance(span, ModuleSpan):
        return Span(span.start, span.end) if span.module == target else span
    if source is None or source == target:
        return span
    return ModuleSpan(span.start, span.end, source)


def modules_used(importer: Importer | None) -> tuple[str, ...]:
    """The project modules an analysis read (found, validated or analysed), sorted."""
    return tuple(sorted(importer.session.used)) if importer is not None else ()
