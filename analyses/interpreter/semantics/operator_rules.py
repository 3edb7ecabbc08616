"""Operator expressions: binary, unary, in-place, comparison, identity and membership.

Operands of builtin types are delegated to ``operators`` (CPython's own semantics on sample
values); native values (arrays, tensors) to their models; user instances get CPython's
special-method dispatch (``__op__``, then the reflected ``__rop__``, the reflection first when the
right operand's class is a proper subclass of the left's), a missing method being a certain
``TypeError`` only when both operands' types are exactly known. An operand of unknown value makes
the result ⊤; an unknown special method lets both operands escape.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from ...domains.base import TOP, AbstractValue
from ...domains.bools import ANY_BOOL, BoolValue
from ...domains.classes import InstanceValue
from ...domains.containers import DictValue, SetValue
from ...domains.functions import (
    FunctionValue,
    NotImplementedValue,
)
from ...domains.modules import UnknownModuleValue
from ...domains.none import NONE
from ...domains.numbers import FloatValue, IntValue
from ...domains.references import OpaqueObject, Ref
from ...domains.sequences import ListValue, RangeValue, SequenceValue, TupleValue
from ...domains.strings import StrValue
from ..core.state import State, join_states
from ..natives import NativeValue, native_result
from . import operators, type_checks
from .mutations import extended, repeated
from .operators import Failure, Outcome, constant_of, hashable_constant
from .statements import StatementRules


class OperatorRules(StatementRules):
    """Evaluates operator expressions and applies operators to abstract values."""

    def expr_BinOp(self, node: ast.BinOp) -> AbstractValue:
        left = self.eval(node.left)
        right = self.eval(node.right)
        return self.binary_op(type(node.op).__name__, left, right, node)

    def expr_UnaryOp(self, node: ast.UnaryOp) -> AbstractValue:
        operand = self.eval(node.operand)
        op = type(node.op).__name__
        if op == "Not":
            truth = self.truth(operand, node)
            return ANY_BOOL if truth is None else BoolValue(not truth)
        return self.unary_op(op, operand, node)

    def expr_Compare(self, node: ast.Compare) -> AbstractValue:
        left = self.eval(node.left)
        result: AbstractValue | None = None
        pending: State | None = None
        for index, (op, right_node) in enumerate(zip(node.ops, node.comparators, strict=True)):
            right = self.eval(right_node)
            value = self.compare_op(type(op).__name__, left, right, node)
            if index == len(node.ops) - 1:
                result = value if result is None else result.join(value)
                break
            truth = self.truth(value, node)
            if truth is False:
                result = value if result is None else result.join(value)
                break
            if truth is None:
                result = value if result is None else result.join(value)
                pending = join_states(pending, self.live.copy())
            left = right
        if pending is not None:
            self.state = join_states(pending, self.state)
        assert result is not None
        return result

    def binary_op(
        self, op: str, left: AbstractValue, right: AbstractValue, node: ast.AST
    ) -> AbstractValue:
        """``left op right`` with CPython's dispatch (``__op__``, ``__rop__``, subclass first)."""
        if left is TOP or right is TOP:
            return TOP
        if isinstance(left, NativeValue) or isinstance(right, NativeValue):
            return self._native_binary(op, left, right, node)
        left_object, right_object = self.deref(left), self.deref(right)
        if isinstance(left_object, (InstanceValue, OpaqueObject)) or isinstance(
            right_object, (InstanceValue, OpaqueObject)
        ):
            return self._user_binary(op, left, right, left_object, right_object, node)
        result = operators.binary(op, left_object, right_object)
        return self._apply_result(result, node, lambda value: self.box_result(value, node))

    def box_result(self, value: AbstractValue, node: ast.AST) -> AbstractValue:
        """Heap-allocate mutable results (lists, dicts, sets) of an operation."""
        if isinstance(value, (ListValue, DictValue, SetValue)):
            return self.allocate(node, value)
        return value

    def _apply_result(
        self,
        result: Outcome | Failure | None,
        node: ast.AST,
        box: Callable[[AbstractValue], AbstractValue],
    ) -> AbstractValue:
        if result is None:
            return TOP
        if isinstance(result, Failure):
            if result.exception == "ZeroDivisionError" and _is_deliberate_raise(node):
                self.raise_here()
            self.fail(node, _code_of(result.exception), result.message)
        assert isinstance(result, Outcome)
        if result.possible is not None:
            self.report(
                node, _code_of(result.possible.exception), result.possible.message, certain=False
            )
            self.note_possible_raise()
        return box(result.value)

    def _native_binary(
        self, op: str, left: AbstractValue, right: AbstractValue, node: ast.AST
    ) -> AbstractValue:
        ctx = self.context(node)
        candidates: list[tuple[NativeValue, AbstractValue, bool]] = []
        if isinstance(right, NativeValue) and isinstance(left, NativeValue):
            if type(right) is not type(left) and isinstance(right, type(left)):
                candidates = [(right, left, True), (left, right, False)]
            else:
                candidates = [(left, right, False), (right, left, True)]
        elif isinstance(left, NativeValue):
            candidates = [(left, right, False)]
        else:
            assert isinstance(right, NativeValue)
            candidates = [(right, left, True)]
        for receiver, other, reflected in candidates:
            result = receiver.binary(op, other, reflected, ctx)
            if result is not NotImplemented:
                return result if isinstance(result, AbstractValue) else TOP
        return TOP

    def _user_binary(
        self,
        op: str,
        left: AbstractValue,
        right: AbstractValue,
        left_object: AbstractValue,
        right_object: AbstractValue,
        node: ast.AST,
    ) -> AbstractValue:
        name = operators.DUNDERS[op]
        forward = self._operand_dunder(left, left_object, f"__{name}__")
        backward = self._operand_dunder(right, right_object, f"__r{name}__")
        result = self._call_dunder_pair(
            forward, backward, left, right, left_object, right_object, node
        )
        if result is not None:
            return result
        if not all(_declines_user_operands(o) for o in (left_object, right_object)):
            return TOP
        symbol = operators.SYMBOLS[op]
        self.fail(
            node,
            "type-error",
            f"unsupported operand type(s) for {symbol}: '{self.type_name(left_object)}' and "
            f"'{self.type_name(right_object)}'",
        )
        return TOP

    def _operand_dunder(
        self, value: AbstractValue, obj: AbstractValue, name: str
    ) -> AbstractValue | None:
        """A binary special method of an operand: bound method, None (declines), ⊤ (unknown)."""
        if isinstance(obj, InstanceValue):
            return self.special_method(value, obj, name)
        if self._is_exact_type(obj):
            return None
        return TOP

    def _is_exact_type(self, obj: AbstractValue) -> bool:
        """True when every special method of ``obj``'s type is known (no unknown base class)."""
        if isinstance(obj, InstanceValue):
            return not self.has_unknown_base(obj.cls)
        return (
            isinstance(obj, (IntValue, FloatValue, BoolValue, StrValue, TupleValue, ListValue))
            or obj is NONE
        )

    def unary_op(self, op: str, operand: AbstractValue, node: ast.AST) -> AbstractValue:
        if isinstance(operand, NativeValue):
            return native_result(operand.unary(op, self.context(node)))
        target = self.deref(operand)
        if isinstance(target, (InstanceValue, OpaqueObject)):
            method = self.special_method(operand, target, f"__{operators.UNARY_DUNDERS[op]}__")
            if method is None or method is TOP:
                return TOP
            return self.call_value(method, [], {}, node)
        return self._apply_result(operators.unary(op, target), node, lambda value: value)

    def inplace_op(
        self, op: str, left: AbstractValue, right: AbstractValue, node: ast.AST
    ) -> AbstractValue:
        """``left op= right``: ``__iop__`` in place when it exists, else ``left op right``."""
        if isinstance(left, NativeValue):
            result = left.inplace(op, right, self.context(node))
            if result is not NotImplemented:
                return result if isinstance(result, AbstractValue) else TOP
            return self.binary_op(op, left, right, node)
        target = self.deref(left)
        if isinstance(left, Ref) and isinstance(target, ListValue):
            if op == "Add":
                items, element = self.iteration(right, node)
                self.update(left, lambda obj: extended(obj, items, element))
                return left
            if op == "Mult":
                self.update(left, lambda obj: repeated(obj, right))
                return left
        if (
            isinstance(left, Ref)
            and isinstance(target, (DictValue, SetValue))
            and op in ("BitOr", "BitAnd", "Sub", "BitXor")
        ):
            result = self.binary_op(op, left, right, node)
            new = self.deref(result)
            self.update(left, lambda obj: new)
            return left
        if isinstance(target, OpaqueObject) and target.pytype in (list, dict, set):
            self.escape([right])
            return left
        if isinstance(target, (InstanceValue, OpaqueObject)):
            method = self.special_method(left, target, f"__i{operators.DUNDERS[op]}__")
            if method is TOP:
                self.escape([left, right])
                return TOP
            if method is not None:
                result = self.call_value(method, [right], {}, node)
                if not isinstance(result, NotImplementedValue):
                    return result
        return self.binary_op(op, left, right, node)

    def compare_op(
        self, op: str, left: AbstractValue, right: AbstractValue, node: ast.AST
    ) -> AbstractValue:
        if op in ("Is", "IsNot"):
            same = self._identical(left, right)
            if same is None:
                same = type_checks.same_class(self, left, right)  # type: ignore[arg-type]
            if same is None:
                return ANY_BOOL
            return BoolValue(same if op == "Is" else not same)
        if op in ("Eq", "NotEq"):
            equal = type_checks.equal_classes(self, left, right)  # type: ignore[arg-type]
            if equal is not None:
                return BoolValue(equal if op == "Eq" else not equal)
        if op in ("In", "NotIn"):
            contained = self.membership(left, right, node)
            if isinstance(contained, BoolValue) and contained.value is not None and op == "NotIn":
                return BoolValue(not contained.value)
            return contained if op == "In" else (contained if contained is TOP else ANY_BOOL)
        if left is TOP or right is TOP:
            return TOP
        if isinstance(left, NativeValue) or isinstance(right, NativeValue):
            ctx = self.context(node)
            if isinstance(left, NativeValue):
                result = left.compare(op, right, False, ctx)
                if result is not NotImplemented:
                    return result if isinstance(result, AbstractValue) else TOP
            if isinstance(right, NativeValue):
                result = right.compare(operators.REFLECTED_COMPARE[op], left, True, ctx)
                if result is not NotImplemented:
                    return result if isinstance(result, AbstractValue) else TOP
            return TOP
        left_object, right_object = self.deref(left), self.deref(right)
        if isinstance(left_object, (InstanceValue, OpaqueObject)) or isinstance(
            right_object, (InstanceValue, OpaqueObject)
        ):
            return self._user_compare(op, left, right, left_object, right_object, node)
        if isinstance(left_object, TupleValue) and isinstance(right_object, TupleValue):
            return _compare_tuples(op, left_object, right_object)
        if isinstance(left_object, (SequenceValue, DictValue, SetValue)) or isinstance(
            right_object, (SequenceValue, DictValue, SetValue)
        ):
            return ANY_BOOL if op in ("Eq", "NotEq") else TOP
        return self._apply_result(
            operators.compare(op, left_object, right_object), node, lambda value: value
        )

    def _user_compare(
        self,
        op: str,
        left: AbstractValue,
        right: AbstractValue,
        left_object: AbstractValue,
        right_object: AbstractValue,
        node: ast.AST,
    ) -> AbstractValue:
        """Rich comparison with CPython's dispatch: the reflected method of a proper subclass
        first, then ``__op__``, then the reflection; ``!=`` falls back to negating ``__eq__``;
        ``==``/``!=`` fall back to identity; ordering fails with ``TypeError``."""
        reflected = operators.REFLECTED_COMPARE[op]
        forward = self._operand_dunder(left, left_object, f"__{operators.COMPARE_DUNDERS[op]}__")
        backward = self._operand_dunder(
            right, right_object, f"__{operators.COMPARE_DUNDERS[reflected]}__"
        )
        result = self._call_dunder_pair(
            forward, backward, left, right, left_object, right_object, node
        )
        if result is not None:
            return result
        if op == "NotEq":
            equal = self._user_compare("Eq", left, right, left_object, right_object, node)
            truth = self.truth(equal, node)
            return ANY_BOOL if truth is None else BoolValue(not truth)
        if op == "Eq":
            same = self._identical(left, right)
            return ANY_BOOL if same is None else BoolValue(same)
        symbol = {"Lt": "<", "LtE": "<=", "Gt": ">", "GtE": ">="}[op]
        self.fail(
            node,
            "type-error",
            f"'{symbol}' not supported between instances of '{self.type_name(left_object)}' and "
            f"'{self.type_name(right_object)}'",
        )
        return TOP

    def _call_dunder_pair(
        self,
        forward: AbstractValue | None,
        backward: AbstractValue | None,
        left: AbstractValue,
        right: AbstractValue,
        left_object: AbstractValue,
        right_object: AbstractValue,
        node: ast.AST,
    ) -> AbstractValue | None:
        """Call ``forward(right)``, then the reflected ``backward(left)``.

        The reflection goes first when the right operand's class is a proper subclass of the
        left's. Returns the first result that is not ``NotImplemented``, ⊤ (after letting both
        operands escape) when either method is unknown, and None when both are absent or decline.
        """
        if forward is TOP or backward is TOP:
            self.escape([left, right])
            return TOP
        order = [(forward, right), (backward, left)]
        if (
            backward is not None
            and isinstance(left_object, InstanceValue)
            and isinstance(right_object, InstanceValue)
            and self.is_proper_subclass(right_object.cls, left_object.cls)
        ):
            order.reverse()
        for method, argument in order:
            if method is None:
                continue
            result = self.call_value(method, [argument], {}, node)
            if not isinstance(result, NotImplementedValue):
                return result
        return None

    def _identical(self, left: AbstractValue, right: AbstractValue) -> bool | None:
        if left is NONE and right is NONE:
            return True
        if left is NONE or right is NONE:
            other = right if left is NONE else left
            if isinstance(
                other, (IntValue, FloatValue, BoolValue, StrValue, TupleValue, Ref, FunctionValue)
            ):
                return False
            if (
                isinstance(other, NativeValue)
                and not isinstance(other, UnknownModuleValue)
                and not other.may_be_none()
            ):
                return False
            return None
        if (
            isinstance(left, BoolValue)
            and isinstance(right, BoolValue)
            and None not in (left.value, right.value)
        ):
            return left.value is right.value
        if (
            isinstance(left, Ref)
            and isinstance(right, Ref)
            and not left.addresses & right.addresses
        ):
            return False
        return None

    def membership(
        self, item: AbstractValue, container: AbstractValue, node: ast.AST
    ) -> AbstractValue:
        if container is TOP:
            return TOP
        target = self.deref(container)
        if isinstance(target, (IntValue, FloatValue, BoolValue)) or target is NONE:
            self.fail(
                node, "type-error", f"argument of type '{self.type_name(target)}' is not iterable"
            )
        if isinstance(target, DictValue):
            known, key = hashable_constant(item)
            if known and target.exact and not _unhashable_risk(key):
                return BoolValue(
                    any(type(k) is type(key) and k == key for k in target.key_constants())
                )
            return ANY_BOOL
        if isinstance(target, StrValue):
            known_item, text = constant_of(item)
            if target.value is not None and known_item and isinstance(text, type(target.value)):
                return BoolValue(text in target.value)
            return ANY_BOOL
        if isinstance(target, SequenceValue) and target.items is not None:
            known_item, constant = constant_of(item)
            if not target.items:
                return BoolValue(False)
            if known_item and all(constant_of(i)[0] for i in target.items):
                return BoolValue(any(constant_of(i)[1] == constant for i in target.items))
            return ANY_BOOL
        if isinstance(target, (SequenceValue, SetValue, RangeValue)):
            return ANY_BOOL
        return TOP


def _declines_user_operands(obj: AbstractValue) -> bool:
    """True when a builtin operand certainly returns ``NotImplemented`` for a user object.

    Numbers and ``None`` do; strings (``"%s" % obj``), sequences (``[0] * obj`` through
    ``__index__``) and containers may accept one.
    """
    return isinstance(obj, (InstanceValue, IntValue, FloatValue, BoolValue)) or obj is NONE


def _is_deliberate_raise(node: ast.AST) -> bool:
    """True for a division of literals written to raise, such as ``1/0`` in a test.

    Such code raises on purpose, like a ``raise`` statement: the path ends there, but it is not
    reported (a computed zero divisor still is).
    """
    return isinstance(node, ast.BinOp) and all(
        isinstance(operand, ast.Constant)
        or (isinstance(operand, ast.UnaryOp) and isinstance(operand.operand, ast.Constant))
        for operand in (node.left, node.right)
    )


def _code_of(exception: str) -> str:
    return {
        "TypeError": "type-error",
        "ZeroDivisionError": "zero-division",
        "ValueError": "value-error",
        "OverflowError": "overflow-error",
        "IndexError": "index-error",
        "KeyError": "key-error",
    }.get(exception, "runtime-error")


def _unhashable_risk(key: object) -> bool:
    return isinstance(key, float) and key != key


def _compare_tuples(op: str, left: TupleValue, right: TupleValue) -> AbstractValue:
    if op in ("Eq", "NotEq"):
        if left.items is not None and right.items is not None:
            if len(left.items) != len(right.items):
                return BoolValue(op == "NotEq")
            pairs = [
                (constant_of(a), constant_of(b))
                for a, b in zip(left.items, right.items, strict=True)
            ]
            if all(a[0] and b[0] for a, b in pairs):
                equal = all(a[1] == b[1] for a, b in pairs)
                return BoolValue(equal if op == "Eq" else not equal)
        return ANY_BOOL
    return ANY_BOOL
