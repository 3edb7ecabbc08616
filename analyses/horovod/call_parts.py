"""Small questions about stdlib ``ast`` calls and expressions that the planners share."""

from __future__ import annotations

import ast


def method_of(call: ast.Call) -> tuple[ast.expr, str] | None:
    """``(receiver, name)`` of a method call ``receiver.name(...)``."""
    if isinstance(call.func, ast.Attribute):
        return call.func.value, call.func.attr
    return None


def argument_of(
    call: ast.Call, position: int | None, keyword: str | None
) -> tuple[ast.expr | None, int | None, str | None]:
    """The argument given by keyword ``keyword`` or at ``position``, and how it was given."""
    for item in call.keywords:
        if keyword is not None and item.arg == keyword:
            return item.value, None, keyword
    if position is not None and position < len(call.args):
        if any(isinstance(arg, ast.Starred) for arg in call.args[: position + 1]):
            return None, None, None
        return call.args[position], position, None
    return None, None, None


def has_unpacking(call: ast.Call) -> bool:
    """True when the call unpacks ``*args`` or ``**kwargs``."""
    return any(isinstance(arg, ast.Starred) for arg in call.args) or any(
        item.arg is None for item in call.keywords
    )


def is_reference(node: ast.expr) -> bool:
    """A side-effect-free reference that can be evaluated again: names, attributes, their sums."""
    pending = [node]
    while pending:
        current = pending.pop()
        if isinstance(current, ast.Attribute):
            pending.append(current.value)
        elif isinstance(current, ast.BinOp) and isinstance(current.op, ast.Add):
            pending.extend((current.left, current.right))
        elif isinstance(current, ast.List | ast.Tuple):
            pending.extend(current.elts)
        elif not isinstance(current, ast.Name):
            return False
    return True


def names_in(node: ast.AST) -> set[str]:
    """Every name read or written in ``node``."""
    return {child.id for child in ast.walk(node) if isinstance(child, ast.Name)}
