"""Models of Python's builtin names: builtin functions and calls of builtin types (the methods
of builtin objects are in ``builtin_methods``).

Every model over-approximates CPython: a builtin that is not modelled returns ⊤ and its arguments
escape (they could be stored or mutated by it). Pure functions of constants (``len`` of a known
tuple, ``int("12")``, ``max(2, 3)``) are computed with CPython itself, only when ``sizes``
estimates the result within its bounds (otherwise the result is the unknown value of its type).
"""

from __future__ import annotations

import ast
import builtins
from typing import TYPE_CHECKING

from ...domains.base import TOP, AbstractValue, join_all
from ...domains.bools import ANY_BOOL, BoolValue
from ...domains.classes import (
    BUILTIN_EXCEPTIONS,
    BuiltinTypeValue,
    ClassValue,
    ExceptionValue,
    InstanceValue,
    SuperValue,
)
from ...domains.containers import DictValue, DictViewValue, SetValue
from ...domains.functions import (
    NOT_IMPLEMENTED,
    BuiltinFunctionValue,
    FunctionValue,
    GeneratorValue,
    MethodWrapperValue,
)
from ...domains.none import NONE
from ...domains.numbers import ANY_FLOAT, ANY_INT, NON_NEGATIVE_INT, FloatValue, IntValue
from ...domains.references import OpaqueObject, Ref
from ...domains.sequences import ListValue, RangeValue, SequenceValue, TupleValue
from ...domains.slices import ELLIPSIS, SliceValue
from ...domains.strings import ANY_STR, StrValue
from ..budget import BudgetExceeded
from ..core.state import MaybeUnbound, Unbound
from ..natives import NativeValue, native_result, type_of_native
from . import type_checks
from .namespace_views import UNKNOWN_USE, VIEW_FUNCTIONS
from .operators import abstract_of, constant_of
from .sizes import (
    round_fits,
)

if TYPE_CHECKING:
    from .calls import CallRules

BUILTIN_NAMES = frozenset(dir(builtins))
CONSTANTS: dict[str, AbstractValue] = {"NotImplemented": NOT_IMPLEMENTED, "Ellipsis": ELLIPSIS}
MAX_CONSTANT_TEXT = 1000


def builtin_value(name: str) -> AbstractValue | None:
    """The value of builtin ``name``, or None when there is no such builtin."""
    if name not in BUILTIN_NAMES:
        return None
    if name.startswith("__"):
        return ANY_BOOL if name == "__debug__" else TOP
    if name in CONSTANTS:
        return CONSTANTS[name]
    value = getattr(builtins, name)
    if isinstance(value, type):
        return BuiltinTypeValue(value)
    if callable(value):
        return BuiltinFunctionValue(name)
    return TOP


def escape_unknown(
    machine: CallRules, args: list[AbstractValue], kwargs: dict[str, AbstractValue]
) -> AbstractValue:
    """The result of a call that is not modelled: ⊤, its arguments escaping."""
    machine.escape([*args, *kwargs.values()])
    return TOP


def _related_range_length(value: AbstractValue) -> IntValue | None:
    """The length of ``range(stop)`` (or ``range(0, stop, 1)``) when ``stop`` is a non-negative
    int keeping a relation (``IntValue.dimension``: ``10 * size + 1``), which the list or tuple
    made from it keeps; None otherwise (the length is then the usual interval)."""
    if not isinstance(value, RangeValue) or value.start.constant != 0 or value.step.constant != 1:
        return None
    stop = value.stop
    if stop.dimension() is None or stop.low is None or stop.low < 0:
        return None
    return stop


def _length(machine: CallRules, value: AbstractValue, node: ast.AST) -> AbstractValue:
    if isinstance(value, NativeValue):
        return native_result(value.length(machine.context(node)))
    target = machine.deref(value)
    if isinstance(target, SequenceValue):
        return target.length
    if isinstance(target, DictViewValue):
        target = machine.deref(target.mapping)
    if isinstance(target, DictValue):
        return target.length()
    if isinstance(target, SetValue):
        return target.length
    if isinstance(target, StrValue):
        return (
            IntValue.constant_of(len(target.value))
            if target.value is not None
            else NON_NEGATIVE_INT
        )
    if isinstance(target, RangeValue):
        related = _related_range_length(target)
        return related if related is not None else target.length()
    if isinstance(target, (IntValue, FloatValue, BoolValue)) or target is NONE:
        machine.fail(
            node, "type-error", f"object of type '{machine.type_name(target)}' has no len()"
        )
    if isinstance(target, InstanceValue):
        method = machine.special_method(value, target, "__len__")
        if method is not None and method is not TOP:
            machine.call_value(method, [], {}, node)
    return NON_NEGATIVE_INT


def _numbers(values: list[AbstractValue]) -> list[tuple[int | None, int | None]] | None:
    bounds = []
    for value in values:
        if isinstance(value, IntValue):
            bounds.append((value.low, value.high))
        elif isinstance(value, BoolValue):
            bounds.append((0, 1) if value.value is None else (int(value.value), int(value.value)))
        else:
            return None
    return bounds


def _min_max(
    machine: CallRules, name: str, args: list[AbstractValue], node: ast.AST
) -> AbstractValue:
    candidates = args
    if len(args) == 1:
        items, element = machine.iteration(args[0], node)
        if items is None:
            return element
        if not items:
            machine.fail(node, "value-error", f"{name}() iterable argument is empty")
        candidates = items
    constants = [constant_of(c) for c in candidates]
    if constants and all(k for k, _ in constants):
        try:
            return abstract_of(getattr(builtins, name)(c for _, c in constants))
        except TypeError as error:
            machine.fail(node, "type-error", str(error))
    bounds = _numbers(candidates)
    if bounds:
        pick = min if name == "min" else max
        lows = [b[0] for b in bounds]
        highs = [b[1] for b in bounds]
        low = (
            None
            if None in lows and name == "min"
            else pick(x for x in lows if x is not None)
            if any(x is not None for x in lows)
            else None
        )
        high = (
            None
            if None in highs and name == "max"
            else pick(x for x in highs if x is not None)
            if any(x is not None for x in highs)
            else None
        )
        if name == "min" and None in lows:
            low = None
        if name == "max" and None in highs:
            high = None
        return IntValue(low, high)
    return join_all(candidates)


def call_function(
    machine: CallRules,
    name: str,
    args: list[AbstractValue],
    kwargs: dict[str, AbstractValue],
    node: ast.AST,
    complete: bool,
) -> AbstractValue:
    """A call of the builtin function ``name``."""
    if name == "len" and len(args) == 1 and not kwargs:
        return _length(machine, args[0], node)
    if name == "print":
        return NONE
    if name == "isinstance" and len(args) == 2 and not kwargs:
        return type_checks.is_instance(machine, args[0], args[1])
    if name == "issubclass" and len(args) == 2 and not kwargs:
        return type_checks.is_subclass(machine, args[0], args[1])
    if name == "callable" and len(args) == 1 and not kwargs:
        return type_checks.is_callable(machine, args[0])
    if name == "hasattr" and len(args) == 2 and not kwargs:
        attribute = constant_of(args[1])
        if attribute[0] and isinstance(attribute[1], str):
            return type_checks.has_attribute(machine, args[0], attribute[1], node)
        return ANY_BOOL
    if name in ("issubclass", "hasattr", "callable", "any", "all"):
        return ANY_BOOL
    if name in ("id", "hash"):
        return ANY_INT
    if name in ("repr", "ascii", "format", "chr", "hex", "oct", "bin", "input"):
        return ANY_STR
    if name == "ord":
        return IntValue(0, 0x10FFFF)
    if name in ("min", "max") and args and not kwargs and complete:
        return _min_max(machine, name, args, node)
    if name in ("min", "max", "sorted", "map", "filter"):
        machine.escape(
            [
                a
                for a in (*args, *kwargs.values())
                if isinstance(a, (FunctionValue,)) or not isinstance(a, Ref)
            ]
        )
    if name == "abs" and len(args) == 1:
        known, constant = constant_of(args[0])
        if known and isinstance(constant, (int, float)):
            return abstract_of(abs(constant))
        if isinstance(args[0], IntValue):
            return IntValue(0, None)
        if isinstance(args[0], FloatValue):
            return ANY_FLOAT
        return TOP
    if name == "round" and args:
        known, constant = constant_of(args[0])
        digits = args[1] if len(args) > 1 else kwargs.get("ndigits", NONE)
        known_digits, digit_constant = constant_of(digits)
        if (
            known
            and known_digits
            and isinstance(constant, (int, float))
            and (digit_constant is None or type(digit_constant) is int)
            and (not isinstance(constant, int) or round_fits(digit_constant))
        ):
            try:
                return abstract_of(round(constant, digit_constant))  # type: ignore[arg-type]
            except (OverflowError, ValueError):
                return TOP
        if digits is NONE and isinstance(args[0], (IntValue, FloatValue, BoolValue)):
            return ANY_INT
        return TOP
    if name == "sum" and args:
        items, element = machine.iteration(args[0], node)
        if items is not None and len(args) == 1:
            constants = [constant_of(i) for i in items]
            if all(k for k, _ in constants):
                try:
                    return abstract_of(sum(c for _, c in constants))  # type: ignore[misc]
                except TypeError as error:
                    machine.fail(node, "type-error", str(error))
        if len(args) == 1 and isinstance(element, (IntValue, BoolValue)):
            return ANY_INT
        return TOP
    if name == "sorted" and args:
        items, element = machine.iteration(args[0], node)
        if items is not None:
            element = join_all(items)
            return machine.allocate(
                node, ListValue.summary(element, IntValue.constant_of(len(items)))
            )
        return machine.allocate(node, ListValue.summary(element))
    if name == "iter" and len(args) == 1:
        if isinstance(machine.deref(args[0]), GeneratorValue):
            return args[0]
        items, element = machine.iteration(args[0], node, consume=False)
        return machine.allocate(
            node, GeneratorValue(element, tuple(items) if items is not None else None)
        )
    if name == "next" and args:
        return _next(machine, args, node)
    if name == "divmod" and len(args) == 2:
        return TupleValue.of(
            (
                machine.binary_op("FloorDiv", args[0], args[1], node),
                machine.binary_op("Mod", args[0], args[1], node),
            )
        )
    if name == "pow" and len(args) == 2:
        return machine.binary_op("Pow", args[0], args[1], node)
    if name == "getattr" and len(args) in (2, 3):
        attribute = constant_of(args[1])
        if attribute[0] and isinstance(attribute[1], str):
            if len(args) == 2:
                return machine.get_attribute(args[0], attribute[1], node)
            saved = machine.reporter.swallowing
            machine.reporter.swallowing += 1
            try:
                return machine.get_attribute(args[0], attribute[1], node).join(args[2])
            except BudgetExceeded:
                raise
            except Exception:
                return args[2].join(TOP)
            finally:
                machine.reporter.swallowing = saved
        machine.escape([args[0]])
        return TOP
    if name == "setattr" and len(args) == 3:
        attribute = constant_of(args[1])
        if attribute[0] and isinstance(attribute[1], str):
            machine.set_attribute(args[0], attribute[1], args[2], node)
            return NONE
        machine.escape(args)
        return NONE
    if name in VIEW_FUNCTIONS and not args and not kwargs:
        return _namespace_view(machine, name, node)
    if name in ("exec", "eval", "compile", "__import__", "delattr"):
        machine.make_module_volatile()
        return escape_unknown(machine, args, kwargs)
    return escape_unknown(machine, args, kwargs)


def _namespace_view(machine: CallRules, name: str, node: ast.AST) -> AbstractValue:
    """``globals()``, ``locals()`` or ``vars()``: the namespace of the module (``globals()``, or
    any of them at module level) or of the running function or class body, as an unknown
    dictionary. What the code around the call does with it (``namespace_views``) decides the
    rest: the names it may write become unknown for good (every module variable when a name is
    unknown, or when a class body's namespace is written); the values it may read escape. A
    function's ``locals()`` written through rebinds nothing (CPython copies the frame's
    variables), but is over-approximated as a module write."""
    use = machine.scopes.namespace_uses.get(id(node), UNKNOWN_USE)
    of_module = name == "globals" or machine.frame.scope.kind == "module"
    if use.written is None or (use.written and not of_module):
        machine.make_module_volatile()
    elif use.written:
        machine.make_volatile(machine.global_key(written) for written in use.written)
    if use.read is None or use.read:
        machine.escape(_namespace_values(machine, of_module, use.read))
    return TOP


def _namespace_values(
    machine: CallRules, of_module: bool, names: frozenset[str] | None
) -> list[AbstractValue]:
    """The values of the namespace's variables ``names`` (None: all of them)."""
    if of_module:
        chosen = machine.scopes.module.bound if names is None else names
        values = [machine.global_value(machine.global_key(variable)) for variable in chosen]
        return [value for value in values if value is not None]
    values = [
        value.value if isinstance(value, MaybeUnbound) else value
        for key, value in machine.live.frame_env().items()
        if (names is None or key in names) and not isinstance(value, Unbound)  # type: ignore[operator]
    ]
    for variable, address in machine.frame.cells.items():
        if (names is None or variable in names) and address is not None:
            cell = machine.heap_object(address)
            if cell is not None:
                values.append(cell)
    return values


def _next(machine: CallRules, args: list[AbstractValue], node: ast.AST) -> AbstractValue:
    """``next(iterator[, default])``: the first known item, consuming it."""
    iterator = args[0]
    default = args[1] if len(args) > 1 else None
    generator = machine.unstarted_body(iterator)  # type: ignore[attr-defined]
    if generator is not None:
        return machine.next_of_unstarted(iterator, generator, default)  # type: ignore[attr-defined, no-any-return]
    target = machine.deref(iterator)
    if not isinstance(iterator, Ref) or not isinstance(target, GeneratorValue):
        machine.escape([iterator])
        return TOP
    if target.items is not None and target.items:
        first = target.items[0]
        machine.update(
            iterator,
            lambda o: (
                GeneratorValue(o.element, o.items[1:])
                if isinstance(o, GeneratorValue) and o.items
                else o
            ),
        )
        return first
    if target.items is not None and not target.items:
        if default is None:
            machine.raise_here()
        return default  # type: ignore[return-value]
    machine.update(
        iterator,
        lambda o: GeneratorValue(o.summary(), None) if isinstance(o, GeneratorValue) else o,
    )
    return target.summary() if default is None else target.summary().join(default)


def construct(
    machine: CallRules,
    pytype: type,
    args: list[AbstractValue],
    kwargs: dict[str, AbstractValue],
    node: ast.AST,
    complete: bool,
) -> AbstractValue:
    """A call of the builtin class ``pytype`` (``int(x)``, ``list(xs)``, ``ValueError(...)``)."""
    if not complete:
        return escape_unknown(machine, args, kwargs)
    if pytype in (int, float, str, bool) and not kwargs:
        return _scalar(machine, pytype, args, node)
    if pytype in (list, tuple, set, frozenset) and len(args) <= 1 and not kwargs:
        if not args:
            items: list[AbstractValue] | None = []
            element: AbstractValue = TOP
        else:
            items, element = machine.iteration(args[0], node)
        length = _related_range_length(machine.deref(args[0])) if args else None
        if pytype is tuple:
            if items is None and length is not None:
                return TupleValue.summary(element, length)
            return TupleValue.of(items) if items is not None else TupleValue.summary(element)
        if pytype is list:
            if items is None and length is not None:
                return machine.allocate(node, ListValue.summary(element, length))
            return machine.allocate(
                node, ListValue.of(items) if items is not None else ListValue.summary(element)
            )
        if items is not None:
            length = IntValue(min(len(items), 1), len(items))
            return machine.allocate(node, SetValue(join_all(items), length, pytype))
        return machine.allocate(node, SetValue(element, NON_NEGATIVE_INT, pytype))
    if pytype is dict:
        result = DictValue()
        if args:
            source = machine.deref(args[0])
            if isinstance(source, DictValue) and len(args) == 1:
                result = source
            else:
                machine.escape(args)
                result = DictValue((), False)
        for key, value in kwargs.items():
            result = result.with_entry(key, value)
        return machine.allocate(node, result)
    if pytype is range and 1 <= len(args) <= 3 and not kwargs:
        bounds = []
        for argument in args:
            if isinstance(argument, BoolValue):
                argument = (
                    IntValue(0, 1)
                    if argument.value is None
                    else IntValue.constant_of(int(argument.value))
                )
            if isinstance(argument, (FloatValue, StrValue)) or argument is NONE:
                machine.fail(
                    node,
                    "type-error",
                    f"'{machine.type_name(argument)}' object cannot be interpreted as an integer",
                )
            bounds.append(argument if isinstance(argument, IntValue) else ANY_INT)
        if len(bounds) == 1:
            bounds = [IntValue.constant_of(0), bounds[0]]
        if len(bounds) == 2:
            bounds.append(IntValue.constant_of(1))
        if bounds[2].constant == 0:
            machine.fail(node, "value-error", "range() arg 3 must not be zero")
        return RangeValue(bounds[0], bounds[1], bounds[2])
    if pytype is enumerate and args:
        start = args[1] if len(args) > 1 else kwargs.get("start", IntValue.constant_of(0))
        generator = machine.unstarted_body(args[0])  # type: ignore[attr-defined]
        if generator is not None:
            return machine.enumerate_unstarted(args[0], generator, start, node)  # type: ignore[attr-defined, no-any-return]
        items, element = machine.iteration(args[0], node, consume=False)
        first = constant_of(start)
        if items is not None and first[0] and type(first[1]) is int:
            pairs = tuple(
                TupleValue.of((IntValue.constant_of(first[1] + i), item))
                for i, item in enumerate(items)
            )
            return machine.allocate(node, GeneratorValue(join_all(pairs) if pairs else TOP, pairs))
        return machine.allocate(node, GeneratorValue(TupleValue.of((ANY_INT, element))))
    if pytype is zip and not kwargs:
        columns = [machine.iteration(a, node, consume=False) for a in args]
        if columns and all(items is not None for items, _ in columns):
            length = min(len(items) for items, _ in columns)  # type: ignore[arg-type]
            rows = tuple(TupleValue.of([items[i] for items, _ in columns]) for i in range(length))  # type: ignore[index]
            return machine.allocate(node, GeneratorValue(join_all(rows) if rows else TOP, rows))
        return machine.allocate(
            node, GeneratorValue(TupleValue.of([element for _, element in columns]))
        )
    if pytype is reversed and len(args) == 1:
        items, element = machine.iteration(args[0], node, consume=False)
        return machine.allocate(
            node, GeneratorValue(element, tuple(reversed(items)) if items is not None else None)
        )
    if pytype in (staticmethod, classmethod, property) and args:
        return MethodWrapperValue(pytype.__name__, args[0])
    if pytype is super:
        if len(args) == 2:
            return SuperValue(args[0], args[1])
        function = machine.frame.function
        if (
            not args
            and function is not None
            and function.owner is not None
            and machine.frame.first_argument is not None
        ):
            return SuperValue(Ref.to(function.owner), machine.frame.first_argument)
        return TOP
    if pytype is slice and 1 <= len(args) <= 3:
        parts = list(args) if len(args) > 1 else [NONE, args[0]]
        return SliceValue(*parts)
    if pytype is object and not args and not kwargs:
        return machine.allocate(node, OpaqueObject(object))
    if pytype is type and len(args) == 1:
        target = machine.deref(args[0])
        if isinstance(target, InstanceValue):
            return target.cls
        if isinstance(target, ClassValue):
            return TOP
        if isinstance(target, NativeValue):
            return type_of_native(target)
        known = target.python_type()
        if known is not None and not isinstance(target, (NativeValue, OpaqueObject)):
            return BuiltinTypeValue(known)
        return TOP
    if pytype in BUILTIN_EXCEPTIONS.values():
        machine.escape([*args, *kwargs.values()])
        return ExceptionValue(pytype)
    return escape_unknown(machine, args, kwargs)


def _scalar(
    machine: CallRules, pytype: type, args: list[AbstractValue], node: ast.AST
) -> AbstractValue:
    if not args:
        return abstract_of(pytype())
    value = args[0]
    if pytype is bool and len(args) == 1:
        truth = machine.truth(value, node)
        return ANY_BOOL if truth is None else BoolValue(truth)
    if isinstance(value, NativeValue) and len(args) == 1:
        converted = value.convert(pytype, machine.context(node))
        if converted is not None:
            return converted
    known, constant = constant_of(value)
    if (
        len(args) == 1
        and known
        and isinstance(constant, (int, float, str))
        and not (isinstance(constant, str) and len(constant) > MAX_CONSTANT_TEXT)
    ):
        try:
            return abstract_of(pytype(constant))
        except ValueError as error:
            machine.fail(node, "value-error", str(error))
        except (OverflowError, TypeError):
            return TOP
    if pytype is str:
        if len(args) == 1 and not isinstance(machine.deref(value), (InstanceValue, OpaqueObject)):
            return ANY_STR
        return ANY_STR if len(args) == 1 else TOP
    if value is NONE and pytype in (int, float):
        machine.fail(
            node,
            "type-error",
            f"{pytype.__name__}() argument must be a string, a bytes-like object or a "
            f"{'real ' if pytype is int else ''}number, not 'NoneType'",
        )
    if pytype is int:
        return ANY_INT
    return ANY_FLOAT
