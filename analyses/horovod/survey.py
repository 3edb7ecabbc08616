"""One pass over a module's stdlib ``ast`` that files away the nodes the Horovod rules look at.

The survey records, for every call, with-statement, assignment, loop, function and class, its
enclosing function, class, statement and loops, plus the parent of every node. Everything the
planner later asks is answered from these tables, never by walking the tree again. The walk is
iterative, so deeply nested expressions cannot exhaust the Python stack.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..facts import Span
from ..text import SourceText

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
LoopNode = ast.For | ast.AsyncFor | ast.While


@dataclass(frozen=True)
class Context:
    """Where a node sits: enclosing function and class, nearest statement, enclosing loops.

    ``loops`` lists the loops of the innermost function (or of the module), outermost first.
    """

    function: FunctionNode | None
    owner_class: ast.ClassDef | None
    statement: ast.stmt | None
    loops: tuple[LoopNode, ...]


_MODULE_CONTEXT = Context(None, None, None, ())


def _source_order(node: ast.AST) -> tuple[int, int]:
    return (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))


class Survey:
    """The tables of one module (see the module docstring)."""

    def __init__(self, tree: ast.Module, text: SourceText) -> None:
        self.tree = tree
        self.text = text
        self.parents: dict[ast.AST, ast.AST] = {}
        self.contexts: dict[ast.AST, Context] = {}
        self.calls: list[ast.Call] = []
        self.withs: list[ast.With | ast.AsyncWith] = []
        self.assignments: list[ast.Assign | ast.AnnAssign] = []
        self.imports: list[ast.Import | ast.ImportFrom] = []
        self.functions: list[FunctionNode] = []
        self.classes: list[ast.ClassDef] = []
        self.returns: list[ast.Return] = []
        self.names: list[ast.Name] = []
        self.bound_names: set[str] = set()
        self._walk()

    def _walk(self) -> None:
        stack: list[tuple[ast.AST, Context]] = [(self.tree, _MODULE_CONTEXT)]
        parents = self.parents
        while stack:
            node, context = stack.pop()
            self.contexts[node] = context
            self._file(node)
            inner = self._inner_context(node, context) if isinstance(node, ast.stmt) else context
            for child in ast.iter_child_nodes(node):
                parents[child] = node
                stack.append((child, inner))
        for table in (self.calls, self.withs, self.assignments, self.imports, self.returns):
            table.sort(key=_source_order)
        self.functions.sort(key=_source_order)
        self.classes.sort(key=_source_order)
        self.names.sort(key=_source_order)

    def _file(self, node: ast.AST) -> None:
        if isinstance(node, ast.Call):
            self.calls.append(node)
        elif isinstance(node, ast.Name):
            self.bound_names.add(node.id)
            self.names.append(node)
        elif isinstance(node, ast.arg):
            self.bound_names.add(node.arg)
        elif isinstance(node, ast.With | ast.AsyncWith):
            self.withs.append(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            self.assignments.append(node)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            self.imports.append(node)
            for alias in node.names:
                self.bound_names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            self.functions.append(node)
            self.bound_names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            self.classes.append(node)
            self.bound_names.add(node.name)
        elif isinstance(node, ast.Return):
            self.returns.append(node)

    @staticmethod
    def _inner_context(node: ast.AST, context: Context) -> Context:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return Context(node, context.owner_class, node, ())
        if isinstance(node, ast.ClassDef):
            return Context(None, node, node, ())
        if isinstance(node, ast.For | ast.AsyncFor | ast.While):
            return Context(context.function, context.owner_class, node, (*context.loops, node))
        if isinstance(node, ast.stmt):
            return Context(context.function, context.owner_class, node, context.loops)
        return context

    def line(self, number: int) -> str:
        """Line ``number`` (zero-based), counted as CPython and LSP count lines."""
        return self.text.line(number)

    def span(self, node: ast.AST) -> Span:
        """The span of an ``ast`` node in zero-based lines and code-point columns."""
        return self.text.span_of_node(node)

    def is_inline(self, statement: ast.stmt) -> bool:
        """True when the statement shares its line with code before it (``if x: y`` or ``a; b``)."""
        start = self.span(statement).start
        return bool(self.line(start.line)[: start.character].strip())

    def ancestors(self, node: ast.AST) -> list[ast.AST]:
        """The parents of ``node``, nearest first."""
        chain: list[ast.AST] = []
        current = self.parents.get(node)
        while current is not None:
            chain.append(current)
            current = self.parents.get(current)
        return chain

    def segment(self, node: ast.AST) -> str:
        """The source text of ``node``, parenthesised when it spans several lines."""
        span = self.span(node)
        if span.start.line == span.end.line:
            return self.line(span.start.line)[span.start.character : span.end.character]
        lines = [self.line(number) for number in range(span.start.line, span.end.line + 1)]
        lines[-1] = lines[-1][: span.end.character]
        lines[0] = lines[0][span.start.character :]
        return "(" + "\n".join(lines) + ")"
