"""The scope pass: which scope each name of each code block lives in.

Mirrors CPython's symbol table: names bound in a function are local unless declared ``global`` or
``nonlocal``; local names used by nested functions become cells; names a function takes from an
enclosing function are free; everything else is global (then builtin). Class bodies bind names in
their own namespace, which nested functions cannot see. Comprehensions have their own scope for
their targets (the first iterable is evaluated outside it); an assignment expression inside a
comprehension binds in the nearest enclosing non-comprehension scope.
"""

from __future__ import annotations

import ast
import enum
from dataclasses import dataclass, field

from ..semantics.namespace_views import UNKNOWN_USE, NamespaceUse, namespace_uses, namespace_view

FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
COMPREHENSION_NODES = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


class Resolution(enum.Enum):
    """Where a name is stored when read or written in a given scope."""

    LOCAL = "local"
    """A plain local of the current frame (or of the module, at module level)."""
    CELL = "cell"
    """A local of the current frame that nested functions capture: lives in a heap cell."""
    FREE = "free"
    """A variable of an enclosing function, reached through the closure's cell."""
    GLOBAL = "global"
    """A module variable (then a builtin)."""
    CLASS = "class"
    """A name bound in a class body: the class namespace first, then globals and builtins."""


@dataclass(eq=False, slots=True)
class Scope:
    """One code block's names."""

    kind: str
    node: ast.AST
    parent: Scope | None
    bound: set[str] = field(default_factory=set)
    declared_global: set[str] = field(default_factory=set)
    declared_nonlocal: set[str] = field(default_factory=set)
    used: set[str] = field(default_factory=set)
    children: list[Scope] = field(default_factory=list)
    cells: set[str] = field(default_factory=set)
    free: set[str] = field(default_factory=set)
    needed: set[str] = field(default_factory=set)
    is_generator: bool = False
    dynamic: bool = False
    _cache: dict[str, Resolution] = field(default_factory=dict)

    @property
    def is_function_like(self) -> bool:
        return self.kind in ("function", "comprehension")

    def locals(self) -> set[str]:
        return self.bound - self.declared_global - self.declared_nonlocal

    def resolve(self, name: str) -> Resolution:
        """How ``name`` is accessed in this scope."""
        cached = self._cache.get(name)
        if cached is not None:
            return cached
        result = self._resolve(name)
        self._cache[name] = result
        return result

    def _resolve(self, name: str) -> Resolution:
        if self.kind == "module" or name in self.declared_global:
            return Resolution.GLOBAL
        if self.kind == "class":
            if name in self.bound:
                return Resolution.CLASS
            return Resolution.FREE if name in self.free else Resolution.GLOBAL
        if name in self.declared_nonlocal:
            return Resolution.FREE
        if name in self.bound:
            return Resolution.CELL if name in self.cells else Resolution.LOCAL
        return Resolution.FREE if name in self.free else Resolution.GLOBAL


class ScopeTable:
    """The scopes of one module, indexed by the node that opens them.

    Built from the module's top-level statements one at a time: what one statement contributes
    (the names it binds, uses and declares at module level, the scopes it opens, the attributes it
    stores, the functions whose ``__code__`` it takes) depends on that statement alone. Only the
    module scope and the facts that join every statement's contribution (which scopes are dynamic
    because some statement takes their ``__code__``) are computed for the whole module.

    ``previous``, a table of an earlier version of the same document (typically the tree that
    ``tensorls.analyses.reparse`` derived the new one from), lends its work: for each top-level
    statement of ``module`` that *is* (same object) a top-level statement of the previous tree,
    the previous statement's scopes are reused, not rebuilt. The result is the table that
    ``ScopeTable(module)`` would build. The previous table is consumed: its reused scopes now
    belong to this table (their ``parent`` is this table's module scope, their ``dynamic`` flag is
    this module's); do not use it afterwards.
    """

    def __init__(self, module: ast.Module, previous: ScopeTable | None = None) -> None:
        reusable = (
            {}
            if previous is None
            else {id(contribution.statement): contribution for contribution in previous._statements}
        )
        self._statements: list[_StatementScopes] = []
        for statement in module.body:
            contribution = reusable.pop(id(statement), None)
            if contribution is None or contribution.statement is not statement:
                contribution = _StatementScopes(statement)
            self._statements.append(contribution)
        self.module = Scope("module", module, None)
        self.by_node: dict[int, Scope] = {id(module): self.module}
        self._rebound: set[str] | None = None
        self.stored_attributes: set[str] = set()
        self.code_taken: set[str] = set()
        self.namespace_uses: dict[int, NamespaceUse] = {}
        """What the code around each ``globals()``/``locals()``/``vars()`` call does with its
        namespace (by the call node's id; see ``namespace_views``)."""
        self.imported: set[str] = set()
        """Names bound by an import anywhere in the module."""
        self.attribute_owners: set[str] = set()
        """Names whose attributes the module stores or deletes anywhere (see ``_owners``)."""
        self.annotations_postponed = any(
            isinstance(statement, ast.ImportFrom)
            and statement.module == "__future__"
            and any(alias.name == "annotations" for alias in statement.names)
            for statement in module.body
        )
        for contribution in self._statements:
            self._join(contribution)
        for contribution in self._statements:
            for scope, dynamic in zip(
                contribution.scopes, contribution.dynamic_when_bound, strict=True
            ):
                scope.dynamic = dynamic or getattr(scope.node, "name", None) in self.code_taken

    def _join(self, contribution: _StatementScopes) -> None:
        """Add one top-level statement's contribution to the module's facts."""
        self.module.bound |= contribution.bound
        self.module.used |= contribution.used
        self.module.declared_global |= contribution.declared_global
        self.module.declared_nonlocal |= contribution.declared_nonlocal
        self.module.dynamic = self.module.dynamic or contribution.dynamic
        self.module.is_generator = self.module.is_generator or contribution.is_generator
        for scope in contribution.children:
            scope.parent = self.module
        self.module.children.extend(contribution.children)
        for scope in contribution.scopes:
            self.by_node[id(scope.node)] = scope
        self.stored_attributes |= contribution.stored_attributes
        self.code_taken |= contribution.code_taken
        self.namespace_uses.update(contribution.namespace_uses)
        self.imported |= contribution.imported
        self.attribute_owners |= contribution.attribute_owners

    def imported_attribute_stores(self) -> frozenset[str]:
        """The names bound by the module's imports whose attributes it stores or deletes
        anywhere (``config.BATCH = 64``, ``del config.X``, ``setattr(config, ...)``):
        over-approximated by name, whatever the name is bound to when the store runs."""
        return frozenset(self.attribute_owners & self.imported)

    def scope_of(self, node: ast.AST) -> Scope:
        return self.by_node[id(node)]

    def rebound_by_functions(self, name: str) -> bool:
        """True when some function assigns module variable ``name`` through ``global``."""
        if self._rebound is None:
            self._rebound = set()
            for scope in self.by_node.values():
                if scope.kind != "module":
                    self._rebound |= scope.declared_global & scope.bound
        return name in self._rebound

    def module_bindable(self) -> set[str]:
        """Module variables bound anywhere: at module level or through ``global`` in a function."""
        names = set(self.module.bound)
        for scope in self.by_node.values():
            names |= scope.declared_global & scope.bound
        return names


class _StatementScopes:
    """What one top-level statement contributes to its module's scope table.

    While the statement is bound, ``module_names`` is a stand-in module scope collecting the names
    it binds, uses and declares at module level, its module-level ``dynamic`` and
    ``is_generator`` facts, and (as its children) the scopes it opens directly; afterwards only
    those facts are kept (``bound``, ``used``, ``declared_global``, ``declared_nonlocal``,
    ``dynamic``, ``is_generator``, ``children``), not the stand-in. ``scopes`` lists every scope the statement
    opens, in the order they open, finished (``needed``, ``cells``, ``free``: facts of the
    statement alone, since a module-level scope provides no closure variables).
    ``dynamic_when_bound`` holds each scope's ``dynamic`` flag from its own code, before the
    module's ``code_taken`` is known.
    """

    __slots__ = (
        "attribute_owners",
        "bound",
        "children",
        "code_taken",
        "declared_global",
        "declared_nonlocal",
        "dynamic",
        "dynamic_when_bound",
        "imported",
        "is_generator",
        "module_names",
        "namespace_uses",
        "scopes",
        "statement",
        "stored_attributes",
        "used",
    )

    def __init__(self, statement: ast.stmt) -> None:
        self.statement = statement
        self.module_names = Scope("module", statement, None)
        self.scopes: list[Scope] = []
        self.stored_attributes: set[str] = set()
        self.code_taken: set[str] = set()
        self.namespace_uses: dict[int, NamespaceUse] = {}
        self.imported: set[str] = set()
        self.attribute_owners: set[str] = set()
        _Binder(self).visit(statement, self.module_names)
        self.dynamic_when_bound = tuple(scope.dynamic for scope in self.scopes)
        for scope in self.module_names.children:
            _finish(scope)
            _resolve_free(scope, frozenset())
        # Only what the module's facts take from the stand-in is kept, as frozensets (the empty
        # ones are one shared object): a stand-in scope per top-level statement, with its eight
        # sets mostly empty, weighed about 1.7 kB on a 20,000-line file's thousands of statements.
        names = self.module_names
        self.bound = frozenset(names.bound)
        self.used = frozenset(names.used)
        self.declared_global = frozenset(names.declared_global)
        self.declared_nonlocal = frozenset(names.declared_nonlocal)
        self.dynamic = names.dynamic
        self.is_generator = names.is_generator
        self.children = tuple(names.children)
        del self.module_names

    def new_scope(self, kind: str, node: ast.AST, parent: Scope) -> Scope:
        scope = Scope(kind, node, parent)
        self.scopes.append(scope)
        parent.children.append(scope)
        return scope


_SPECIAL_NODES = frozenset(
    {
        ast.FunctionDef,
        ast.AsyncFunctionDef,
        ast.Lambda,
        ast.ClassDef,
        *COMPREHENSION_NODES,
        ast.NamedExpr,
        ast.Global,
        ast.Nonlocal,
        ast.Import,
        ast.ImportFrom,
        ast.ExceptHandler,
        ast.MatchAs,
        ast.MatchStar,
        ast.MatchMapping,
        ast.Yield,
        ast.YieldFrom,
        ast.Await,
        ast.Call,
    }
)
"""Node types the binder treats specially; all others just have their children visited.

A module is *dynamic* (no certain ``NameError`` for its globals) when it star-imports, or calls
something that may bind module variables (see ``_may_create_globals``; a namespace view only when
written through), or touches an attribute that reaches a module namespace
(``_MODULE_NAMESPACE_ATTRIBUTES``). A function or class scope is dynamic when it calls such a function, or when the
``__code__`` of a function of its name is taken (that code may run with any globals).
"""


class _Binder:
    """Collects bound, used and declared names per scope."""

    def __init__(self, contribution: _StatementScopes) -> None:
        self.contribution = contribution

    def block(self, statements: list[ast.stmt], scope: Scope) -> None:
        for statement in statements:
            self.visit(statement, scope)

    def bind(self, name: str, scope: Scope) -> None:
        scope.bound.add(name)

    def visit(self, node: ast.AST, scope: Scope) -> None:
        kind = type(node)
        if kind is ast.Name:
            if type(node.ctx) is ast.Load:  # type: ignore[attr-defined]
                scope.used.add(node.id)  # type: ignore[attr-defined]
            else:
                scope.bound.add(node.id)  # type: ignore[attr-defined]
            return
        if kind is ast.Constant:
            return
        if kind in _VIEW_PARENTS:
            for call, use in namespace_uses(node):
                self.contribution.namespace_uses[id(call)] = use
        if kind is ast.Attribute:
            if node.attr in _MODULE_NAMESPACE_ATTRIBUTES:  # type: ignore[attr-defined]
                self.contribution.module_names.dynamic = True
            if node.attr == "__code__" and isinstance(node.value, ast.Name):  # type: ignore[attr-defined]
                self.contribution.code_taken.add(node.value.id)  # type: ignore[attr-defined]
            if type(node.ctx) is not ast.Load:  # type: ignore[attr-defined]
                self.contribution.stored_attributes.add(node.attr)  # type: ignore[attr-defined]
                if isinstance(node.value, ast.Name):  # type: ignore[attr-defined]
                    self.contribution.attribute_owners.add(node.value.id)  # type: ignore[attr-defined]
        if kind not in _SPECIAL_NODES:
            for child in ast.iter_child_nodes(node):
                self.visit(child, scope)
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                self.visit(decorator, scope)
            self.arguments_outside(node.args, scope)
            if node.returns is not None:
                self.visit(node.returns, scope)
            self.bind(node.name, scope)
            inner = self.contribution.new_scope("function", node, scope)
            self.parameters(node.args, inner)
            self.block(node.body, inner)
            return
        if isinstance(node, ast.Lambda):
            self.arguments_outside(node.args, scope)
            inner = self.contribution.new_scope("function", node, scope)
            self.parameters(node.args, inner)
            self.visit(node.body, inner)
            return
        if isinstance(node, ast.ClassDef):
            for expression in (
                *node.decorator_list,
                *node.bases,
                *(k.value for k in node.keywords),
            ):
                self.visit(expression, scope)
            self.bind(node.name, scope)
            inner = self.contribution.new_scope("class", node, scope)
            self.block(node.body, inner)
            return
        if isinstance(node, COMPREHENSION_NODES):
            generators = node.generators
            self.visit(generators[0].iter, scope)
            inner = self.contribution.new_scope("comprehension", node, scope)
            for index, generator in enumerate(generators):
                if index > 0:
                    self.visit(generator.iter, inner)
                self.target(generator.target, inner)
                for condition in generator.ifs:
                    self.visit(condition, inner)
            if isinstance(node, ast.DictComp):
                self.visit(node.key, inner)
                self.visit(node.value, inner)
            else:
                self.visit(node.elt, inner)
            return
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, (ast.Store, ast.Del)):
                self.bind(node.id, scope)
            else:
                scope.used.add(node.id)
            return
        if isinstance(node, ast.NamedExpr):
            owner = scope
            while owner.kind == "comprehension" and owner.parent is not None:
                owner = owner.parent
            self.visit(node.value, scope)
            if owner is not scope:
                scope.used.add(node.target.id)
                owner.bound.add(node.target.id)
            else:
                self.bind(node.target.id, scope)
            return
        if isinstance(node, ast.Global):
            scope.declared_global.update(node.names)
            return
        if isinstance(node, ast.Nonlocal):
            scope.declared_nonlocal.update(node.names)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            self.contribution.imported.update(
                alias.asname or (alias.name.split(".")[0] if kind is ast.Import else alias.name)
                for alias in node.names
            )
            for alias in node.names:
                if alias.name == "*":
                    scope.dynamic = True
                else:
                    self.bind(alias.asname or alias.name.split(".")[0], scope)
            return
        if isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)):
            if node.name is not None:
                self.bind(node.name, scope)
        elif isinstance(node, ast.MatchMapping):
            if node.rest is not None:
                self.bind(node.rest, scope)
        elif isinstance(node, (ast.Yield, ast.YieldFrom, ast.Await)):
            if isinstance(node, (ast.Yield, ast.YieldFrom)):
                scope.is_generator = True
        elif isinstance(node, ast.Call):
            if self.may_create_globals(node, scope):
                scope.dynamic = True
                self.contribution.module_names.dynamic = True
            if _callee_name(node) in _WRAPPER_UPDATES:
                self.contribution.stored_attributes.update(WRAPPER_ATTRIBUTES)
            if (
                isinstance(node.func, ast.Name)
                and node.func.id in ("setattr", "delattr")
                and node.args
                and isinstance(node.args[0], ast.Name)
            ):
                self.contribution.attribute_owners.add(node.args[0].id)
            if (
                isinstance(node.func, ast.Name)
                and node.func.id in ("setattr", "delattr")
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)
            ):
                self.contribution.stored_attributes.add(node.args[1].value)
        for child in ast.iter_child_nodes(node):
            self.visit(child, scope)

    def may_create_globals(self, call: ast.Call, scope: Scope) -> bool:
        """Whether ``call`` may bind names of ``scope`` or of the module that the analysis cannot
        see (see ``_may_create_globals``). A namespace view (``globals()``...) does only when
        the code around it may write through it: names written with a constant key at module
        level are bindings of the module (``globals()["x"] = v``); any other write may bind
        anything."""
        if namespace_view(call) is None:
            return _may_create_globals(call)
        written = self.contribution.namespace_uses.get(id(call), UNKNOWN_USE).written
        if written is None or (written and scope.kind != "module"):
            return True
        scope.bound.update(written)
        return False

    def target(self, node: ast.AST, scope: Scope) -> None:
        self.visit(node, scope)

    def arguments_outside(self, arguments: ast.arguments, scope: Scope) -> None:
        for default in (*arguments.defaults, *(d for d in arguments.kw_defaults if d is not None)):
            self.visit(default, scope)
        for argument in all_arguments(arguments):
            if argument.annotation is not None:
                self.visit(argument.annotation, scope)

    def parameters(self, arguments: ast.arguments, scope: Scope) -> None:
        for argument in all_arguments(arguments):
            scope.bound.add(argument.arg)


DYNAMIC_CALLS = frozenset({"exec", "eval", "__import__", "setattr"})

WRAPPER_ATTRIBUTES = frozenset({"__module__", "__name__", "__qualname__", "__doc__", "__wrapped__"})
"""The attributes ``functools.update_wrapper`` (and ``functools.wraps``) store on a wrapper."""
_WRAPPER_UPDATES = frozenset({"update_wrapper", "wraps"})


def _callee_name(call: ast.Call) -> str | None:
    function = call.func
    if isinstance(function, ast.Name):
        return function.id
    return function.attr if isinstance(function, ast.Attribute) else None


_VIEW_PARENTS = frozenset(
    {ast.Subscript, ast.Call, ast.Compare, ast.For, ast.AsyncFor, ast.comprehension, ast.Dict}
)
"""The nodes whose direct children may be namespace views they use in a known way."""

_MODULE_NAMESPACE_ATTRIBUTES = frozenset({"modules", "__globals__", "f_globals", "f_locals"})
"""Attributes through which code reaches a module's namespace: ``sys.modules[...]``, a
function's ``__globals__``, a frame's ``f_globals``/``f_locals``. (``obj.__dict__`` is the
namespace of ``obj``; the module's own object is reached only through these or ``__name__``.)"""


def _may_create_globals(call: ast.Call) -> bool:
    """True for calls that can bind module variables the analysis cannot see: ``exec``,
    ``setattr``... and any call handed the module's ``__name__`` (namespace views are judged by
    ``_Binder.may_create_globals``)."""
    if isinstance(call.func, ast.Name) and call.func.id in DYNAMIC_CALLS:
        return call.func.id != "setattr" or not (
            len(call.args) >= 2 and isinstance(call.args[1], ast.Constant)
        )
    return any(isinstance(a, ast.Name) and a.id == "__name__" for a in call.args)


def all_arguments(arguments: ast.arguments) -> list[ast.arg]:
    """Every parameter of ``arguments``, in the order CPython binds (and annotates) them."""
    result = [*arguments.posonlyargs, *arguments.args]
    if arguments.vararg is not None:
        result.append(arguments.vararg)
    result.extend(arguments.kwonlyargs)
    if arguments.kwarg is not None:
        result.append(arguments.kwarg)
    return result


def _finish(scope: Scope) -> None:
    """Bottom-up over a function, class or comprehension scope and those inside it: the names each
    needs from enclosing function scopes; cells."""
    needed: set[str] = set()
    for child in scope.children:
        _finish(child)
        needed |= child.needed
    if scope.kind == "class":
        scope.needed = (needed | (scope.used - scope.bound)) - scope.declared_global
        return
    local = scope.locals()
    scope.cells = needed & local
    scope.needed = ((needed | scope.used) - local - scope.declared_global) | scope.declared_nonlocal


def _resolve_free(scope: Scope, enclosing: frozenset[str]) -> None:
    """Top-down over a function, class or comprehension scope and those inside it: which needed
    names an enclosing function scope (whose names are ``enclosing``) actually provides."""
    scope.free = {name for name in scope.needed if name in enclosing}
    if scope.kind == "class":
        inner = enclosing
    else:
        inner = (enclosing - scope.declared_global) | frozenset(scope.locals())
    for child in scope.children:
        _resolve_free(child, inner)
    if scope.kind != "class":
        provided: set[str] = set()
        for child in scope.children:
            provided |= child.free
        scope.cells = provided & scope.locals()
