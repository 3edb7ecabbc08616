"""Models of the methods of builtin objects: ``list``, ``dict``, ``set`` and ``str`` methods, and
those of numbers and tuples.

A mutating method changes the receiver through ``MachineCore.update`` with the functions of
``mutations``. Constant results (``"a,b".split(",")``, ``(3).bit_length()``) are computed with
CPython itself when ``sizes`` estimates them within its bounds. A method that is not modelled
returns ⊤ and lets the receiver and its arguments escape.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from ...domains.base import TOP, AbstractValue, join_all
from ...domains.bools import ANY_BOOL
from ...domains.containers import DictValue, DictViewValue, SetValue
from ...domains.functions import (
    BuiltinMethodValue,
    FunctionValue,
)
from ...domains.none import NONE
from ...domains.numbers import ANY_INT, NON_NEGATIVE_INT
from ...domains.references import OpaqueObject, Ref
from ...domains.sequences import ListValue, TupleValue
from ...domains.strings import ANY_STR, StrValue
from .builtins_model import escape_unknown
from .mutations import (
    appended,
    dict_less,
    dict_summary_with,
    dict_updated,
    dict_without,
    extended,
    inserted,
    set_added,
    set_less,
    shrunk,
    unordered,
    without,
)
from .operators import abstract_of, constant_of
from .sizes import (
    MAX_CONSTANT_SIZE,
    joined_length,
    number_method_fits,
    string_method_fits,
)

if TYPE_CHECKING:
    from .calls import CallRules

STRING_RESULTS: dict[str, AbstractValue] = {}
for _method in (
    "startswith",
    "endswith",
    "isdigit",
    "isalpha",
    "isalnum",
    "isspace",
    "islower",
    "isupper",
    "isidentifier",
    "isnumeric",
    "isdecimal",
    "istitle",
    "isprintable",
    "isascii",
):
    STRING_RESULTS[_method] = ANY_BOOL
for _method in ("find", "rfind", "index", "rindex", "count"):
    STRING_RESULTS[_method] = ANY_INT
for _method in (
    "upper",
    "lower",
    "strip",
    "lstrip",
    "rstrip",
    "replace",
    "format",
    "join",
    "title",
    "capitalize",
    "casefold",
    "center",
    "ljust",
    "rjust",
    "zfill",
    "swapcase",
    "removeprefix",
    "removesuffix",
    "expandtabs",
    "format_map",
    "translate",
):
    STRING_RESULTS[_method] = ANY_STR


def call_method(
    machine: CallRules,
    method: BuiltinMethodValue,
    args: list[AbstractValue],
    kwargs: dict[str, AbstractValue],
    node: ast.AST,
    complete: bool,
) -> AbstractValue:
    """A call of a method of a builtin object."""
    receiver = method.receiver
    name = method.name
    if method.type_name == "property":
        machine.escape(args)
        return receiver
    target = machine.deref(receiver)
    if isinstance(target, OpaqueObject) or not complete:
        return escape_unknown(machine, args, kwargs)
    if isinstance(target, ListValue) and isinstance(receiver, Ref):
        return _list_method(machine, receiver, target, name, args, kwargs, node)
    if isinstance(target, DictValue) and isinstance(receiver, Ref):
        return _dict_method(machine, receiver, target, name, args, kwargs, node)
    if isinstance(target, SetValue) and isinstance(receiver, Ref):
        return _set_method(machine, receiver, target, name, args, kwargs, node)
    if isinstance(target, StrValue):
        return _str_method(machine, target, name, args, kwargs, node)
    known, constant = constant_of(target)
    if known and isinstance(constant, (int, float)) and not kwargs:
        constants = [constant_of(a) for a in args]
        if all(k and isinstance(c, (int, float)) for k, c in constants) and number_method_fits(
            constant, name, [c for _, c in constants]
        ):
            try:
                return abstract_of(getattr(constant, name)(*(c for _, c in constants)))
            except (ArithmeticError, TypeError, ValueError):
                return TOP
    if isinstance(target, TupleValue) and name in ("index", "count"):
        return NON_NEGATIVE_INT
    return escape_unknown(machine, args, kwargs)


def _list_method(
    machine: CallRules,
    receiver: Ref,
    target: ListValue,
    name: str,
    args: list[AbstractValue],
    kwargs: dict[str, AbstractValue],
    node: ast.AST,
) -> AbstractValue:
    if name == "append" and len(args) == 1:
        value = args[0]
        machine.update(receiver, lambda o: appended(o, value))
        return NONE
    if name == "extend" and len(args) == 1:
        items, element = machine.iteration(args[0], node)
        machine.update(receiver, lambda o: extended(o, items, element))
        return NONE
    if name == "insert" and len(args) == 2:
        value = args[1]
        machine.update(receiver, lambda o: inserted(o, value))
        return NONE
    if name == "pop" and len(args) <= 1:
        if target.length.constant == 0:
            machine.fail(node, "index-error", "pop from empty list")
        position = constant_of(args[0]) if args else (True, -1)
        if (
            target.items is not None
            and position[0]
            and type(position[1]) is int
            and -len(target.items) <= position[1] < len(target.items)
        ):
            index = position[1]
            value = target.items[index]
            machine.update(receiver, lambda o: without(o, index))
            return value
        element = target.element_summary()
        machine.update(receiver, shrunk)
        return element if element is not None else TOP
    if name in ("remove", "clear", "reverse", "sort"):
        machine.escape([a for a in kwargs.values() if isinstance(a, FunctionValue)])
        if name == "clear":
            machine.update(receiver, lambda o: ListValue.of(()))
        elif name == "reverse":
            machine.update(
                receiver,
                lambda o: (
                    ListValue.of(tuple(reversed(o.items)))
                    if isinstance(o, ListValue) and o.items is not None
                    else o
                ),
            )
        elif name == "sort":
            machine.update(receiver, unordered)
        else:
            machine.update(receiver, shrunk)
        return NONE
    if name == "copy" and not args:
        return machine.allocate(node, target)
    if name in ("index", "count"):
        return NON_NEGATIVE_INT
    machine.escape([receiver, *args, *kwargs.values()])
    return TOP


def _dict_method(
    machine: CallRules,
    receiver: Ref,
    target: DictValue,
    name: str,
    args: list[AbstractValue],
    kwargs: dict[str, AbstractValue],
    node: ast.AST,
) -> AbstractValue:
    key_known, key = (False, None)
    if args:
        key_known, key = constant_of(args[0])
        if not key_known and isinstance(args[0], TupleValue):
            key_known = False
    if name == "get" and 1 <= len(args) <= 2:
        default = args[1] if len(args) == 2 else NONE
        if key_known:
            found = target.get(key)
            if found is not None:
                return found
            if target.exact:
                return default
        values = [v for _, v in target.entries] + ([] if target.exact else [target.other_value])
        return join_all([*values, default])
    if name in ("keys", "values", "items") and not args:
        return DictViewValue(receiver, name)
    if name == "setdefault" and args:
        default = args[1] if len(args) == 2 else NONE
        if key_known:
            found = target.get(key)
            if found is not None:
                return found
            if target.exact:
                machine.update(
                    receiver,
                    lambda o: o.with_entry(key, default) if isinstance(o, DictValue) else o,
                )
                return default
        machine.update(receiver, lambda o: dict_summary_with(o, args[0], default))
        return TOP
    if name == "update":
        machine.escape(args)
        entries = kwargs
        machine.update(receiver, lambda o: dict_updated(o, entries, bool(args)))
        return NONE
    if name == "pop" and 1 <= len(args) <= 2:
        if key_known:
            found = target.get(key)
            if found is None and target.exact and len(args) == 1:
                machine.fail(node, "key-error", f"KeyError: {key!r}")
            if found is not None:
                machine.update(receiver, lambda o: dict_without(o, key))
                return found
        machine.update(receiver, dict_less)
        return TOP
    if name == "copy" and not args:
        return machine.allocate(node, target)
    if name == "clear":
        machine.update(receiver, lambda o: DictValue())
        return NONE
    machine.escape([receiver, *args, *kwargs.values()])
    return TOP


def _set_method(
    machine: CallRules,
    receiver: Ref,
    target: SetValue,
    name: str,
    args: list[AbstractValue],
    kwargs: dict[str, AbstractValue],
    node: ast.AST,
) -> AbstractValue:
    if name == "add" and len(args) == 1:
        value = args[0]
        machine.update(receiver, lambda o: set_added(o, value, 1))
        return NONE
    if name == "update":
        element = join_all([machine.iteration(a, node)[1] for a in args]) if args else TOP
        machine.update(receiver, lambda o: set_added(o, element, None))
        return NONE
    if name in ("discard", "remove", "pop", "clear"):
        machine.update(receiver, set_less)
        return target.element if name == "pop" else NONE
    if name == "copy":
        return machine.allocate(node, target)
    if name in ("union", "intersection", "difference", "symmetric_difference"):
        machine.escape(args)
        return machine.allocate(node, SetValue(TOP, NON_NEGATIVE_INT, target.kind))
    if name in ("issubset", "issuperset", "isdisjoint"):
        return ANY_BOOL
    machine.escape([receiver, *args, *kwargs.values()])
    return TOP


def _str_method(
    machine: CallRules,
    target: StrValue,
    name: str,
    args: list[AbstractValue],
    kwargs: dict[str, AbstractValue],
    node: ast.AST,
) -> AbstractValue:
    if name == "join" and len(args) == 1:
        items, _ = machine.iteration(args[0], node)
        if items is not None and target.value is not None:
            parts = [constant_of(i) for i in items]
            if all(k and isinstance(c, type(target.value)) for k, c in parts):
                texts = [c for _, c in parts]
                if joined_length(target.value, texts) <= MAX_CONSTANT_SIZE:  # type: ignore[arg-type]
                    return StrValue(target.value.join(texts), target.kind)  # type: ignore[arg-type]
        return StrValue(None, target.kind)
    if target.value is not None and not kwargs and name != "format_map":
        constants = [constant_of(a) for a in args]
        arguments = [c for _, c in constants]
        if all(
            (k and isinstance(c, (str, int, bytes))) or (k and c is None) for k, c in constants
        ) and string_method_fits(target.value, name, arguments):
            try:
                result = getattr(target.value, name)(*arguments)
            except (TypeError, ValueError, LookupError, AttributeError):
                result = NotImplemented
            if result is not NotImplemented:
                if isinstance(result, list) and len(result) <= MAX_CONSTANT_SIZE:
                    return machine.allocate(node, ListValue.of([abstract_of(r) for r in result]))
                if isinstance(result, (str, bytes, int, bool, tuple)):
                    return abstract_of(result)
    if name in ("split", "rsplit", "splitlines"):
        machine.escape(args)
        return machine.allocate(node, ListValue.summary(StrValue(None, target.kind)))
    if name in ("encode",):
        return StrValue(None, bytes)
    if name in ("decode",):
        return ANY_STR
    if name in STRING_RESULTS:
        result = STRING_RESULTS[name]
        return StrValue(None, target.kind) if result is ANY_STR else result
    if name == "partition" or name == "rpartition":
        return TupleValue.of((StrValue(None, target.kind),) * 3)
    machine.escape([*args, *kwargs.values()])
    return TOP
