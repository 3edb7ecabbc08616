"""Where a path expression's value comes from, read from the module's text: whether it is the same
on every rank, made fresh for each process, or derived from a per-process value.

These are located values in the sense of choreographic programming: a value computed the same way
by every rank from the same inputs is the same at every rank (a literal, the command line's
``args.out_dir``, ``os.path.join`` of such values); ``tempfile.mkdtemp()`` is a value located at
each process (every process gets its own new directory); ``os.getpid()`` and the clock may
differ. A name is followed to its bindings in its scope (the module's when the function does not
bind it); a name bound by anything but plain assignments (a parameter, a loop target, an
augmented assignment, an import...) is of unknown origin: never uniform, never fresh.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from .file_operations import (
    COMPOSING_FUNCTIONS,
    FRESH_DIRECTORY_FUNCTIONS,
    PER_PROCESS_FUNCTIONS,
    ImportNames,
)

SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.Module)
NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.comprehension)
COMMAND_LINE_PARSERS = frozenset({"parse_args"})
UNKNOWN = "unknown"
PARAMETER = "parameter"
Binding = ast.expr | tuple[str, ast.expr] | str
"""An assigned expression, ``("with", context expression)``, ``PARAMETER`` or ``UNKNOWN``."""


class Bindings:
    """Every binding of each name in each scope: the assigned expression, the context expression
    of a ``with ... as name``, or ``UNKNOWN``."""

    def __init__(self, tree: ast.Module) -> None:
        self.parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                self.parents[child] = node
        self.by_scope: dict[ast.AST, dict[str, list[Binding]]] = {}
        for node in ast.walk(tree):
            if isinstance(node, SCOPES):
                self.by_scope[node] = _scope_bindings(node)
        module_bindings = self.by_scope.setdefault(tree, {})
        for node in ast.walk(tree):
            if isinstance(node, ast.Global):
                for name in node.names:
                    module_bindings.setdefault(name, []).append(UNKNOWN)
        self.changed_objects = _changed_objects(tree)
        """Names whose attributes some code sets (``args.out = ...``, ``setattr(args, ...)``,
        ``vars(args)``): their attributes are of unknown origin."""

    def scope_of(self, node: ast.AST) -> ast.AST:
        parent = self.parents.get(node)
        while parent is not None and not isinstance(parent, SCOPES):
            parent = self.parents.get(parent)
        return parent if parent is not None else node

    def bindings(self, name: str, scope: ast.AST) -> tuple[ast.AST, list[Binding]]:
        """The scope binding ``name`` as seen from ``scope`` (its own, else the module's) and its
        bindings there (empty when none binds it)."""
        own = self.by_scope.get(scope, {})
        if name in own or isinstance(scope, ast.Module):
            return scope, own.get(name, [])
        module = scope
        while not isinstance(module, ast.Module):
            module = self.scope_of(module)
        return module, self.by_scope.get(module, {}).get(name, [])


def _scope_bindings(scope: ast.AST) -> dict[str, list[Binding]]:
    found: dict[str, list[Binding]] = {}

    def bind(name: str, value: Binding) -> None:
        found.setdefault(name, []).append(value)

    if isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        arguments = scope.args
        for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
            bind(argument.arg, PARAMETER)
        for argument in (arguments.vararg, arguments.kwarg):
            if argument is not None:
                bind(argument.arg, UNKNOWN)
    for node in _own_nodes(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name in _target_names(target):
                    simple = len(node.targets) == 1 and isinstance(target, ast.Name)
                    bind(name, node.value if simple else UNKNOWN)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            bind(node.target.id, node.value if node.value is not None else UNKNOWN)
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            for name in _target_names(node.optional_vars):
                simple = isinstance(node.optional_vars, ast.Name)
                bind(name, ("with", node.context_expr) if simple else UNKNOWN)
        elif isinstance(node, (ast.AugAssign, ast.For, ast.AsyncFor, ast.NamedExpr, ast.Delete)):
            targets = node.targets if isinstance(node, ast.Delete) else [node.target]
            for target in targets:
                for name in _target_names(target):
                    bind(name, UNKNOWN)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bind((alias.asname or alias.name).split(".")[0], UNKNOWN)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or (
            isinstance(node, ast.ExceptHandler) and node.name
        ):
            bind(node.name, UNKNOWN)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                bind(name, UNKNOWN)
    return found


def _changed_objects(tree: ast.Module) -> set[str]:
    changed: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.ctx, (ast.Store, ast.Del))
            and isinstance(node.value, ast.Name)
        ):
            changed.add(node.value.id)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("setattr", "vars", "delattr")
            and node.args
            and isinstance(node.args[0], ast.Name)
        ):
            changed.add(node.args[0].id)
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "__dict__"
            and isinstance(node.value, ast.Name)
        ):
            changed.add(node.value.id)
    return changed


def _own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``scope``'s own code (nested functions, classes and comprehensions excluded;
    their ``def``/``class`` statements themselves included)."""
    pending = list(ast.iter_child_nodes(scope))
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, NESTED):
            pending.extend(ast.iter_child_nodes(node))


def _target_names(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in _target_names(element)]
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return []


class PathValues:
    """The origin of path expressions (see the module docstring)."""

    def __init__(self, tree: ast.Module, names: ImportNames) -> None:
        self.bindings = Bindings(tree)
        self.names = names
        self.calls_by_name: dict[str, list[ast.Call]] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                self.calls_by_name.setdefault(node.func.id, []).append(node)
        self.uses: dict[str, int] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                self.uses[node.id] = self.uses.get(node.id, 0) + 1

    def uniform(
        self, expression: ast.expr, scope: ast.AST, seen: frozenset[str] = frozenset()
    ) -> bool:
        """Whether ``expression`` certainly has the same value on every rank: literals, the
        command line's options (not those naming a rank: ``torch.distributed.launch`` passes
        ``--local_rank``), names bound only to such values, and ``os.path.join``, f-strings,
        ``+``, ``%`` and ``/`` of them."""
        if isinstance(expression, ast.Constant):
            return True
        if isinstance(expression, ast.JoinedStr):
            return all(self.uniform(part, scope, seen) for part in expression.values)
        if isinstance(expression, ast.FormattedValue):
            return self.uniform(expression.value, scope, seen)
        if isinstance(expression, ast.BinOp) and isinstance(
            expression.op, (ast.Add, ast.Mod, ast.Div)
        ):
            return self.uniform(expression.left, scope, seen) and self.uniform(
                expression.right, scope, seen
            )
        if isinstance(expression, (ast.Tuple, ast.List)):
            return all(self.uniform(element, scope, seen) for element in expression.elts)
        if isinstance(expression, ast.Call):
            return (
                self.names.dotted(expression.func) in COMPOSING_FUNCTIONS
                and not expression.keywords
                and all(
                    not isinstance(argument, ast.Starred) and self.uniform(argument, scope, seen)
                    for argument in expression.args
                )
            )
        if isinstance(expression, ast.Attribute) and isinstance(expression.value, ast.Name):
            return (
                "rank" not in expression.attr.lower()
                and expression.value.id not in self.bindings.changed_objects
                and self._command_line(expression.value.id, scope)
            )
        if isinstance(expression, ast.Name):
            return self._follow(expression.id, scope, seen, self.uniform)
        return False

    def _command_line(self, name: str, scope: ast.AST) -> bool:
        """Whether every binding of ``name`` is ``<parser>.parse_args(...)``."""
        _, values = self.bindings.bindings(name, scope)
        return bool(values) and all(
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr in COMMAND_LINE_PARSERS
            for value in values
        )

    def _follow(self, name: str, scope: ast.AST, seen: frozenset[str], judge) -> bool:
        """Whether ``name`` has bindings and ``judge`` holds for each (a cycle: False)."""
        owner, values = self.bindings.bindings(name, scope)
        key = f"{id(owner)}:{name}"
        if key in seen or not values:
            return False
        if values == [PARAMETER]:
            return self._uniform_parameter(name, owner, seen | {key})
        return all(
            isinstance(value, ast.expr) and judge(value, owner, seen | {key}) for value in values
        )

    def _uniform_parameter(self, name: str, function: ast.AST, seen: frozenset[str]) -> bool:
        """Whether the parameter ``name`` of a plain function (not a method) is uniform at every
        call of the function by its name (the argument passed, else the default), and the
        function is called so at least once and never passed around (every use of its name
        is such a call)."""
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or isinstance(
            self.bindings.scope_of(function), ast.ClassDef
        ):
            return False
        calls = self.calls_by_name.get(function.name, [])
        if not calls or self.uses.get(function.name, 0) != len(calls):
            return False
        arguments = function.args
        positional = [*arguments.posonlyargs, *arguments.args]
        names = [argument.arg for argument in positional]
        defaults = dict(
            zip(names[len(names) - len(arguments.defaults) :], arguments.defaults, strict=True)
        )
        defaults |= {
            argument.arg: default
            for argument, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
            if default is not None
        }
        for call in calls:
            if any(isinstance(a, ast.Starred) for a in call.args) or any(
                keyword.arg is None for keyword in call.keywords
            ):
                return False
            caller = self.bindings.scope_of(call)
            passed = next((k.value for k in call.keywords if k.arg == name), None)
            if passed is None and name in names and names.index(name) < len(call.args):
                passed = call.args[names.index(name)]
            if passed is not None:
                if not self.uniform(passed, caller, seen):
                    return False
            elif name not in defaults or not self.uniform(defaults[name], function, seen):
                return False
        return True

    def fresh_directory(self, expression: ast.expr, scope: ast.AST) -> ast.expr | None:
        """The ``tempfile.mkdtemp()``/``TemporaryDirectory()`` call that the path
        ``expression`` is certainly made from: the path is that directory, or joined from it and
        uniform parts, through names bound once."""
        if isinstance(expression, ast.Name):
            owner, values = self.bindings.bindings(expression.id, scope)
            if len(values) != 1:
                return None
            value = values[0]
            if isinstance(value, tuple):
                context = value[1]
                fresh = isinstance(context, ast.Call) and (
                    self.names.dotted(context.func) == "tempfile.TemporaryDirectory"
                )
                return context if fresh else None
            if not isinstance(value, ast.expr):
                return None
            if isinstance(value, ast.Call) and self.names.dotted(value.func) == "tempfile.mkdtemp":
                return value
            return self.fresh_directory(value, owner)
        parts: list[ast.expr] = []
        if isinstance(expression, ast.JoinedStr):
            parts = [
                part.value if isinstance(part, ast.FormattedValue) else part
                for part in expression.values
            ]
        elif isinstance(expression, ast.BinOp) and isinstance(expression.op, (ast.Add, ast.Div)):
            parts = [expression.left, expression.right]
        elif (
            isinstance(expression, ast.Call)
            and not expression.keywords
            and self.names.dotted(expression.func) in COMPOSING_FUNCTIONS - {"os.path.dirname"}
        ):
            parts = list(expression.args)
        if not parts:
            return None
        first = self.fresh_directory(parts[0], scope)
        if first is None or not all(self.uniform(part, scope) for part in parts[1:]):
            return None
        return first

    def per_process(
        self, expression: ast.expr, scope: ast.AST, seen: frozenset[str] = frozenset()
    ) -> str | None:
        """The per-process call (``os.getpid``, ``tempfile.mkdtemp``, the clock...) the
        expression's value may come from, followed through names' plain assignments."""
        for node in ast.walk(expression):
            if isinstance(node, ast.Call):
                api = self.names.dotted(node.func)
                if api in PER_PROCESS_FUNCTIONS | FRESH_DIRECTORY_FUNCTIONS:
                    return api
            if isinstance(node, ast.Name):
                owner, values = self.bindings.bindings(node.id, scope)
                key = f"{id(owner)}:{node.id}"
                if key in seen:
                    continue
                for value in values:
                    expression_value = value[1] if isinstance(value, tuple) else value
                    if isinstance(expression_value, ast.expr):
                        found = self.per_process(expression_value, owner, seen | {key})
                        if found is not None:
                            return found
        return None
