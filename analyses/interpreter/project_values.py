"""Values that cross from one project module to another, and calls into another module.

What crosses (module attributes, arguments and results of calls):

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
* the module's top-level classes, as ``ProjectClass``: instantiating one analyses ``__init__`` in
  the other module; the instance (``ProjectInstance``) keeps the store that left, and its
  attributes and method calls are analysed over it. Only classes without bases whose methods
  other than ``__init__`` cannot change an instance (checked syntactically,
  ``_may_change_instances``) have analysed instances, since an instance is a value here, not a
  shared object; others are ⊤. As a backstop, a method call that still writes to the store makes
  the instance ⊤ from then on;
* everything else (lists, dicts, closures, nested functions) is ⊤.

Every call runs in a fresh interpreter of the other module, under the analysis's budget, at most
``MAX_CROSS_CALL_DEPTH`` deep; results of function calls are kept per module summary (at most
``MAX_CALLS_KEPT``). Never done: running or importing any of it.
"""

from __future__ import annotations

import ast
import dataclasses
import os.path
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..arrays.dims import UNKNOWN, SymbolicDim
from ..domains.base import TOP, AbstractValue
from ..domains.bools import BoolValue
from ..domains.classes import BuiltinTypeValue, ClassValue
from ..domains.functions import BoundMethodValue, BuiltinFunctionValue, FunctionValue
from ..domains.modules import UnknownModuleValue
from ..domains.none import NONE
from ..domains.numbers import NON_NEGATIVE_INT, FloatValue, IntValue
from ..domains.references import Ref
from ..domains.sequences import TupleValue
from ..domains.strings import StrValue
from ..facts import Diagnostic, ModuleSpan, Severity, Span
from ..text import SourceText
from .machine import Raised
from .natives import CallContext, NativeFunction, NativeModule, NativeValue
from .scopes import ScopeTable
from .state import MaybeUnbound, State

if TYPE_CHECKING:
    from . import Machine
    from .imports import Importer

MAX_CROSS_CALL_DEPTH = 4
MAX_CALLS_KEPT = 512
MAX_VALUE_DEPTH = 8
DOCUMENT = "<document>"
"""The module identity of an analysed document that has no path (an untitled buffer)."""


class SharedValue(NativeValue):
    """A value that stands for the same thing in every module (a project module, a function or
    class of one): it crosses modules unchanged."""

    __slots__ = ()


@dataclass(frozen=True)
class ModuleRuntime:
    """What calls into an analysed module need: its code and the store its body left."""

    path: str
    name: str | None
    tree: ast.Module
    text: SourceText
    scopes: ScopeTable
    final: State


@dataclass(frozen=True)
class CallOutcome:
    result: AbstractValue
    raised: bool
    diagnostics: tuple[Diagnostic, ...]


_active: ContextVar[Importer | None] = ContextVar("tensorls_importer", default=None)


def active_importer() -> Importer | None:
    """The importer of the module whose analysis is running in this thread, if any."""
    return _active.get()


@contextmanager
def importing_for(importer: Importer | None) -> Iterator[None]:
    """Make ``importer`` the active one while the body runs."""
    token = _active.set(importer)
    try:
        yield
    finally:
        _active.reset(token)


def exported(runtime: ModuleRuntime, value: AbstractValue) -> AbstractValue:
    """A value the module's body left in its namespace, as other modules see it."""
    value = value.value if isinstance(value, MaybeUnbound) else value
    if isinstance(value, FunctionValue):
        if value.closure or value.owner is not None or isinstance(value.node, ast.Lambda):
            return TOP
        return ProjectFunction(runtime, value)
    if isinstance(value, Ref) and value.single is not None:
        target = runtime.final.heap.get(value.single)
        if isinstance(target, ClassValue):
            return ProjectClass(runtime, value, target.name)
    return relocated(value, None, runtime.path)


class ProjectFunction(SharedValue):
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
        return report_outcome(ctx, outcome, runtime, self.function, here)

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
        function = self.function

        def call(machine: Machine) -> AbstractValue:
            bindings = machine.bind_arguments(function, args, kwargs, function.node, True)
            return machine.run_function(function, bindings, None)

        outcome, _ = run_in(self.runtime, self.runtime.final, importer, call)
        return dataclasses.replace(
            outcome, result=relocated(outcome.result, None, self.runtime.path)
        )


def run_in(
    runtime: ModuleRuntime,
    state: State,
    importer: Importer,
    action: Callable[[Machine], AbstractValue],
) -> tuple[CallOutcome, State | None]:
    """Run ``action`` in a fresh interpreter of ``runtime``'s module over ``state`` (never
    changed: the interpreter copies what it writes); its outcome (the result as the module sees
    it, a reference into that store included) and the store it left."""
    from . import Machine

    session = importer.session
    machine = Machine(
        runtime.tree, runtime.text, session.settings, scopes=runtime.scopes, budget=session.budget
    )
    machine.state = State(state.globals, None, state.heap)
    session.cross_calls += 1
    raised = False
    result: AbstractValue = TOP
    try:
        with importing_for(importer.nested(runtime.path)):
            try:
                result = action(machine)
            except Raised:
                raised = True
    finally:
        session.cross_calls -= 1
    return CallOutcome(result, raised, machine.reporter.diagnostics()), machine.state


def report_outcome(
    ctx: CallContext,
    outcome: CallOutcome,
    runtime: ModuleRuntime,
    function: FunctionValue | None,
    here: str,
) -> AbstractValue:
    """Report ``outcome``'s failures at the call in ``here``; its result as ``here`` sees it."""
    name = function.qualname if function is not None else "__init__"
    for diagnostic in outcome.diagnostics:
        certain = diagnostic.severity is Severity.ERROR and (
            outcome.raised
            or (function is not None and _certainly_reached(function.node, diagnostic))
        )
        ctx.report(
            diagnostic.code,
            f"{diagnostic.message} (in {name}() of {os.path.basename(runtime.path)})",
            certain=certain,
            related=_related_for(diagnostic, runtime.path, here),
        )
    return relocated(outcome.result, runtime.path, here)


class ProjectClass(SharedValue):
    """A top-level class of a project module; calling it analyses the instantiation there."""

    __slots__ = ("name", "ref", "runtime")

    def __init__(self, runtime: ModuleRuntime, ref: Ref, name: str) -> None:
        self.runtime = runtime
        self.ref = ref
        self.name = name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ProjectClass) and (
            self.runtime is other.runtime and self.ref == other.ref
        )

    def __hash__(self) -> int:
        return hash((self.runtime.path, self.name))

    def describe(self) -> str:
        return f"class {self.name} (in {os.path.basename(self.runtime.path)})"

    def settled_by_init(self) -> bool:
        """True when no method but ``__init__`` can change an instance (see
        ``_may_change_instances``): only then are instances analysed."""
        target = self.runtime.final.heap.get(self.ref.single) if self.ref.single else None
        if not isinstance(target, ClassValue) or len(target.bases) > 0:
            return False
        return not _may_change_instances(target.node)

    def call(self, ctx: CallContext) -> AbstractValue:
        importer = active_importer()
        if importer is None or importer.session.mutated:
            return TOP
        if importer.session.cross_calls >= MAX_CROSS_CALL_DEPTH or not self.settled_by_init():
            return TOP
        here, runtime = importer.identity, self.runtime
        args = [relocated(value, here, runtime.path) for value in ctx.args]
        kwargs = {name: relocated(value, here, runtime.path) for name, value in ctx.kwargs.items()}
        site = _class_node(runtime, self.ref)

        def instantiate(machine: Machine) -> AbstractValue:
            return machine.call_value(self.ref, args, kwargs, site, True)

        outcome, state = run_in(runtime, runtime.final, importer, instantiate)
        instance: AbstractValue = TOP
        reference = outcome.result
        if state is not None and not outcome.raised and isinstance(reference, Ref):
            instance = ProjectInstance(runtime, reference, state, self.name)
        report_outcome(ctx, dataclasses.replace(outcome, result=TOP), runtime, None, here)
        return instance


class ProjectInstance(NativeValue):
    """An instance of a project class, with the store its module's code left it in."""

    __slots__ = ("class_name", "ref", "runtime", "stale", "state")

    def __init__(self, runtime: ModuleRuntime, ref: Ref, state: State, class_name: str) -> None:
        self.runtime = runtime
        self.ref = ref
        self.state = state
        self.class_name = class_name
        self.stale = False
        """A method may have changed the instance: everything about it is ⊤ from then on."""

    def describe(self) -> str:
        return f"{self.class_name} object (in {os.path.basename(self.runtime.path)})"

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        importer = active_importer()
        if importer is None or self.stale or importer.session.mutated:
            return TOP
        if importer.session.cross_calls >= MAX_CROSS_CALL_DEPTH:
            return TOP
        site = _class_node(self.runtime, self.ref)

        def read(machine: Machine) -> AbstractValue:
            value = machine.get_attribute(self.ref, name, site)
            return (
                value
                if isinstance(value, BoundMethodValue)
                else relocated(value, None, self.runtime.path)
            )

        outcome, _ = run_in(self.runtime, self.state, importer, read)
        method = outcome.result
        if outcome.raised or outcome.diagnostics:
            return TOP
        if isinstance(method, BoundMethodValue) and isinstance(method.function, FunctionValue):
            return ProjectMethod(self, method)
        return relocated(method, self.runtime.path, importer.identity)


class ProjectMethod(NativeValue):
    """A method of a ``ProjectInstance``; a call analyses it over the instance's store."""

    __slots__ = ("instance", "method")

    def __init__(self, instance: ProjectInstance, method: BoundMethodValue) -> None:
        self.instance = instance
        self.method = method

    def describe(self) -> str:
        return (
            f"{self.method.function.describe()} (in {os.path.basename(self.instance.runtime.path)})"
        )

    def call(self, ctx: CallContext) -> AbstractValue:
        importer = active_importer()
        instance = self.instance
        if importer is None or instance.stale or importer.session.mutated:
            return TOP
        if importer.session.cross_calls >= MAX_CROSS_CALL_DEPTH:
            return TOP
        here, runtime = importer.identity, instance.runtime
        args = [relocated(value, here, runtime.path) for value in ctx.args]
        kwargs = {name: relocated(value, here, runtime.path) for name, value in ctx.kwargs.items()}
        function = self.method.function
        assert isinstance(function, FunctionValue)
        if runtime.scopes.scope_of(function.node).is_generator or isinstance(
            function.node, ast.AsyncFunctionDef
        ):
            return TOP

        def call(machine: Machine) -> AbstractValue:
            receiver = [self.method.receiver, *args]
            bindings = machine.bind_arguments(function, receiver, kwargs, function.node, True)
            return machine.run_function(function, bindings, None)

        outcome, state = run_in(runtime, instance.state, importer, call)
        if state is None or state.heap is not instance.state.heap:
            instance.stale = True
        result = relocated(outcome.result, None, runtime.path)
        return report_outcome(
            ctx, dataclasses.replace(outcome, result=result), runtime, function, here
        )


def _may_change_instances(node: ast.AST) -> bool:
    """Whether a method of the ``class`` statement ``node`` other than ``__init__`` may change an
    instance (over-approximated syntactically): it stores or deletes an attribute or an item, calls
    a method of an attribute (``self.items.append(x)``), passes ``self`` on, passes an attribute
    of it to a function named by a plain name or to a method of ``self`` (``shuffle(self.items)``,
    ``self.add(self.items)``; library functions such as ``np.dot(x, self.w)`` are not counted), or uses ``global``, ``nonlocal``, ``setattr`` or
    ``delattr``; a nested class counts as a change too."""
    for statement in getattr(node, "body", ()):
        if isinstance(statement, ast.ClassDef):
            return True
        if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if statement.name == "__init__":
            continue
        for inner in ast.walk(statement):
            if isinstance(inner, (ast.Attribute, ast.Subscript)) and isinstance(
                inner.ctx, (ast.Store, ast.Del)
            ):
                return True
            if isinstance(inner, (ast.Global, ast.Nonlocal)):
                return True
            if isinstance(inner, ast.Call):
                function = inner.func
                if isinstance(function, ast.Name) and function.id in ("setattr", "delattr"):
                    return True
                if isinstance(function, ast.Attribute) and _of_an_attribute_of_self(function.value):
                    return True
                arguments = [*inner.args, *(keyword.value for keyword in inner.keywords)]
                for argument in arguments:
                    if isinstance(argument, ast.Name) and argument.id == "self":
                        return True
                    if _user_callee(function) and _of_an_attribute_of_self(argument):
                        return True
    return False


def _user_callee(function: ast.expr) -> bool:
    """A plain name (``shuffle``) or a method of ``self`` (``self.add``): code that may be the
    project's own, which may change what it is passed."""
    return isinstance(function, ast.Name) or (
        isinstance(function, ast.Attribute)
        and isinstance(function.value, ast.Name)
        and function.value.id == "self"
    )


def _of_an_attribute_of_self(node: ast.expr) -> bool:
    """``self.items`` or ``self.a[0].b``: something reached from ``self`` through at least one
    attribute or item (a method called on it may change it)."""
    steps = 0
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node, steps = node.value, steps + 1
    return steps > 0 and isinstance(node, ast.Name) and node.id == "self"


def _class_node(runtime: ModuleRuntime, ref: Ref) -> ast.AST:
    """The ``class`` statement of a class of the module (the allocation site of its instances)."""
    target = runtime.final.heap.get(ref.single) if ref.single is not None else None
    return target.node if isinstance(target, ClassValue) else runtime.tree


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
    SharedValue,
    IntValue,
    FloatValue,
    BoolValue,
    StrValue,
    BuiltinTypeValue,
    BuiltinFunctionValue,
    UnknownModuleValue,
    NativeModule,
    NativeFunction,
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
