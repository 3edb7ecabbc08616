"""Operators on builtin values (numbers, strings, None, tuples, lists, dicts, sets).

Constants are computed with CPython's own operators (on ints, floats and strings only, never on
user objects), only when ``sizes`` estimates the result within its bounds (otherwise the result is
the unknown value of its type). For non-constant operands the outcome is
decided by type: CPython's behaviour for a pair of builtin types is found by applying the operator
to sample values of those types, which also yields CPython's exact error message. Only
type-determined ``TypeError``s are decided that way (``str % x`` depends on the format string and
is never decided). Division by a constant zero is a certain ``ZeroDivisionError``; by an interval
containing zero a possible one.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass

from ...domains.base import TOP, AbstractValue
from ...domains.bools import ANY_BOOL, BoolValue
from ...domains.containers import DictValue, SetValue
from ...domains.none import NONE, NoneValue
from ...domains.numbers import ANY_FLOAT, ANY_INT, FloatValue, IntValue
from ...domains.sequences import ListValue, SequenceValue, TupleValue
from ...domains.strings import StrValue
from ..natives import NativeValue
from .sizes import MAX_CONSTANT_SIZE, binary_fits, bounded, int_fits

BINARY: dict[str, Callable[[object, object], object]] = {
    "Add": operator.add,
    "Sub": operator.sub,
    "Mult": operator.mul,
    "MatMult": operator.matmul,
    "Div": operator.truediv,
    "FloorDiv": operator.floordiv,
    "Mod": operator.mod,
    "Pow": operator.pow,
    "LShift": operator.lshift,
    "RShift": operator.rshift,
    "BitOr": operator.or_,
    "BitXor": operator.xor,
    "BitAnd": operator.and_,
}
SYMBOLS = {
    "Add": "+",
    "Sub": "-",
    "Mult": "*",
    "MatMult": "@",
    "Div": "/",
    "FloorDiv": "//",
    "Mod": "%",
    "Pow": "**",
    "LShift": "<<",
    "RShift": ">>",
    "BitOr": "|",
    "BitXor": "^",
    "BitAnd": "&",
}
DUNDERS = {
    "Add": "add",
    "Sub": "sub",
    "Mult": "mul",
    "MatMult": "matmul",
    "Div": "truediv",
    "FloorDiv": "floordiv",
    "Mod": "mod",
    "Pow": "pow",
    "LShift": "lshift",
    "RShift": "rshift",
    "BitOr": "or",
    "BitXor": "xor",
    "BitAnd": "and",
}
COMPARE: dict[str, Callable[[object, object], object]] = {
    "Eq": operator.eq,
    "NotEq": operator.ne,
    "Lt": operator.lt,
    "LtE": operator.le,
    "Gt": operator.gt,
    "GtE": operator.ge,
}
COMPARE_DUNDERS = {"Eq": "eq", "NotEq": "ne", "Lt": "lt", "LtE": "le", "Gt": "gt", "GtE": "ge"}
REFLECTED_COMPARE = {
    "Eq": "Eq",
    "NotEq": "NotEq",
    "Lt": "Gt",
    "LtE": "GtE",
    "Gt": "Lt",
    "GtE": "LtE",
}
UNARY: dict[str, Callable[[object], object]] = {
    "USub": operator.neg,
    "UAdd": operator.pos,
    "Invert": operator.invert,
}
UNARY_DUNDERS = {"USub": "neg", "UAdd": "pos", "Invert": "invert"}


@dataclass(frozen=True)
class Failure:
    """An operation that raises ``exception`` (certainly, or possibly) with CPython's message."""

    exception: str
    message: str
    certain: bool


@dataclass(frozen=True)
class Outcome:
    """A result value, possibly together with a possible failure."""

    value: AbstractValue
    possible: Failure | None = None


Result = Outcome | Failure | None
"""None means the operation is not decided here (the caller treats it as ⊤)."""

Primitive = IntValue | BoolValue | FloatValue | StrValue | NoneValue


def constant_of(value: AbstractValue) -> tuple[bool, object]:
    """``(True, c)`` when ``value`` is exactly the scalar constant ``c``."""
    if isinstance(value, IntValue):
        constant = value.constant
        return (constant is not None, constant)
    if isinstance(value, BoolValue):
        return (value.value is not None, value.value)
    if isinstance(value, FloatValue):
        return (value.value is not None, value.value)
    if isinstance(value, StrValue):
        return (value.value is not None, value.value)
    if value is NONE:
        return (True, None)
    return (False, None)


def hashable_constant(value: AbstractValue) -> tuple[bool, object]:
    """``(True, c)`` when ``value`` is exactly the dict key or set member ``c``: a scalar constant
    or a tuple of them."""
    known, constant = constant_of(value)
    if known:
        return True, constant
    if isinstance(value, NativeValue):
        identity = value.dict_key()
        if identity is not None:
            return True, identity
    if isinstance(value, TupleValue) and value.items is not None:
        parts = [hashable_constant(item) for item in value.items]
        if all(k for k, _ in parts):
            return True, tuple(c for _, c in parts)
    return False, None


def abstract_of(concrete: object) -> AbstractValue:
    """The most precise abstract value of a scalar or tuple constant (⊤ for anything else); an int
    or a string beyond the ``sizes`` bounds is an unknown one (of the same sign, non-empty)."""
    if concrete is None:
        return NONE
    if type(concrete) is bool:
        return BoolValue(concrete)
    if type(concrete) is int:
        if int_fits(concrete):
            return IntValue.constant_of(concrete)
        return IntValue(1, None) if concrete > 0 else IntValue(None, -1)
    if type(concrete) is float:
        return FloatValue(concrete)
    if type(concrete) in (str, bytes):
        if len(concrete) > MAX_CONSTANT_SIZE:  # type: ignore[arg-type]
            return StrValue(None, type(concrete), nonempty=True)
        return StrValue(concrete, type(concrete))  # type: ignore[arg-type]
    if type(concrete) is tuple:
        return TupleValue.of(tuple(abstract_of(item) for item in concrete))  # type: ignore[union-attr]
    return TOP


def abstract_of_type(pytype: type) -> AbstractValue:
    """Any value of a scalar builtin type."""
    if pytype is bool:
        return ANY_BOOL
    if pytype is int:
        return ANY_INT
    if pytype is float:
        return ANY_FLOAT
    if pytype in (str, bytes):
        return StrValue(None, pytype)
    if pytype is type(None):
        return NONE
    return TOP


def sample_of(value: AbstractValue, use_constant: bool = True) -> tuple[bool, object]:
    """A concrete value of the same type as every value of ``value`` (for type-level questions)."""
    known, constant = constant_of(value)
    if known and use_constant:
        return True, constant
    samples: dict[type, object] = {
        IntValue: 3,
        BoolValue: True,
        FloatValue: 1.5,
        TupleValue: (),
        ListValue: [],
        DictValue: {},
    }
    if isinstance(value, IntValue):
        return True, 3
    if isinstance(value, StrValue):
        return True, value.kind()
    if isinstance(value, SetValue):
        return True, value.kind()
    sample = samples.get(type(value))
    return (sample is not None or type(value) in samples), sample


def _zero_division_possible(op: str, right: AbstractValue) -> tuple[bool, bool]:
    """(may be zero, certainly zero) for the right operand of a division."""
    if op not in ("Div", "FloorDiv", "Mod"):
        return False, False
    if isinstance(right, IntValue):
        return right.may_be_zero(), right.constant == 0
    if isinstance(right, BoolValue):
        return right.value is not True, right.value is False
    if isinstance(right, FloatValue):
        return not right.is_nonzero(), right.value == 0.0
    return False, False


_DIRECTIVE_CHARACTERS = frozenset("%#0- +*.123456789hlLdiouxXeEfFgGcrsab")
"""Every character a ``%`` directive without a mapping key can consist of."""


def _formats_literal_text(template: AbstractValue) -> bool:
    """True when ``template % values`` is certainly non-empty: a constant template without
    mapping keys that has a character no directive can consume (it is copied to the result)."""
    known, text = constant_of(template)
    if not known or not isinstance(text, (str, bytes)):
        return False
    characters = set(text.decode("latin-1") if isinstance(text, bytes) else text)
    return "(" not in characters and bool(characters - _DIRECTIVE_CHARACTERS)


def binary(op: str, left: AbstractValue, right: AbstractValue) -> Result:
    """``left op right`` for builtin operands (lists and dicts already read from the heap)."""
    function = BINARY[op]
    for value, other, reflected in ((left, right, False), (right, left, True)):
        if isinstance(value, IntValue):
            related = value.related(op, other, reflected)
            if related is not None:
                return Outcome(related)
    left_known, left_constant = constant_of(left)
    right_known, right_constant = constant_of(right)
    if left_known and right_known and binary_fits(op, left_constant, right_constant):
        try:
            return Outcome(abstract_of(function(left_constant, right_constant)))
        except (ArithmeticError, TypeError, ValueError) as error:
            return Failure(type(error).__name__, str(error), True)
    has_left, left_sample = sample_of(left)
    has_right, right_sample = sample_of(right)
    if not binary_fits(op, left_sample, right_sample):
        has_left, left_sample = sample_of(left, use_constant=False)
        has_right, right_sample = sample_of(right, use_constant=False)
    if not (has_left and has_right):
        return None
    if op == "Mod" and isinstance(left_sample, (str, bytes)):
        return Outcome(StrValue(None, type(left_sample), _formats_literal_text(left)))
    try:
        sample_result = function(left_sample, right_sample)
    except TypeError as error:
        return Failure("TypeError", str(error), True)
    except (ArithmeticError, ValueError):
        sample_result = None
    maybe_zero, certainly_zero = _zero_division_possible(op, right)
    if isinstance(left, (IntValue, BoolValue, FloatValue)) and (maybe_zero or certainly_zero):
        try:
            function(left_sample, 0)
        except ZeroDivisionError as error:
            failure = Failure("ZeroDivisionError", str(error), certainly_zero)
            if certainly_zero:
                return failure
            return Outcome(_result_of(op, left, right, sample_result), failure)
        except (ArithmeticError, TypeError, ValueError):
            return None
    return Outcome(_result_of(op, left, right, sample_result))


def _result_of(op: str, left: AbstractValue, right: AbstractValue, sample: object) -> AbstractValue:
    if isinstance(left, SequenceValue) or isinstance(right, SequenceValue):
        return _sequence_result(op, left, right)
    if type(sample) is int:
        return _interval_result(op, left, right)
    if isinstance(sample, (set, frozenset)):
        return SetValue(TOP, IntValue(0, None), type(sample))
    if isinstance(sample, dict):
        return DictValue((), False)
    if sample is None:
        return TOP
    return abstract_of_type(type(sample))


def _bounds(value: AbstractValue) -> tuple[int | None, int | None] | None:
    if isinstance(value, IntValue):
        return value.low, value.high
    if isinstance(value, BoolValue):
        return (0, 1) if value.value is None else (int(value.value), int(value.value))
    return None


def _interval_result(op: str, left: AbstractValue, right: AbstractValue) -> AbstractValue:
    a, b = _bounds(left), _bounds(right)
    if a is None or b is None:
        return ANY_INT
    (a_low, a_high), (b_low, b_high) = a, b
    if op == "Add":
        low = None if a_low is None or b_low is None else a_low + b_low
        high = None if a_high is None or b_high is None else a_high + b_high
        return IntValue(bounded(low), bounded(high))
    if op == "Sub":
        low = None if a_low is None or b_high is None else a_low - b_high
        high = None if a_high is None or b_low is None else a_high - b_low
        return IntValue(bounded(low), bounded(high))
    if op == "Mult" and None not in (a_low, a_high, b_low, b_high):
        products = [x * y for x in (a_low, a_high) for y in (b_low, b_high)]  # type: ignore[operator]
        return IntValue(bounded(min(products)), bounded(max(products)))
    if (
        op in ("FloorDiv", "Mod")
        and a_low is not None
        and a_low >= 0
        and b_low is not None
        and b_low > 0
    ):
        if op == "Mod":
            return IntValue(0, None if b_high is None else b_high - 1)
        return IntValue(0, a_high)
    return ANY_INT


def _sequence_result(op: str, left: AbstractValue, right: AbstractValue) -> AbstractValue:
    if op == "Add" and isinstance(left, SequenceValue) and isinstance(right, SequenceValue):
        kind = type(left)
        if left.items is not None and right.items is not None:
            return kind.of(left.items + right.items)
        length = _interval_result("Add", left.length, right.length)
        elements = [e for e in (left.element_summary(), right.element_summary()) if e is not None]
        element = (
            elements[0].join(elements[1])
            if len(elements) == 2
            else (elements[0] if elements else TOP)
        )
        assert isinstance(length, IntValue)
        return kind.summary(element, length)
    if op == "Mult":
        sequence, count = (left, right) if isinstance(left, SequenceValue) else (right, left)
        assert isinstance(sequence, SequenceValue)
        kind = type(sequence)
        known, times = constant_of(count)
        if (
            known
            and isinstance(times, int)
            and sequence.items is not None
            and len(sequence.items) * max(times, 0) <= MAX_CONSTANT_SIZE
        ):
            return kind.of(sequence.items * max(times, 0))
        element = sequence.element_summary()
        return kind.summary(element if element is not None else TOP)
    return TOP


def compare(op: str, left: AbstractValue, right: AbstractValue) -> Result:
    """``left op right`` for builtin scalars (``==`` and ordering)."""
    function = COMPARE[op]
    left_known, left_constant = constant_of(left)
    right_known, right_constant = constant_of(right)
    if left_known and right_known:
        try:
            return Outcome(abstract_of(bool(function(left_constant, right_constant))))
        except TypeError as error:
            return Failure("TypeError", str(error), True)
    has_left, left_sample = sample_of(left)
    has_right, right_sample = sample_of(right)
    if not (has_left and has_right):
        return None
    if op in ("Lt", "LtE", "Gt", "GtE"):
        try:
            function(left_sample, right_sample)
        except TypeError as error:
            return Failure("TypeError", str(error), True)
        except ValueError:
            return None
        decided = _interval_compare(op, left, right)
        return Outcome(decided)
    if op in ("Eq", "NotEq") and (_disjoint_types(left, right) or _disjoint_intervals(left, right)):
        return Outcome(BoolValue(op == "NotEq"))
    return Outcome(ANY_BOOL)


def _disjoint_intervals(left: AbstractValue, right: AbstractValue) -> bool:
    """True when ``left`` and ``right`` are integers (or bools) in intervals that do not meet
    (``rank == 0`` for a rank in ``[1, ∞)``)."""
    a, b = _bounds(left), _bounds(right)
    if a is None or b is None:
        return False
    (a_low, a_high), (b_low, b_high) = a, b
    return (a_high is not None and b_low is not None and a_high < b_low) or (
        b_high is not None and a_low is not None and b_high < a_low
    )


def _disjoint_types(left: AbstractValue, right: AbstractValue) -> bool:
    """True when no value of ``left`` can equal a value of ``right`` (different builtin kinds)."""
    numeric = (IntValue, BoolValue, FloatValue)
    if isinstance(left, numeric) and isinstance(right, numeric):
        return False
    kinds = (numeric, StrValue, NoneValue, TupleValue, ListValue, DictValue, SetValue)
    left_kind = next((k for k in kinds if isinstance(left, k)), None)
    right_kind = next((k for k in kinds if isinstance(right, k)), None)
    if left_kind is None or right_kind is None:
        return False
    if left_kind is StrValue and right_kind is StrValue:
        return left.kind is not right.kind or left.other_module_side(right)  # type: ignore[union-attr]
    return left_kind is not right_kind


def _interval_compare(op: str, left: AbstractValue, right: AbstractValue) -> AbstractValue:
    a, b = _bounds(left), _bounds(right)
    if a is None or b is None:
        return ANY_BOOL
    (a_low, a_high), (b_low, b_high) = a, b

    def less(x_high: int | None, y_low: int | None, strict: bool) -> bool:
        if x_high is None or y_low is None:
            return False
        return x_high < y_low if strict else x_high <= y_low

    if op in ("Lt", "LtE"):
        strict = op == "Lt"
        if less(a_high, b_low, strict):
            return BoolValue(True)
        if less(b_high, a_low, not strict):
            return BoolValue(False)
    else:
        strict = op == "Gt"
        if less(b_high, a_low, strict):
            return BoolValue(True)
        if less(a_high, b_low, not strict):
            return BoolValue(False)
    return ANY_BOOL


def unary(op: str, operand: AbstractValue) -> Result:
    """``-x``, ``+x``, ``~x`` for builtin scalars."""
    function = UNARY[op]
    known, constant = constant_of(operand)
    if known:
        try:
            return Outcome(abstract_of(function(constant)))
        except TypeError as error:
            return Failure("TypeError", str(error), True)
    has, sample = sample_of(operand)
    if not has:
        return None
    try:
        result = function(sample)
    except TypeError as error:
        return Failure("TypeError", str(error), True)
    if isinstance(operand, IntValue) and op == "USub":
        return Outcome(
            IntValue(
                None if operand.high is None else -operand.high,
                None if operand.low is None else -operand.low,
            )
        )
    return Outcome(abstract_of_type(type(result)))
