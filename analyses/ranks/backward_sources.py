"""Whether a backward's loss is computed from a data-parallel forward.

A DDP (or FSDP) backward reduces the gradients through hooks on the wrapped module's parameters:
it is a collective only when the loss comes from the wrapper's output. The model records a
reduction at every ``tensor.backward()`` that follows a data-parallel forward, with the forwards'
sites and their call sites (``CollectiveEvent.sources``). The checks count it as a collective only
when the receiver of ``.backward()`` depends on one of those calls syntactically, within the
function (or module body) making the call: through the expression itself and, for each name it
reads, through the values plain assignments in that scope give the name (``name = value``,
``name += value``, ``name: T = value``), and so on. A forward inside a user function is matched
by that function's call site. ``detach()``, ``item()``, ``tolist()`` and ``numpy()`` cut the
dependency (their result has no autograd history). A reduction that is not matched is uncertain:
the trace becomes unknown at it and it is never blamed.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..facts import Span
from ..models.horovod.trace import CollectiveEvent, CollectiveTrace
from ..text import SourceText

BACKWARD_SUFFIX = " backward"
"""The end of the API name of every reduction recorded at a backward."""
GRAPH_CUTS = frozenset({"detach", "item", "tolist", "numpy"})
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)

Scope = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef


def is_backward(api: str) -> bool:
    """Whether ``api`` names a reduction recorded at a backward."""
    return api.endswith(BACKWARD_SUFFIX)


class BackwardSources:
    """The backward calls of a module and the check of their loss's sources."""

    def __init__(self, tree: ast.Module, text: SourceText) -> None:
        self.tree = tree
        self.text = text
        self._backwards: dict[Span, tuple[ast.Call, Scope]] | None = None
        self._assigned: dict[int, dict[str, list[ast.expr]]] = {}

    def verified(self, event: CollectiveEvent) -> bool:
        """Whether ``event`` is a collective: any event but a backward's reduction, which must
        have a loss computed from one of its sources at every one of its sites."""
        if not is_backward(event.api):
            return True
        return all(self.depends(site, event.sources) for site in event.sites)

    def certain_part(self, trace: CollectiveTrace | None) -> CollectiveTrace | None:
        """``trace`` up to its first unverified event (unknown from there)."""
        if trace is None:
            return None
        for position, event in enumerate(trace.events):
            if not self.verified(event):
                return CollectiveTrace(trace.events[:position], False)
        return trace

    def depends(self, site: Span, sources: frozenset[Span]) -> bool:
        """Whether the receiver of the ``.backward()`` call at ``site`` is computed from a call
        at one of ``sources``."""
        found = self._backward_calls().get(site)
        if found is None or not sources:
            return False
        call, scope = found
        assert isinstance(call.func, ast.Attribute)
        names: set[str] = set()
        stack: list[ast.AST] = [call.func.value]
        while stack:
            node = stack.pop()
            if isinstance(node, SCOPES):
                continue
            if isinstance(node, ast.Call):
                if isinstance(node.func, ast.Attribute) and node.func.attr in GRAPH_CUTS:
                    continue
                if self.text.span_of_node(node) in sources:
                    return True
            if isinstance(node, ast.Name):
                if node.id not in names:
                    names.add(node.id)
                    stack.extend(self._assignments(scope).get(node.id, ()))
                continue
            stack.extend(ast.iter_child_nodes(node))
        return False

    def _backward_calls(self) -> dict[Span, tuple[ast.Call, Scope]]:
        if self._backwards is None:
            self._backwards = {
                self.text.span_of_node(call): (call, scope)
                for call, scope in _calls_with_scopes(self.tree, self.tree)
                if isinstance(call.func, ast.Attribute) and call.func.attr == "backward"
            }
        return self._backwards

    def _assignments(self, scope: Scope) -> dict[str, list[ast.expr]]:
        """The values plain assignments of ``scope`` give each name."""
        known = self._assigned.get(id(scope))
        if known is not None:
            return known
        found: dict[str, list[ast.expr]] = {}
        for node in _own_nodes(scope.body):
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        found.setdefault(target.id, []).append(node.value)
            elif (
                isinstance(node, (ast.AugAssign, ast.AnnAssign))
                and isinstance(node.target, ast.Name)
                and node.value is not None
            ):
                found.setdefault(node.target.id, []).append(node.value)
        self._assigned[id(scope)] = found
        return found


def _own_nodes(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """Every node of ``body`` outside nested functions and classes."""
    stack: list[ast.AST] = list(body)
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, SCOPES):
            stack.extend(ast.iter_child_nodes(node))


def _calls_with_scopes(node: ast.AST, scope: Scope) -> Iterator[tuple[ast.Call, Scope]]:
    """Every call under ``node`` with the function (or module) whose body holds it."""
    for child in ast.iter_child_nodes(node):
        inner = scope
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner = child
        if isinstance(child, ast.Call):
            yield child, scope
        yield from _calls_with_scopes(child, inner)
