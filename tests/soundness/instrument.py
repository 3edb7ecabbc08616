"""Source instrumentation for the differential soundness tests.

``instrument(source)`` returns a module tree that behaves like ``source`` under CPython but, at
every *recording point*, passes the concrete value it computes to a recorder function. A recording
point is identified by the ORIGINAL node's ``(lineno, col_offset, end_lineno, end_col_offset)``,
the same key the interpreter uses for ``Interpretation.expression_values``.

Recording points:
- every expression evaluated in load context, wrapped as ``__soundness_record__(key, expr)``
  (the wrapper returns its argument, so evaluation order, short-circuiting and the number of
  evaluations are unchanged);
- every plain name bound by an assignment statement (``=``, ``+=``, annotated), by a ``for``
  target, by a ``with ... as`` target or by ``:=``: the name's value right after the binding.

Never wrapped, because wrapping would change the program or is not an expression value:
docstrings, annotations, the pieces of an f-string other than its ``{}`` fields, ``match``
patterns, slices (their bounds are wrapped), tuples that contain slices, starred items, targets in
store or delete context, and names bound inside comprehensions (their uses are wrapped).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

RECORDER_NAME = "__soundness_record__"

Key = tuple[int, int, int, int]


def node_key(node: ast.AST) -> Key:
    """The position key the interpreter uses for ``node``."""
    return (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)


@dataclass(frozen=True)
class RecordingPoint:
    """One place whose concrete values are recorded: its key and what kind of node it is."""

    key: Key
    kind: str
    text: str


class _Instrumenter(ast.NodeTransformer):
    """Wraps load-context expressions and appends records after name bindings."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.points: dict[Key, RecordingPoint] = {}

    def _point(self, node: ast.AST, kind: str) -> Key:
        key = node_key(node)
        if key not in self.points:
            segment = ast.get_source_segment(self.source, node) or ""
            self.points[key] = RecordingPoint(key, kind, segment)
        return key

    def _record_call(self, key: Key, value: ast.expr, origin: ast.AST) -> ast.Call:
        call = ast.Call(
            func=ast.Name(id=RECORDER_NAME, ctx=ast.Load()),
            args=[ast.Constant(value=key), value],
            keywords=[],
        )
        return ast.copy_location(call, origin)

    def _record_name_statements(self, targets: list[ast.expr], origin: ast.stmt) -> list[ast.stmt]:
        statements: list[ast.stmt] = []
        for name in _bound_names(targets):
            key = self._point(name, "binding")
            load = ast.copy_location(ast.Name(id=name.id, ctx=ast.Load()), name)
            statement = ast.Expr(value=self._record_call(key, load, name))
            statements.append(ast.copy_location(statement, origin))
        return statements

    # Expressions -------------------------------------------------------------------------------

    def generic_visit_expression(self, node: ast.expr) -> ast.AST:
        self.generic_visit(node)
        if not _wrappable(node):
            return node
        key = self._point(node, type(node).__name__)
        return self._record_call(key, node, node)

    def visit_Starred(self, node: ast.Starred) -> ast.AST:
        self.generic_visit(node)
        return node

    def visit_Slice(self, node: ast.Slice) -> ast.AST:
        self.generic_visit(node)
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                value.value = self.visit(value.value)
        if _wrappable(node):
            return self._record_call(self._point(node, "JoinedStr"), node, node)
        return node

    def visit_NamedExpr(self, node: ast.NamedExpr) -> ast.AST:
        node.value = self.visit(node.value)
        target_key = self._point(node.target, "binding")
        inner = self._record_call(target_key, node, node.target)
        return self._record_call(self._point(node, "NamedExpr"), inner, node)

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        node.args = self._visit_arguments(node.args)
        node.body = self.visit(node.body)
        return self._record_call(self._point(node, "Lambda"), node, node)

    def visit_comprehension(self, node: ast.comprehension) -> ast.AST:
        node.iter = self.visit(node.iter)
        node.ifs = [self.visit(condition) for condition in node.ifs]
        return node

    def visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, ast.expr) and type(node) not in _SPECIAL_EXPRESSIONS:
            return self.generic_visit_expression(node)
        return super().visit(node)

    def _visit_arguments(self, arguments: ast.arguments) -> ast.arguments:
        arguments.defaults = [self.visit(default) for default in arguments.defaults]
        arguments.kw_defaults = [
            None if default is None else self.visit(default) for default in arguments.kw_defaults
        ]
        return arguments

    # Statements --------------------------------------------------------------------------------

    def _visit_body(self, body: list[ast.stmt], *, docstring_allowed: bool) -> list[ast.stmt]:
        result: list[ast.stmt] = []
        for index, statement in enumerate(body):
            if docstring_allowed and index == 0 and _is_docstring(statement):
                result.append(statement)
                continue
            visited = self.visit(statement)
            if isinstance(visited, list):
                result.extend(visited)
            else:
                result.append(visited)
        return result

    def visit_Module(self, node: ast.Module) -> ast.AST:
        node.body = self._visit_body(node.body, docstring_allowed=True)
        return node

    def _visit_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.decorator_list = [self.visit(decorator) for decorator in node.decorator_list]
        node.args = self._visit_arguments(node.args)
        node.body = self._visit_body(node.body, docstring_allowed=True)
        return node

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return self._visit_function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        return self._visit_function(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        node.decorator_list = [self.visit(decorator) for decorator in node.decorator_list]
        node.bases = [self.visit(base) for base in node.bases]
        for keyword in node.keywords:
            keyword.value = self.visit(keyword.value)
        node.body = self._visit_body(node.body, docstring_allowed=True)
        return node

    def visit_Assign(self, node: ast.Assign) -> ast.AST:
        node.targets = [self._visit_target(target) for target in node.targets]
        node.value = self.visit(node.value)
        return [node, *self._record_name_statements(node.targets, node)]

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        node.target = self._visit_target(node.target)
        node.value = self.visit(node.value)
        return [node, *self._record_name_statements([node.target], node)]

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        node.target = self._visit_target(node.target)
        if node.value is None:
            return node
        node.value = self.visit(node.value)
        return [node, *self._record_name_statements([node.target], node)]

    def visit_For(self, node: ast.For) -> ast.AST:
        node.target = self._visit_target(node.target)
        node.iter = self.visit(node.iter)
        records = self._record_name_statements([node.target], node)
        node.body = records + self._visit_body(node.body, docstring_allowed=False)
        node.orelse = self._visit_body(node.orelse, docstring_allowed=False)
        return node

    def visit_With(self, node: ast.With) -> ast.AST:
        targets: list[ast.expr] = []
        for item in node.items:
            item.context_expr = self.visit(item.context_expr)
            if item.optional_vars is not None:
                item.optional_vars = self._visit_target(item.optional_vars)
                targets.append(item.optional_vars)
        records = self._record_name_statements(targets, node)
        node.body = records + self._visit_body(node.body, docstring_allowed=False)
        return node

    def visit_Delete(self, node: ast.Delete) -> ast.AST:
        node.targets = [self._visit_target(target) for target in node.targets]
        return node

    def visit_match_case(self, node: ast.match_case) -> ast.AST:
        if node.guard is not None:
            node.guard = self.visit(node.guard)
        node.body = self._visit_body(node.body, docstring_allowed=False)
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, ast.stmt):
            for field_name in ("body", "orelse", "finalbody"):
                body = getattr(node, field_name, None)
                if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
                    setattr(node, field_name, self._visit_body(body, docstring_allowed=False))
            for field_name, value in ast.iter_fields(node):
                if field_name in ("body", "orelse", "finalbody"):
                    continue
                if isinstance(value, ast.AST):
                    setattr(node, field_name, self.visit(value))
                elif isinstance(value, list):
                    setattr(node, field_name, [self._visit_field_item(item) for item in value])
            return node
        return super().generic_visit(node)

    def _visit_field_item(self, item: object) -> object:
        return self.visit(item) if isinstance(item, ast.AST) else item

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.AST:
        if node.type is not None:
            node.type = self.visit(node.type)
        node.body = self._visit_body(node.body, docstring_allowed=False)
        return node

    def _visit_target(self, target: ast.expr) -> ast.expr:
        """Visit the load-context parts of a store/delete target, leaving the target itself."""
        if isinstance(target, ast.Attribute):
            target.value = self.visit(target.value)
        elif isinstance(target, ast.Subscript):
            target.value = self.visit(target.value)
            target.slice = self.visit(target.slice)
        elif isinstance(target, ast.Starred):
            target.value = self._visit_target(target.value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            target.elts = [self._visit_target(element) for element in target.elts]
        return target


_SPECIAL_EXPRESSIONS = (
    ast.Starred,
    ast.Slice,
    ast.JoinedStr,
    ast.NamedExpr,
    ast.Lambda,
)


def _wrappable(node: ast.expr) -> bool:
    context = getattr(node, "ctx", None)
    if context is not None and not isinstance(context, ast.Load):
        return False
    if isinstance(node, ast.Tuple) and any(isinstance(item, ast.Slice) for item in node.elts):
        return False
    return not isinstance(node, (ast.Starred, ast.Slice))


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _bound_names(targets: list[ast.expr]) -> list[ast.Name]:
    names: list[ast.Name] = []
    for target in targets:
        if isinstance(target, ast.Name):
            names.append(target)
        elif isinstance(target, ast.Starred):
            names.extend(_bound_names([target.value]))
        elif isinstance(target, (ast.Tuple, ast.List)):
            names.extend(_bound_names(target.elts))
    return names


@dataclass(frozen=True)
class Instrumented:
    """An instrumented module tree and the recording points it contains."""

    tree: ast.Module
    points: dict[Key, RecordingPoint]


def instrument(source: str) -> Instrumented:
    """Parse ``source`` and wrap its recording points (see the module docstring)."""
    tree = ast.parse(source)
    instrumenter = _Instrumenter(source)
    new_tree = instrumenter.visit(tree)
    ast.fix_missing_locations(new_tree)
    return Instrumented(tree=new_tree, points=instrumenter.points)
