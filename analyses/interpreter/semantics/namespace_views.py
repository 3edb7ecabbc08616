"""Namespace views: what the code around a ``globals()``, ``locals()`` or ``vars()`` call does
with the dictionary it returns.

These calls (without an argument) return a dictionary that *is* the namespace of the running
scope (the module's for ``globals()``, and for ``locals()``/``vars()`` at module level): writing
through it rebinds names, and the values read out of it are the very objects the names hold. A
view used only to read (``print(vars())``, ``globals()["Net"]``, ``name in globals()``,
``**locals()``) changes no binding; only the names written through it may be rebound.

``namespace_uses(parent)`` judges each such call that is a direct child of ``parent`` from that
parent alone (``NamespaceUse``): the names it may rebind (``written``) and those whose values
leave through it (``read``), ``None`` standing for every name. A call whose parent is not one of
the forms below — the view assigned to a variable, passed to a function, returned — may be
written through later by anything: ``UNKNOWN_USE``. ``vars(obj)`` with an argument is the
object's ``__dict__``, not a namespace: its calls are not judged here (``obj`` escapes).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

VIEW_FUNCTIONS = frozenset({"globals", "locals", "vars"})
"""The builtins that, called without an argument, return a scope's namespace."""

_KEY_CONSUMERS = frozenset(
    {"print", "len", "sorted", "list", "set", "frozenset", "tuple", "iter", "enumerate", "repr"}
)
"""Builtins that, given a namespace, look only at its keys (or print it): no value leaves."""

_KEY_METHODS = frozenset({"keys", "__len__", "__contains__", "__iter__"})
_VALUE_METHODS = frozenset({"items", "values", "copy"})
_FORMAT_METHODS = frozenset({"format", "format_map"})


@dataclass(frozen=True, slots=True)
class NamespaceUse:
    """What the code around one namespace-view call may do through the view.

    ``written``: the names it may rebind or delete (None: any name). ``read``: the names whose
    values leave through the view, to be changed by whoever gets them (None: any name).
    """

    written: frozenset[str] | None
    read: frozenset[str] | None


UNKNOWN_USE = NamespaceUse(None, None)
"""A view that escapes: anything may be written through it and every value leaves."""
_NO_USE = NamespaceUse(frozenset(), frozenset())


def namespace_view(node: ast.AST) -> str | None:
    """``globals``, ``locals`` or ``vars`` when ``node`` calls one of them without argument."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in VIEW_FUNCTIONS
        and not node.args
        and not node.keywords
    ):
        return node.func.id
    return None


def namespace_uses(parent: ast.AST) -> Iterator[tuple[ast.Call, NamespaceUse]]:
    """The use ``parent`` makes of each namespace-view call that is its direct child (only
    the uses recognised here are yielded; any other view is an ``UNKNOWN_USE``)."""
    if isinstance(parent, ast.Subscript):
        if namespace_view(parent.value):
            yield parent.value, _subscript_use(parent)  # type: ignore[misc]
    elif isinstance(parent, ast.Call):
        yield from _call_uses(parent)
    elif isinstance(parent, ast.Compare):
        for operator, operand in zip(parent.ops, parent.comparators, strict=True):
            if namespace_view(operand) and isinstance(operator, (ast.In, ast.NotIn)):
                yield operand, _NO_USE  # type: ignore[misc]
    elif isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)):
        if namespace_view(parent.iter):
            yield parent.iter, _NO_USE  # type: ignore[misc]
    elif isinstance(parent, ast.Dict):
        for key, value in zip(parent.keys, parent.values, strict=True):
            if key is None and namespace_view(value):
                yield value, NamespaceUse(frozenset(), None)  # type: ignore[misc]


def _constant_key(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _subscript_use(subscript: ast.Subscript) -> NamespaceUse:
    key = _constant_key(subscript.slice)
    names = None if key is None else frozenset({key})
    if isinstance(subscript.ctx, ast.Load):
        return NamespaceUse(frozenset(), names)
    return NamespaceUse(names, frozenset())


def _call_uses(call: ast.Call) -> Iterator[tuple[ast.Call, NamespaceUse]]:
    function = call.func
    if isinstance(function, ast.Attribute) and namespace_view(function.value):
        yield function.value, _method_use(function.attr, call)  # type: ignore[misc]
    reads_values = not (
        isinstance(function, ast.Attribute)
        and function.attr in _FORMAT_METHODS
        and isinstance(function.value, ast.Constant)
        and isinstance(function.value.value, str)
    )
    for keyword in call.keywords:
        if keyword.arg is None and namespace_view(keyword.value):
            read = None if reads_values else frozenset()
            yield keyword.value, NamespaceUse(frozenset(), read)  # type: ignore[misc]
    if isinstance(function, ast.Name) and function.id in _KEY_CONSUMERS:
        for argument in call.args:
            if namespace_view(argument):
                yield argument, _NO_USE  # type: ignore[misc]
    if isinstance(function, ast.Name) and function.id == "dict" and not call.keywords:
        for argument in call.args:
            if namespace_view(argument):
                yield argument, NamespaceUse(frozenset(), None)  # type: ignore[misc]


def _method_use(method: str, call: ast.Call) -> NamespaceUse:
    """A method of the namespace called on the view: the keys-only ones use nothing, ``get``
    reads its key, ``items``/``values``/``copy`` read every value, ``setdefault`` writes its key,
    ``update`` writes its keyword names (any name when it has a positional argument or
    ``**``); anything else may write any name."""
    if method in _KEY_METHODS:
        return _NO_USE
    key = _constant_key(call.args[0]) if call.args else None
    if method in ("get", "__getitem__"):
        return NamespaceUse(frozenset(), None if key is None else frozenset({key}))
    if method in _VALUE_METHODS:
        return NamespaceUse(frozenset(), None)
    if method == "setdefault":
        names = None if key is None else frozenset({key})
        return NamespaceUse(names, names)
    if method == "update" and not call.args:
        keywords = [keyword.arg for keyword in call.keywords]
        if all(name is not None for name in keywords):
            return NamespaceUse(frozenset(keywords), frozenset())  # type: ignore[arg-type]
    return UNKNOWN_USE
