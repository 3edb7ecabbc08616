"""Which ``with`` statements certainly let exceptions through.

A context manager's ``__exit__`` may swallow an exception (``pytest.raises``,
``contextlib.suppress``, ``self.assertRaises``); reporting a failure inside such a block would be
a false alarm. User classes are decided by reading their ``__exit__``: it propagates when every
``return`` in it returns ``None`` or ``False`` (or there is none). Library context managers are decided by name: a short list of managers
that are documented never to swallow exceptions; everything else is assumed to possibly swallow.
"""

from __future__ import annotations

import ast

from ...domains.base import AbstractValue
from ...domains.functions import BoundMethodValue, FunctionValue

PROPAGATING_NAMES = frozenset(
    {
        "open",
        "GradientTape",
        "device",
        "name_scope",
        "variable_scope",
        "control_dependencies",
        "init_scope",
        "as_default",
        "scope",
        "no_grad",
        "enable_grad",
        "inference_mode",
        "set_grad_enabled",
        "autocast",
        "errstate",
        "printoptions",
        "Lock",
        "RLock",
        "Semaphore",
        "TemporaryDirectory",
        "NamedTemporaryFile",
        "TemporaryFile",
        "redirect_stdout",
        "redirect_stderr",
        "catch_warnings",
        "Session",
        "Graph",
        "Pool",
        "ThreadPoolExecutor",
        "ProcessPoolExecutor",
        "ZipFile",
        "TarFile",
        "File",
        "timer",
        "profile",
        "Profile",
    }
)


def manager_name(node: ast.expr) -> str | None:
    """The last name of the callee (``tf.GradientTape()`` → ``GradientTape``), or of the value."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def propagates_exceptions(node: ast.expr, exit_method: AbstractValue) -> bool:
    """True when the ``with`` item ``node`` certainly does not swallow exceptions.

    ``exit_method`` is the manager's bound ``__exit__`` when it is a user class, ⊤ otherwise.
    """
    if isinstance(exit_method, BoundMethodValue):
        function = exit_method.function
        return isinstance(function, FunctionValue) and _returns_only_falsy(function.node)
    return manager_name(node) in PROPAGATING_NAMES


def _returns_only_falsy(node: ast.AST) -> bool:
    work = list(ast.iter_child_nodes(node))
    while work:
        current = work.pop()
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(current, (ast.Yield, ast.YieldFrom)):
            return False
        if isinstance(current, ast.Return) and current.value is not None:
            value = current.value
            if not (isinstance(value, ast.Constant) and value.value in (None, False)):
                return False
        work.extend(ast.iter_child_nodes(current))
    return True
