"""Correlated conditions: a name bound under ``if C:`` and read under a later ``if C:``.

``if flag: y = ...`` followed (in the same block or a block nested in it) by ``if flag: use(y)``
binds ``y`` on every execution that reaches the use, as long as ``flag`` means the same at both
tests: the test is built from names, constants, comparisons, ``and``/``or``/``not`` only, and none
of its names is rebound (or declared ``global``/``nonlocal``) in the scope between the two tests.
The possibly-unbound warning is then dropped. This only ever removes a possible-mode warning; a
name whose value may be mutable (a test on a list's truth) is left to the caller to exclude.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..core.scopes import FUNCTION_NODES

PURE_TEST_NODES = (
    ast.Name,
    ast.Constant,
    ast.Compare,
    ast.BoolOp,
    ast.UnaryOp,
    ast.Load,
    ast.cmpop,
    ast.boolop,
    ast.unaryop,
)


def _same_scope(node: ast.AST) -> Iterator[ast.AST]:
    """``node`` and its descendants, not entering nested functions, classes or lambdas."""
    yield node
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (*FUNCTION_NODES, ast.ClassDef, ast.Lambda)):
            continue
        yield from _same_scope(child)


def _binds_directly(statements: list[ast.stmt], name: str) -> bool:
    """Whether one of ``statements`` (not nested in another statement) binds ``name``."""
    for statement in statements:
        targets: list[ast.expr] = []
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            targets = [statement.target]
        elif (
            isinstance(statement, (*FUNCTION_NODES, ast.ClassDef)) and statement.name == name
        ) or (
            isinstance(statement, (ast.Import, ast.ImportFrom))
            and any((alias.asname or alias.name.split(".")[0]) == name for alias in statement.names)
        ):
            return True
        for target in targets:
            if any(
                isinstance(item, ast.Name) and item.id == name
                for item in ast.walk(target)
                if isinstance(item, ast.Name) and isinstance(item.ctx, ast.Store)
            ):
                return True
    return False


class ConditionIndex:
    """The ``if`` statements of one scope, and the position of every node in it."""

    def __init__(self, scope_node: ast.AST) -> None:
        self.parents: dict[int, ast.AST] = {}
        self.ifs: list[ast.If] = []
        self.stores: list[tuple[str, tuple[int, int]]] = []
        self.declared: set[str] = set()
        self.uses: list[tuple[str, tuple[int, int]]] = []
        """Reads of names outside ``if`` tests (a call or method may mutate what they hold)."""
        tests = {
            id(item)
            for node in ast.walk(scope_node)
            if isinstance(node, ast.If)
            for item in ast.walk(node.test)
        }
        for node in _same_scope(scope_node):
            for child in ast.iter_child_nodes(node):
                self.parents[id(child)] = node
            if isinstance(node, ast.If):
                self.ifs.append(node)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self.stores.append((node.id, (node.lineno, node.col_offset)))
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                self.declared.update(node.names)
            elif isinstance(node, ast.Name) and id(node) not in tests:
                self.uses.append((node.id, (node.lineno, node.col_offset)))
            elif isinstance(node, ast.NamedExpr):
                self.stores.append((node.target.id, (node.lineno, node.col_offset)))

    def _enclosing_ifs(self, node: ast.AST) -> Iterator[ast.If]:
        """The ``if`` statements whose body (not ``else``) holds ``node``."""
        child, parent = node, self.parents.get(id(node))
        while parent is not None:
            if isinstance(parent, ast.If) and any(child is item for item in parent.body):
                yield parent
            child, parent = parent, self.parents.get(id(parent))

    def _ancestors(self, node: ast.AST) -> set[int]:
        found = set()
        parent = self.parents.get(id(node))
        while parent is not None:
            found.add(id(parent))
            parent = self.parents.get(id(parent))
        return found

    def _precedes_in_block(self, earlier: ast.If, later: ast.If, ancestors: set[int]) -> bool:
        """Whether ``earlier`` comes before ``later`` (or a statement holding it) in one statement
        list: every execution reaching ``later`` then went through ``earlier``."""
        parent = self.parents.get(id(earlier))
        if parent is None:
            return False
        for _, field in ast.iter_fields(parent):
            if not isinstance(field, list) or not any(item is earlier for item in field):
                continue
            position = next(index for index, item in enumerate(field) if item is earlier)
            return any(item is later or id(item) in ancestors for item in field[position + 1 :])
        return False

    def bound_under_same_test(self, name: str, read: ast.AST) -> tuple[set[str], set[str]] | None:
        """When ``read`` (a use of ``name``) is under an ``if`` whose test equals that of an
        earlier ``if`` binding ``name`` at the top of its body, with the test's names not rebound
        between: the test's names, and those of them read between the two tests (outside ``if``
        tests: what they hold may have been mutated there); ``None`` otherwise."""
        for later in self._enclosing_ifs(read):
            test = later.test
            if not all(isinstance(item, PURE_TEST_NODES) for item in ast.walk(test)):
                continue
            names = {item.id for item in ast.walk(test) if isinstance(item, ast.Name)}
            if names & self.declared:
                continue
            shape = ast.dump(test)
            ancestors = self._ancestors(later)
            for earlier in self.ifs:
                if earlier is later or (earlier.lineno, earlier.col_offset) >= (
                    later.lineno,
                    later.col_offset,
                ):
                    continue
                if not self._precedes_in_block(earlier, later, ancestors):
                    continue
                if ast.dump(earlier.test) != shape or not _binds_directly(earlier.body, name):
                    continue
                start = (earlier.lineno, earlier.col_offset)
                end = (later.lineno, later.col_offset)
                if any(
                    stored in names and start <= position < end for stored, position in self.stores
                ):
                    continue
                used = {
                    used_name
                    for used_name, position in self.uses
                    if used_name in names and start <= position < end
                }
                return names, used
        return None
