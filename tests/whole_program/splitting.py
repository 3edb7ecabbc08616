"""Split one Python program into a main module and a ``defs`` module without changing what it does.

``split(source)`` moves top-level definitions — functions, classes, and assignments of pure
values (constants and configs) — from the program into a second module ``defs.py`` and replaces
each by ``from defs import NAMES`` in the main module. The import statements the moved code needs
are copied (not moved): the main module keeps them.

**Positions are kept**: a moved statement's lines become ``from defs import ...`` on its first line
and empty lines after it, and ``defs.py`` is the original text with every line that is neither a
moved statement nor a copied import blanked. So a position in the original program is the same
position in ``main.py`` (outside the moved statements) or in ``defs.py`` (inside them): the
position map of the differential test is the identity.

**Semantics are kept** (a sample is checked under real Python by ``test_split_semantics``). The
body of ``defs.py`` runs once, at the first ``from defs import`` of the main module, so a statement
is moved only when running it there instead of at its own place makes no observable difference:

- it is a top-level ``def``, ``class`` or assignment to plain names, alone on its lines;
- what it evaluates when it runs (decorators, default values, annotations, base classes, class
  bodies, the right side of an assignment) is *pure*: literals, names, attributes, operators,
  displays, subscripts, and calls of a fixed list of side-effect-free library and builtin
  functions (``PURE_CALLS``; no random numbers) and decorators (``PURE_DECORATORS``); a class
  body holds only definitions, pure assignments and docstrings;
- what it computes when it runs cannot depend on what the main module did before it: either
  only moved statements lie between the first moved statement (where ``defs.py`` runs) and it,
  or it computes nothing but literals, names, attributes of names that the program never stores
  (no ``X.attr = ...``, ``X.attr += ...`` or ``del X.attr`` of that attribute name anywhere, and no
  ``setattr``/``delattr`` at all) and displays of those (and calls its decorators):
  ``longest = max(by_length)`` after a loop filling ``by_length`` stays, so does
  ``angles = positions * rates`` after ``experimental_enable_numpy_behavior()``, and so does
  ``n = Counter.instances`` when ``Counter()`` runs ``Counter.instances += 1``;
- every global name it reads when it runs is bound by an earlier moved statement, by a copied
  import or is a builtin not bound by the program; every global name its functions read when
  called is bound by a moved statement (in any order), a copied import or a builtin;
- every name it binds is bound nowhere else in the program (no rebinding, ``del``, augmented
  assignment, loop target or ``global`` declaration), so the main module and ``defs`` never
  disagree about a name; names bound by ``global`` statements are never moved, nor is a function
  that declares one, nor code reading ``__name__``, ``__file__`` or another module-specific
  name;
- every copied import comes before the first moved statement (the libraries are imported in the
  same order as in the program) and binds its names once (``import a`` and ``import a.b`` both
  binding ``a`` count as one binding).

A program that uses ``globals``, ``locals``, ``vars``, ``exec``, ``eval``, ``__import__`` or the
name ``defs``, or a star import, is never split. Statements are dropped from the moved set until
all the rules hold together; a program is *splittable* when at least one statement is left.
"""

from __future__ import annotations

import ast
import builtins
import itertools
import symtable
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

DEFS_MODULE = "defs"
DYNAMIC_NAMES = frozenset({"globals", "locals", "vars", "exec", "eval", "__import__", DEFS_MODULE})
MODULE_SPECIFIC_NAMES = frozenset(
    {
        "__name__",
        "__file__",
        "__doc__",
        "__spec__",
        "__loader__",
        "__package__",
        "__builtins__",
        "__annotations__",
        "__cached__",
    }
)
BUILTIN_NAMES = frozenset(dir(builtins)) - MODULE_SPECIFIC_NAMES
PURE_CALLS = frozenset(
    {
        *(
            f"builtins.{name}"
            for name in [
                "int",
                "float",
                "str",
                "bool",
                "bytes",
                "tuple",
                "list",
                "dict",
                "set",
                "frozenset",
                "range",
                "len",
                "min",
                "max",
                "sum",
                "abs",
                "round",
                "sorted",
                "slice",
                "complex",
                "object",
            ]
        ),
        *(
            f"numpy.{name}"
            for name in [
                "array",
                "asarray",
                "zeros",
                "ones",
                "full",
                "eye",
                "identity",
                "arange",
                "linspace",
                "zeros_like",
                "ones_like",
                "full_like",
                "float32",
                "float64",
                "int32",
                "int64",
                "dtype",
            ]
        ),
        *(
            f"torch.{name}"
            for name in [
                "tensor",
                "zeros",
                "ones",
                "full",
                "eye",
                "arange",
                "linspace",
                "Size",
                "device",
                "dtype",
            ]
        ),
        *(
            f"tensorflow.{name}"
            for name in [
                "constant",
                "zeros",
                "ones",
                "fill",
                "eye",
                "range",
                "TensorShape",
                "TensorSpec",
            ]
        ),
        "dataclasses.field",
        "collections.namedtuple",
        "os.path.join",
    }
)
"""Calls (by the dotted name their callee is imported as) without side effects or randomness."""
PURE_DECORATORS = frozenset(
    {
        "builtins.staticmethod",
        "builtins.classmethod",
        "builtins.property",
        "dataclasses.dataclass",
        "functools.wraps",
        "functools.lru_cache",
        "functools.cache",
        "abc.abstractmethod",
        "typing.overload",
        "tensorflow.function",
        "torch.no_grad",
    }
)
"""Decorators (alone or called with pure arguments) that only wrap or describe what they decorate."""


@dataclass(frozen=True)
class SplitProgram:
    """A program split in two: ``main`` imports ``moved`` names from ``defs`` (see the module doc).

    ``moved_lines`` are the 1-based lines of the moved statements (decorators included): there the
    original's positions are ``defs``'s; elsewhere they are ``main``'s.
    """

    main: str
    defs: str
    moved: tuple[str, ...]
    moved_lines: frozenset[int]


@dataclass
class _Statement:
    node: ast.stmt
    index: int
    first: int
    last: int
    binds: tuple[str, ...]


def split(source: str) -> SplitProgram | None:
    """``source`` split into a main module and ``defs``, or None when nothing can be moved."""
    try:
        tree = ast.parse(source)
        table = symtable.symtable(source, "<program>", "exec")
    except (SyntaxError, ValueError, RecursionError):
        return None
    if _is_dynamic(tree):
        return None
    statements = _top_level(tree)
    bindings = _module_bindings(tree)
    imports = _imports(statements, bindings)
    if imports is None:
        return None
    scopes = _scope_tables(table)
    candidates = [
        statement
        for statement in statements
        if _movable_kind(statement, imports, bindings, _has_future_annotations(tree))
    ]
    moved, needed = _fixpoint(candidates, bindings, imports, scopes, _stored_attributes(tree))
    if not moved:
        return None
    return _render(source, statements, moved, needed)


def _is_dynamic(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in DYNAMIC_NAMES:
            return True
        if isinstance(node, ast.alias) and (
            node.name == "*" or DEFS_MODULE in (node.name.split(".")[0], node.asname)
        ):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == DEFS_MODULE:
            return True
        if isinstance(node, (ast.Global, ast.Nonlocal)) and DEFS_MODULE in node.names:
            return True
    return False


def _has_future_annotations(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom)
        and node.module == "__future__"
        and any(alias.name == "annotations" for alias in node.names)
        for node in tree.body
    )


def _top_level(tree: ast.Module) -> list[_Statement]:
    """The module's statements with their lines (decorators included) and the names they bind."""
    result = []
    for index, node in enumerate(tree.body):
        decorators = getattr(node, "decorator_list", [])
        first = min([node.lineno, *(item.lineno for item in decorators)])
        last = node.end_lineno or node.lineno
        result.append(_Statement(node, index, first, last, tuple(_bound_by(node))))
    for before, after in itertools.pairwise(result):
        if after.first <= before.last:
            before.binds = after.binds = ()
            before.first = after.first = -1
    return result


def _bound_by(node: ast.stmt) -> Iterator[str]:
    """Names a top-level statement binds in the module (only for the statements ``split`` moves
    or copies; others bind nothing here, which keeps them in place)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield node.name
    elif isinstance(node, ast.Assign):
        for target in node.targets:
            yield from _target_names(target)
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        yield from _target_names(node.target)
    elif isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.asname or alias.name.split(".")[0]
    elif isinstance(node, ast.ImportFrom):
        for alias in node.names:
            yield alias.asname or alias.name


def _target_names(target: ast.expr) -> Iterator[str]:
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _target_names(element)
    elif isinstance(target, ast.Starred):
        yield from _target_names(target.value)
    else:
        yield "<not a plain name>"


def _module_bindings(tree: ast.Module) -> dict[str, int]:
    """How many places bind each module-level name; a name in any ``global`` statement counts as
    bound twice (some function rebinds it)."""
    counts: dict[str, int] = {}

    def bind(name: str, times: int = 1) -> None:
        counts[name] = counts.get(name, 0) + times

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(node.name)
            for inner in ast.walk(node):
                if isinstance(inner, ast.Global):
                    for name in inner.names:
                        bind(name, 2)
            return
        if isinstance(
            node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
        ):
            for inner in ast.walk(node):
                if isinstance(inner, ast.NamedExpr) and isinstance(inner.target, ast.Name):
                    bind(inner.target.id)
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bind(node.id)
        elif isinstance(node, ast.alias):
            bind(node.asname or node.name.split(".")[0])
        elif (isinstance(node, ast.ExceptHandler) and node.name) or (
            isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name
        ):
            bind(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bind(node.rest)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            bind(node.target.id)
        for child in ast.iter_child_nodes(node):
            visit(child)

    for statement in tree.body:
        visit(statement)
    return counts


@dataclass(frozen=True)
class _Imports:
    """The top-level imports: for each name they bind, the statements binding it (all imports of
    one module, so any one of them gives the same object) and the dotted name it stands for."""

    statements: dict[str, tuple[_Statement, ...]]
    dotted: dict[str, str]
    future: tuple[_Statement, ...]


def _imports(statements: list[_Statement], bindings: dict[str, int]) -> _Imports | None:
    by_name: dict[str, list[_Statement]] = {}
    targets: dict[str, set[str]] = {}
    future = []
    for statement in statements:
        node = statement.node
        if isinstance(node, ast.ImportFrom) and node.module == "__future__":
            future.append(statement)
            continue
        if not isinstance(node, (ast.Import, ast.ImportFrom)) or statement.first < 0:
            continue
        if isinstance(node, ast.ImportFrom) and node.level:
            return None
        for alias in node.names:
            if isinstance(node, ast.Import):
                name = alias.asname or alias.name.split(".")[0]
                target = alias.name if alias.asname else alias.name.split(".")[0]
            else:
                name = alias.asname or alias.name
                target = f"{node.module}.{alias.name}"
            by_name.setdefault(name, []).append(statement)
            targets.setdefault(name, set()).add(target)
    usable = {
        name: tuple(found)
        for name, found in by_name.items()
        if len(targets[name]) == 1 and bindings.get(name, 0) == len(found)
    }
    dotted = {name: next(iter(targets[name])) for name in usable}
    return _Imports(usable, dotted, tuple(future))


def _scope_tables(table: symtable.SymbolTable) -> dict[tuple[str, int], symtable.SymbolTable]:
    return {(child.get_name(), child.get_lineno()): child for child in table.get_children()}


def _global_reads(table: symtable.SymbolTable) -> set[str] | None:
    """Global names read anywhere in ``table``'s scope tree; None when one declares ``global``."""
    names: set[str] = set()
    for symbol in table.get_symbols():
        if symbol.is_declared_global():
            return None
        if symbol.is_global() and symbol.is_referenced():
            names.add(symbol.get_name())
    for child in table.get_children():
        inner = _global_reads(child)
        if inner is None:
            return None
        names |= inner
    return names


def _dotted(node: ast.expr, imports: _Imports) -> str | None:
    """The dotted name ``node`` (a name or attribute chain) stands for, through the imports."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    head = imports.dotted.get(node.id)
    if head is None:
        if node.id not in BUILTIN_NAMES:
            return None
        head = f"builtins.{node.id}"
    return ".".join([head, *reversed(parts)])


def _pure(node: ast.expr | None, imports: _Imports) -> bool:
    """Whether evaluating ``node`` has no side effect and no randomness (see the module doc)."""
    if node is None or isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.Attribute):
        return _pure(node.value, imports)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_pure(element, imports) for element in node.elts)
    if isinstance(node, ast.Dict):
        return all(_pure(item, imports) for item in (*node.keys, *node.values))
    if isinstance(node, ast.Starred):
        return _pure(node.value, imports)
    if isinstance(node, ast.UnaryOp):
        return _pure(node.operand, imports)
    if isinstance(node, ast.BinOp):
        return _pure(node.left, imports) and _pure(node.right, imports)
    if isinstance(node, ast.BoolOp):
        return all(_pure(value, imports) for value in node.values)
    if isinstance(node, ast.Compare):
        return all(_pure(value, imports) for value in (node.left, *node.comparators))
    if isinstance(node, ast.IfExp):
        return all(_pure(value, imports) for value in (node.test, node.body, node.orelse))
    if isinstance(node, ast.Subscript):
        return _pure(node.value, imports) and _pure(node.slice, imports)
    if isinstance(node, ast.Slice):
        return all(_pure(value, imports) for value in (node.lower, node.upper, node.step))
    if isinstance(node, ast.JoinedStr):
        return all(_pure(value, imports) for value in node.values)
    if isinstance(node, ast.FormattedValue):
        return _pure(node.value, imports) and _pure(node.format_spec, imports)
    if isinstance(node, ast.Call):
        return _dotted(node.func, imports) in PURE_CALLS and _pure_call_arguments(node, imports)
    return False


def _pure_call_arguments(call: ast.Call, imports: _Imports) -> bool:
    return all(_pure(value, imports) for value in call.args) and all(
        _pure(keyword.value, imports) for keyword in call.keywords
    )


def _pure_arguments(arguments: ast.arguments, imports: _Imports, annotations: bool) -> bool:
    defaults = [*arguments.defaults, *(value for value in arguments.kw_defaults if value)]
    if not all(_pure(value, imports) for value in defaults):
        return False
    if not annotations:
        return True
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [item for item in (arguments.vararg, arguments.kwarg) if item is not None]
    return all(_pure(argument.annotation, imports) for argument in every)


def _pure_decorator(node: ast.expr, imports: _Imports, class_names: set[str]) -> bool:
    if isinstance(node, ast.Call):
        return _pure_decorator(node.func, imports, class_names) and _pure_call_arguments(
            node, imports
        )
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in class_names
        and node.attr in ("setter", "getter", "deleter")
    ):
        return True
    return _dotted(node, imports) in PURE_DECORATORS


def _pure_definition(
    node: ast.stmt, imports: _Imports, evaluates_annotations: bool, class_names: set[str]
) -> bool:
    """Whether running the definition ``node`` (at module or class level) is pure."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return (
            all(_pure_decorator(item, imports, class_names) for item in node.decorator_list)
            and _pure_arguments(node.args, imports, evaluates_annotations)
            and (not evaluates_annotations or _pure(node.returns, imports))
        )
    if isinstance(node, ast.ClassDef):
        local_names = {
            name
            for item in node.body
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
            for name in [item.name]
        }
        return (
            all(_pure_decorator(item, imports, set()) for item in node.decorator_list)
            and all(_pure(base, imports) for base in node.bases)
            and all(_pure(keyword.value, imports) for keyword in node.keywords)
            and all(
                _pure_definition(item, imports, evaluates_annotations, local_names)
                for item in node.body
            )
        )
    if isinstance(node, ast.Assign):
        return _pure(node.value, imports) and all(
            "<not a plain name>" not in _target_names(target) for target in node.targets
        )
    if isinstance(node, ast.AnnAssign):
        return (
            isinstance(node.target, ast.Name)
            and _pure(node.value, imports)
            and (not evaluates_annotations or _pure(node.annotation, imports))
        )
    if isinstance(node, ast.Pass):
        return True
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)


def _definition_time_expressions(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr]:
    """The defaults and annotations a ``def`` evaluates (decorators aside)."""
    arguments = node.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [item for item in (arguments.vararg, arguments.kwarg) if item is not None]
    found = [*arguments.defaults, *arguments.kw_defaults, node.returns]
    found += [argument.annotation for argument in every]
    return [item for item in found if item is not None]


def _definition_time_names(node: ast.stmt) -> set[str]:
    """Names read when the top-level statement runs (not when its functions are called): every
    name in its decorators, defaults, annotations, bases and in the right side of an assignment.
    Class bodies are covered by the class's symbol table."""
    parts: list[ast.AST | None] = []
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        parts += [*node.decorator_list, *_definition_time_expressions(node)]
    elif isinstance(node, ast.ClassDef):
        parts += [*node.decorator_list, *node.bases, *(keyword.value for keyword in node.keywords)]
    elif isinstance(node, ast.Assign):
        parts.append(node.value)
    elif isinstance(node, ast.AnnAssign):
        parts += [node.value, node.annotation]
    return {
        inner.id
        for part in parts
        if part is not None
        for inner in ast.walk(part)
        if isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Load)
    }


def _movable_kind(
    statement: _Statement,
    imports: _Imports,
    bindings: dict[str, int],
    future_annotations: bool,
) -> bool:
    node = statement.node
    if statement.first < 0 or not statement.binds:
        return False
    if not isinstance(
        node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Assign, ast.AnnAssign)
    ):
        return False
    if any(bindings.get(name, 0) != 1 for name in statement.binds):
        return False
    return _pure_definition(node, imports, not future_annotations, set())


def _reads(
    statement: _Statement, scopes: dict[tuple[str, int], symtable.SymbolTable]
) -> tuple[set[str], set[str]] | None:
    """(names read when the statement runs, names its functions read when called), or None when
    a scope declares ``global``."""
    node = statement.node
    now = _definition_time_names(node)
    later: set[str] = set()
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        table = scopes.get((node.name, node.lineno))
        if table is None:
            return None
        inner = _global_reads(table)
        if inner is None:
            return None
        if isinstance(node, ast.ClassDef):
            now |= {
                symbol.get_name()
                for symbol in table.get_symbols()
                if symbol.is_global() and symbol.is_referenced()
            }
        later = inner
    return now, later


def _stored_attributes(tree: ast.Module) -> frozenset[str] | None:
    """The attribute names the program stores or deletes anywhere; None when it calls
    ``setattr`` or ``delattr`` (any attribute may be stored)."""
    stored = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in ("setattr", "delattr"):
            return None
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            stored.add(node.attr)
    return frozenset(stored)


def _fixpoint(
    candidates: list[_Statement],
    bindings: dict[str, int],
    imports: _Imports,
    scopes: dict[tuple[str, int], symtable.SymbolTable],
    stored: frozenset[str] | None,
) -> tuple[list[_Statement], list[_Statement]]:
    """Drop candidates until every rule of the module doc holds; the moved statements and the
    import statements to copy (``stored``: ``_stored_attributes``)."""
    reads = {id(item): _reads(item, scopes) for item in candidates}
    moved = [item for item in candidates if reads[id(item)] is not None]
    while True:
        position = {name: item.index for item in moved for name in item.binds}
        kept = [item for item in moved if _reads_resolve(item, reads, position, bindings, imports)]
        kept = _leading_or_trivial(kept, stored)
        needed = _needed_imports(kept, reads, imports)
        if needed:
            last_import = max(item.index for item in needed)
            kept = [item for item in kept if item.index > last_import]
        if len(kept) == len(moved):
            return kept, _needed_imports(kept, reads, imports)
        moved = kept


def _leading_or_trivial(moved: list[_Statement], stored: frozenset[str] | None) -> list[_Statement]:
    """The moved statements that compute nothing when they run (``_trivial``) or that only moved
    statements separate from the first one (``defs.py`` runs there)."""
    indices = {item.index for item in moved}
    kept = []
    for item in moved:
        leading = all(index in indices for index in range(moved[0].index, item.index))
        if leading or _trivial_statement(item.node, stored):
            kept.append(item)
    return kept


def _trivial(node: ast.expr | None, stored: frozenset[str] | None) -> bool:
    """Whether evaluating ``node`` reads no state a statement of the main module may change:
    literals, names, attributes of names not in ``stored`` (none when it is None), displays of
    those."""
    if node is None or isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.Attribute):
        return stored is not None and node.attr not in stored and _trivial(node.value, stored)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_trivial(element, stored) for element in node.elts)
    if isinstance(node, ast.Dict):
        return all(_trivial(item, stored) for item in (*node.keys, *node.values))
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.operand, ast.Constant)
    if isinstance(node, ast.Starred):
        return _trivial(node.value, stored)
    return False


def _trivial_statement(node: ast.stmt, stored: frozenset[str] | None) -> bool:
    """Whether running the definition ``node`` computes only ``_trivial`` values (decorators
    are called, with trivial arguments)."""
    decorators = [
        item.func if isinstance(item, ast.Call) else item
        for item in getattr(node, "decorator_list", [])
    ]
    arguments = [
        value
        for item in getattr(node, "decorator_list", [])
        if isinstance(item, ast.Call)
        for value in (*item.args, *(keyword.value for keyword in item.keywords))
    ]
    if not all(_trivial(item, stored) for item in (*decorators, *arguments)):
        return False
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return all(_trivial(item, stored) for item in _definition_time_expressions(node))
    if isinstance(node, ast.ClassDef):
        return all(
            _trivial(item, stored) for item in (*node.bases, *(k.value for k in node.keywords))
        ) and all(_trivial_statement(item, stored) for item in node.body)
    if isinstance(node, ast.Assign):
        return _trivial(node.value, stored)
    if isinstance(node, ast.AnnAssign):
        return _trivial(node.value, stored) and _trivial(node.annotation, stored)
    return isinstance(node, (ast.Pass, ast.Expr))


def _reads_resolve(
    statement: _Statement,
    reads: dict[int, tuple[set[str], set[str]] | None],
    position: dict[str, int],
    bindings: dict[str, int],
    imports: _Imports,
) -> bool:
    found = reads[id(statement)]
    assert found is not None
    now, later = found
    own = set(statement.binds)

    def available(name: str, before: int | None) -> bool:
        if name in MODULE_SPECIFIC_NAMES:
            return False
        if name in imports.statements:
            return True
        if name in position:
            return before is None or position[name] < before or name in own
        return name in BUILTIN_NAMES and name not in bindings

    return all(available(name, statement.index) for name in now - own) and all(
        available(name, None) for name in later
    )


def _needed_imports(
    moved: Iterable[_Statement],
    reads: dict[int, tuple[set[str], set[str]] | None],
    imports: _Imports,
) -> list[_Statement]:
    needed: dict[int, _Statement] = {}
    for statement in moved:
        found = reads[id(statement)]
        assert found is not None
        for name in found[0] | found[1]:
            for item in imports.statements.get(name, ()):
                needed[item.index] = item
    return [needed[index] for index in sorted(needed)]


def _render(
    source: str,
    statements: list[_Statement],
    moved: list[_Statement],
    needed: list[_Statement],
) -> SplitProgram:
    lines = source.split("\n")
    main = list(lines)
    kept_in_defs: set[int] = set()
    moved_lines: set[int] = set()
    for statement in moved:
        span = range(statement.first, statement.last + 1)
        moved_lines.update(span)
        kept_in_defs.update(span)
        main[statement.first - 1] = f"from {DEFS_MODULE} import {', '.join(statement.binds)}"
        for line in span[1:]:
            main[line - 1] = ""
    future = [item for item in statements if _is_future(item.node)]
    for statement in [*needed, *future]:
        kept_in_defs.update(range(statement.first, statement.last + 1))
    defs = [text if number in kept_in_defs else "" for number, text in enumerate(lines, 1)]
    names = tuple(name for statement in moved for name in statement.binds)
    return SplitProgram("\n".join(main), "\n".join(defs), names, frozenset(moved_lines))


def _is_future(node: ast.stmt) -> bool:
    return isinstance(node, ast.ImportFrom) and node.module == "__future__"
