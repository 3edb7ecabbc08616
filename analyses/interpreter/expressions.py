"""Expression rules: names, literals, operators, comparisons, subscripts, comprehensions.

Operands are evaluated left to right, as CPython does. Conditionally evaluated parts (the right of
``and``/``or``, the arms of a conditional expression, later links of a comparison chain,
comprehension bodies that may run zero times) are evaluated in their own copy of the store and the
stores are joined afterwards; a certain failure inside such a part only ends that part.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from ..domains.base import TOP, AbstractValue, join_all
from ..domains.bools import ANY_BOOL, BoolValue
from ..domains.classes import ClassValue, InstanceValue
from ..domains.containers import DictValue, DictViewValue, SetValue
from ..domains.functions import (
    BuiltinFunctionValue,
    FunctionValue,
    GeneratorValue,
    NotImplementedValue,
)
from ..domains.modules import UnknownModuleValue
from ..domains.none import NONE
from ..domains.numbers import FloatValue, IntValue
from ..domains.references import OpaqueObject, Ref
from ..domains.sequences import ListValue, RangeValue, SequenceValue, TupleValue
from ..domains.slices import ELLIPSIS, SliceValue
from ..domains.strings import StrValue
from . import operators
from .machine import MAX_UNROLLED_WORK, Raised
from .natives import NativeValue, native_result
from .operators import Failure, Outcome, abstract_of, constant_of
from .sizes import MAX_CONSTANT_SIZE
from .state import State, join_states
from .statements import StatementRules

MAX_COMPREHENSION_ITEMS = 64
MAX_REFINEMENT_SPLITS = 2
"""How deep ``refine`` nests case splits of ``and``/``or`` (each split refines every operand)."""
ISINSTANCE = BuiltinFunctionValue("isinstance")
_MIRRORED: dict[type[ast.cmpop], ast.cmpop] = {
    ast.Eq: ast.Eq(),
    ast.NotEq: ast.NotEq(),
    ast.Lt: ast.Gt(),
    ast.LtE: ast.GtE(),
    ast.Gt: ast.Lt(),
    ast.GtE: ast.LtE(),
    ast.Is: ast.Is(),
    ast.IsNot: ast.IsNot(),
}
"""The operator of a comparison with its operands swapped (``a < b`` is ``b > a``)."""


class ExpressionRules(StatementRules):
    """Evaluates expressions to abstract values, recording each node's value."""

    def eval(self, node: ast.expr) -> AbstractValue:
        self.budget.check()
        handler = _EXPRESSION_HANDLERS.get(type(node))
        if handler is None:
            handler = getattr(type(self), "expr_" + type(node).__name__, _unknown_expression)
            _EXPRESSION_HANDLERS[type(node)] = handler
        value = handler(self, node)
        self.record(node, value)
        return value

    # ------------------------------------------------------------------------- leaves

    def expr_Constant(self, node: ast.Constant) -> AbstractValue:
        if node.value is Ellipsis:
            return ELLIPSIS
        return abstract_of(node.value)

    def expr_Name(self, node: ast.Name) -> AbstractValue:
        return self.read_name(node.id, node)

    def expr_NamedExpr(self, node: ast.NamedExpr) -> AbstractValue:
        value = self.eval(node.value)
        self.write_name(node.target.id, value)
        self.record(node.target, value)
        return value

    def expr_JoinedStr(self, node: ast.JoinedStr) -> AbstractValue:
        parts: list[str] | None = []
        nonempty = False
        for part in node.values:
            value = self.eval(part)
            known, constant = constant_of(value)
            nonempty = nonempty or (known and isinstance(constant, str) and constant != "")
            if parts is not None and known and isinstance(constant, str):
                parts.append(constant)
            else:
                parts = None
        if parts is None or sum(map(len, parts)) > MAX_CONSTANT_SIZE:
            return StrValue(None, str, nonempty)
        return StrValue("".join(parts))

    def expr_FormattedValue(self, node: ast.FormattedValue) -> AbstractValue:
        value = self.eval(node.value)
        if node.format_spec is not None:
            self.eval(node.format_spec)
            return StrValue(None)
        known, constant = constant_of(value)
        if (
            known
            and node.conversion == -1
            and type(constant) in (int, str, bool)
            and constant is not None
        ):
            text = str(constant)
            if len(text) <= 200:
                return StrValue(text)
        return StrValue(None)

    def expr_Lambda(self, node: ast.Lambda) -> AbstractValue:
        return self.make_function(node)

    def expr_Await(self, node: ast.Await) -> AbstractValue:
        self.eval(node.value)
        return TOP

    def expr_Yield(self, node: ast.Yield) -> AbstractValue:
        if node.value is not None:
            self.escape([self.eval(node.value)])
        return TOP

    def expr_YieldFrom(self, node: ast.YieldFrom) -> AbstractValue:
        self.escape([self.eval(node.value)])
        return TOP

    def expr_Starred(self, node: ast.Starred) -> AbstractValue:
        return self.eval(node.value)

    # ------------------------------------------------------------------------ displays

    def _items(
        self, elements: list[ast.expr]
    ) -> tuple[list[AbstractValue] | None, AbstractValue | None]:
        """Evaluate display elements (with ``*unpacking``): exact items, or a summary element."""
        items: list[AbstractValue] | None = []
        summary: AbstractValue | None = None
        for element in elements:
            if isinstance(element, ast.Starred):
                value = self.eval(element.value)
                known, element_value = self.iteration(value, element)
                if known is not None and items is not None:
                    items.extend(known)
                    continue
                if items is not None:
                    for item in items:
                        summary = item if summary is None else summary.join(item)
                    items = None
                summary = element_value if summary is None else summary.join(element_value)
                continue
            value = self.eval(element)
            if items is not None:
                items.append(value)
            else:
                summary = value if summary is None else summary.join(value)
        return items, summary

    def expr_Tuple(self, node: ast.Tuple) -> AbstractValue:
        items, summary = self._items(node.elts)
        if items is not None:
            return TupleValue.of(items)
        return TupleValue.summary(summary if summary is not None else TOP)

    def expr_List(self, node: ast.List) -> AbstractValue:
        items, summary = self._items(node.elts)
        if items is not None:
            return self.allocate(node, ListValue.of(items))
        return self.allocate(node, ListValue.summary(summary if summary is not None else TOP))

    def expr_Set(self, node: ast.Set) -> AbstractValue:
        items, summary = self._items(node.elts)
        if items is not None:
            element: AbstractValue = TOP
            if items:
                element = items[0]
                for item in items[1:]:
                    element = element.join(item)
            length = IntValue(min(len(items), 1), len(items))
            return self.allocate(node, SetValue(element, length))
        return self.allocate(
            node, SetValue(summary if summary is not None else TOP, IntValue(0, None))
        )

    def expr_Dict(self, node: ast.Dict) -> AbstractValue:
        result = DictValue()
        for key_node, value_node in zip(node.keys, node.values, strict=True):
            if key_node is None:
                other = self.deref(self.eval(value_node))
                if isinstance(other, DictValue):
                    for key, value in other.entries:
                        result = result.with_entry(key, value)
                    if not other.exact:
                        result = _merge_summary(result, other)
                else:
                    result = DictValue((), False)
                continue
            key = self.eval(key_node)
            value = self.eval(value_node)
            known, constant = _hashable_constant(key)
            if known:
                result = result.with_entry(constant, value)
            else:
                summary = result.summarised()
                result = DictValue(
                    (),
                    False,
                    summary.other_key.join(key) if summary.entries or not summary.exact else key,
                    summary.other_value.join(value),
                )
        return self.allocate(node, result)

    # ------------------------------------------------------------------------- operators

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

    def expr_BoolOp(self, node: ast.BoolOp) -> AbstractValue:
        is_and = isinstance(node.op, ast.And)
        result: AbstractValue | None = None
        pending: State | None = None
        guards = 0
        try:
            for index, operand_node in enumerate(node.values):
                try:
                    value = self.eval(operand_node)
                except Raised:
                    if pending is None or result is None:
                        raise
                    self.state, pending = pending, None
                    break
                if index == len(node.values) - 1:
                    result = value if result is None else result.join(value)
                    break
                truth = self.truth(value, operand_node)
                if truth is (not is_and):
                    result = value if result is None else result.join(value)
                    break
                if truth is None:
                    deciding = _with_truth(value, not is_and)
                    result = deciding if result is None else result.join(deciding)
                    pending = join_states(pending, self.live.copy())
                    self.state = self.refine(operand_node, is_and)
                    if self.state is None:
                        self.state, pending = pending, None
                        break
                    guards += 1
                    self.unknown_guards += 1
        finally:
            self.unknown_guards -= guards
        if pending is not None:
            self.state = join_states(pending, self.state)
        assert result is not None
        return result

    def eval_conditionally(self, node: ast.expr) -> tuple[AbstractValue | None, State | None]:
        """Evaluate ``node`` in the current store; (value, store after), both None if it fails."""
        try:
            value = self.eval(node)
        except Raised:
            return None, None
        return value, self.state

    def expr_IfExp(self, node: ast.IfExp) -> AbstractValue:
        truth, true_state, false_state = self.branch(node.test)
        results: list[AbstractValue] = []
        states: State | None = None
        self.unknown_guards += truth is None
        try:
            for state, arm in ((true_state, node.body), (false_state, node.orelse)):
                if state is None:
                    continue
                self.state = state
                if truth is None:
                    value, after = self.eval_conditionally(arm)
                else:
                    value, after = self.eval(arm), self.state
                if value is not None:
                    results.append(value)
                    states = join_states(states, after)
        finally:
            self.unknown_guards -= truth is None
        if not results:
            self.state = None
            raise Raised
        self.state = states
        result = results[0]
        for value in results[1:]:
            result = result.join(value)
        return result

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
        return self._apply_result(result, node, lambda value: self._box(value, node))

    def _box(self, value: AbstractValue, node: ast.AST) -> AbstractValue:
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
                self.update(left, lambda obj: _extended(obj, items, element))
                return left
            if op == "Mult":
                self.update(left, lambda obj: _repeated(obj, right))
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
                return ANY_BOOL
            return BoolValue(same if op == "Is" else not same)
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
            if isinstance(other, NativeValue) and not isinstance(other, UnknownModuleValue):
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
            known, key = _hashable_constant(item)
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

    # ---------------------------------------------------------------- truth and branching

    def truth(self, value: AbstractValue, node: ast.AST) -> bool | None:
        """``bool(value)`` when certain, None otherwise (user ``__bool__``/``__len__`` are called)."""
        if isinstance(value, BoolValue):
            return value.value
        if isinstance(value, IntValue):
            if value.constant is not None:
                return value.constant != 0
            return True if not value.may_be_zero() else None
        if isinstance(value, FloatValue):
            return None if value.value is None else value.value != 0.0
        if isinstance(value, StrValue):
            return True if value.truthy() else (None if value.value is None else False)
        if value is NONE:
            return False
        if isinstance(value, (TupleValue, ListValue)):
            length = value.length
            if length.constant is not None:
                return length.constant > 0
            return True if length.low is not None and length.low > 0 else None
        if isinstance(value, NativeValue):
            return value.truth(self.context(node))
        if isinstance(value, (FunctionValue, UnknownModuleValue)):
            return True
        if isinstance(value, Ref):
            target = self.deref(value)
            if isinstance(target, (ListValue, DictValue, SetValue)):
                length = target.length() if isinstance(target, DictValue) else target.length
                if length.constant is not None:
                    return length.constant > 0
                return True if length.low is not None and length.low > 0 else None
            if isinstance(target, InstanceValue):
                for name in ("__bool__", "__len__"):
                    method = self.special_method(value, target, name)
                    if method is TOP:
                        return None
                    if method is not None:
                        try:
                            result = self.call_value(method, [], {}, node)
                        except Raised:
                            return None
                        return self.truth(result, node) if name == "__bool__" else _positive(result)
                return True if not self.has_unknown_base(target.cls) else None
            if isinstance(target, ClassValue):
                return True
        return None

    def branch(self, test: ast.expr) -> tuple[bool | None, State | None, State | None]:
        """Evaluate a condition: (truth, store where it holds, store where it does not)."""
        value = self.eval(test)
        truth = self.truth(value, test)
        if truth is True:
            return True, self.state, None
        if truth is False:
            return False, None, self.state
        base = self.live
        self.state = base.copy()
        true_state = self.refine(test, True)
        self.state = base.copy()
        false_state = self.refine(test, False)
        return None, true_state, false_state

    def refine(
        self, test: ast.expr, outcome: bool, splits: int = MAX_REFINEMENT_SPLITS
    ) -> State | None:
        """The current store narrowed by knowing that ``test`` evaluated to ``outcome``.

        Only cheap, certainly-sound facts are used: the truth of a name holding a bool, number,
        string or tuple, ``x is None``, ``isinstance(x, <builtin>)``, integer and bool comparisons
        of a name with a side-effect-free operand (``_pure_value``) on either side, ``not`` and
        ``and``/``or`` (``A and B`` false is ``A`` false, or ``A`` true and ``B`` false; such
        case splits nest at most ``splits`` deep, which bounds the work). An ``and``/``or`` with
        an assignment expression inside tells nothing: names are read again after the whole
        test, and ``x is None and (x := 5)`` rebinds ``x`` after the comparison. None means the
        outcome is impossible.
        """
        state = self.state
        if state is None:
            return None
        try:
            if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                return self.refine(test.operand, not outcome, splits)
            if isinstance(test, ast.BoolOp):
                if any(isinstance(part, ast.NamedExpr) for part in ast.walk(test)):
                    return self.state
                if isinstance(test.op, ast.And) == outcome:
                    for operand in test.values:
                        self.state = self.refine(operand, outcome, splits)
                        if self.state is None:
                            return None
                    return self.state
                if splits == 0:
                    return self.state
                return self._refine_deciding_operand(test.values, outcome, splits - 1)
            if isinstance(test, (ast.Name, ast.Constant)):
                self._refine_truth(test, outcome)
            elif isinstance(test, ast.Compare) and len(test.ops) == 1:
                left, op, right = test.left, test.ops[0], test.comparators[0]
                if isinstance(left, ast.Name):
                    self._refine_compare(left, op, right, outcome)
                mirrored = _MIRRORED.get(type(op))
                if isinstance(right, ast.Name) and mirrored is not None and self.state is not None:
                    self._refine_compare(right, mirrored, left, outcome)
            elif (
                isinstance(test, ast.Call)
                and isinstance(test.func, ast.Name)
                and test.func.id == "isinstance"
            ):
                self._refine_isinstance(test, outcome)
        except Raised:
            self.state = state
        return self.state

    def _refine_deciding_operand(
        self, operands: list[ast.expr], outcome: bool, splits: int
    ) -> State | None:
        """The store after ``A and B ...`` was false (``outcome`` False) or ``A or B ...`` true.

        The first operand with truth ``outcome`` decides: the join, over each operand, of the
        store where every operand before it had the other truth and it has ``outcome``.
        """
        before: State | None = self.live
        result: State | None = None
        for index, operand in enumerate(operands):
            assert before is not None
            self.state = before.copy()
            result = join_states(result, self.refine(operand, outcome, splits))
            if index == len(operands) - 1:
                break
            self.state = before.copy()
            before = self.refine(operand, not outcome, splits)
            if before is None:
                break
        self.state = result
        return result

    def _refine_truth(self, test: ast.Name | ast.Constant, outcome: bool) -> None:
        """Narrow the store knowing ``bool(test)`` is ``outcome``, for values whose truth needs no
        call: a name holding a bool or string of unknown truth is narrowed (``_with_truth``); a
        value of the other truth makes the store unreachable."""
        current = self._pure_value(test)
        if not (
            isinstance(current, (BoolValue, IntValue, FloatValue, StrValue, TupleValue))
            or current is NONE
        ):
            return
        truth = self.truth(current, test)
        if truth is not None and truth is not outcome:
            self.state = None
        elif truth is None and isinstance(test, ast.Name):
            self.write_name(test.id, _with_truth(current, outcome))

    def _pure_value(self, node: ast.expr) -> AbstractValue | None:
        """The value of ``node`` evaluated again in the current store, when evaluating it has no
        effect: constants, names, tuples of these and the builtin ``isinstance`` of these. None
        for anything else (never evaluated)."""
        if isinstance(node, ast.Constant):
            return abstract_of(node.value)
        if isinstance(node, ast.Name):
            return self.read_name_quietly(node.id, node)
        if isinstance(node, ast.Tuple):
            items = [self._pure_value(item) for item in node.elts]
            if any(item is None for item in items):
                return None
            return TupleValue.of(items)  # type: ignore[arg-type]
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and len(node.args) == 2
            and not node.keywords
            and self.read_name_quietly(node.func.id, node.func) == ISINSTANCE
        ):
            arguments = [self._pure_value(argument) for argument in node.args]
            if any(argument is None for argument in arguments):
                return None
            return self.call_value(ISINSTANCE, arguments, {}, node)  # type: ignore[arg-type]
        return None

    def _refine_compare(
        self, name: ast.Name, op: ast.cmpop, other: ast.expr, outcome: bool
    ) -> None:
        saved = self.reporter.swallowing
        self.reporter.swallowing += 1
        try:
            current = self.read_name(name.id, name)
            bound = self._pure_value(other)
        finally:
            self.reporter.swallowing = saved
        if bound is None:
            return
        if isinstance(op, (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)) and isinstance(
            current, BoolValue
        ):
            self._refine_bool(name, current, isinstance(op, (ast.Eq, ast.Is)) == outcome, bound)
            return
        if isinstance(op, (ast.Is, ast.IsNot)) and bound is NONE:
            is_none = isinstance(op, ast.Is) == outcome
            if is_none and current is TOP:
                self.write_name(name.id, NONE)
            elif is_none and not (
                current is NONE or current is TOP or isinstance(current, NativeValue)
            ):
                self.state = None
            return
        if not isinstance(current, IntValue) or not isinstance(bound, IntValue):
            return
        kind = type(op).__name__
        if not outcome:
            kind = {
                "Lt": "GtE",
                "LtE": "Gt",
                "Gt": "LtE",
                "GtE": "Lt",
                "Eq": "NotEq",
                "NotEq": "Eq",
            }.get(kind, "")
        low, high = current.low, current.high
        if kind == "Lt" and bound.high is not None:
            high = bound.high - 1 if high is None else min(high, bound.high - 1)
        elif kind == "LtE" and bound.high is not None:
            high = bound.high if high is None else min(high, bound.high)
        elif kind == "Gt" and bound.low is not None:
            low = bound.low + 1 if low is None else max(low, bound.low + 1)
        elif kind == "GtE" and bound.low is not None:
            low = bound.low if low is None else max(low, bound.low)
        elif kind == "Eq":
            low = (
                bound.low
                if low is None
                else (max(low, bound.low) if bound.low is not None else low)
            )
            high = (
                bound.high
                if high is None
                else (min(high, bound.high) if bound.high is not None else high)
            )
        else:
            return
        if low is not None and high is not None and low > high:
            self.state = None
            return
        self.write_name(name.id, IntValue(low, high))

    def _refine_bool(
        self, name: ast.Name, current: BoolValue, equal: bool, bound: AbstractValue
    ) -> None:
        """Narrow the bool ``name`` knowing it equals (``equal``) or differs from ``bound``: only
        a known bool ``bound`` tells anything (bools compare by value, with no user dunder)."""
        if not isinstance(bound, BoolValue) or bound.value is None:
            return
        wanted = bound.value if equal else not bound.value
        if current.value is None:
            self.write_name(name.id, BoolValue(wanted))
        elif current.value is not wanted:
            self.state = None

    def _refine_isinstance(self, test: ast.Call, outcome: bool) -> None:
        if not outcome or len(test.args) != 2 or not isinstance(test.args[0], ast.Name):
            return
        name = test.args[0]
        kinds = test.args[1]
        if not isinstance(kinds, ast.Name) or kinds.id not in ("int", "float", "str", "bool"):
            return
        if self.global_value(kinds.id) is not None:
            return
        saved = self.reporter.swallowing
        self.reporter.swallowing += 1
        try:
            current = self.read_name(name.id, name)
        finally:
            self.reporter.swallowing = saved
        if current is TOP:
            self.write_name(
                name.id,
                operators.abstract_of_type(
                    {"int": int, "float": float, "str": str, "bool": bool}[kinds.id]
                ),
            )

    # ----------------------------------------------------------------------- iteration

    def iteration(
        self,
        value: AbstractValue,
        node: ast.AST,
        consume: bool = True,
        repeat_alike: bool = True,
    ) -> tuple[list[AbstractValue] | None, AbstractValue]:
        """What iterating ``value`` produces: the exact items when known, and a summary element.

        A native value with known items (a ``TensorShape``) produces them. One of known small
        length whose items are alike (the rows of an array with a known first dimension) produces
        that many copies of its element summary when ``repeat_alike`` (comprehensions use them;
        a ``for`` loop passes False and iterates to a fixpoint instead of repeating one item).

        Iterating an iterator consumes it: with ``consume`` it is exhausted afterwards, without
        (a lazy consumer such as ``zip``, or a loop that may stop early) its position is unknown.
        """
        target = self.deref(value)
        if isinstance(target, DictViewValue):
            view = target
            target = self.deref(view.mapping)
            if isinstance(target, DictValue) and target.exact:
                keys = [abstract_of(k) for k in target.key_constants()]
                values = [v for _, v in target.entries]
                produced: list[AbstractValue] = {
                    "keys": keys,
                    "values": values,
                    "items": [TupleValue.of((k, v)) for k, v in zip(keys, values, strict=True)],
                }[view.kind]
                return produced, join_all(produced) if produced else TOP
            return None, TOP
        if isinstance(target, GeneratorValue) and isinstance(value, Ref):
            after = (
                (lambda o: GeneratorValue(o.summary(), ()))
                if consume
                else (lambda o: GeneratorValue(o.summary(), None))
            )
            self.update(value, lambda o: after(o) if isinstance(o, GeneratorValue) else o)
        if isinstance(target, SequenceValue):
            if target.items is not None:
                return list(target.items), join_all(target.items)
            return None, target.element
        if isinstance(target, RangeValue):
            constant = target.constant_items()
            if constant is not None and len(constant) <= MAX_UNROLLED_WORK:
                return [IntValue.constant_of(i) for i in constant], target.element()
            return None, target.element()
        if isinstance(target, StrValue):
            if isinstance(target.value, str) and len(target.value) <= MAX_UNROLLED_WORK:
                return [StrValue(c) for c in target.value], StrValue(None)
            return None, IntValue() if target.kind is bytes else StrValue(None)
        if isinstance(target, DictValue):
            if target.exact:
                keys = [abstract_of(k) for k in target.key_constants()]
                return keys, join_all(keys) if keys else TOP
            return None, TOP
        if isinstance(target, SetValue):
            if target.length.constant == 0:
                return [], TOP
            return None, target.element
        if isinstance(target, GeneratorValue):
            if target.items is not None:
                return list(target.items), target.summary()
            return None, target.element
        if isinstance(target, NativeValue):
            context = self.context(node)
            element = native_result(target.iterate(context))
            known = target.items(context)
            if known is not None:
                return list(known), element
            count = native_result(target.length(context))
            if (
                repeat_alike
                and isinstance(count, IntValue)
                and count.constant is not None
                and count.constant <= MAX_COMPREHENSION_ITEMS
            ):
                return [element] * count.constant, element
            return None, element
        if isinstance(target, (IntValue, FloatValue, BoolValue)) or target is NONE:
            self.fail(node, "type-error", f"'{self.type_name(target)}' object is not iterable")
        if isinstance(target, InstanceValue):
            method = self.special_method(value, target, "__iter__")
            if method is not None and method is not TOP:
                self.call_value(method, [], {}, node)
        return None, TOP

    # ----------------------------------------------------------------------- subscripts

    def expr_Slice(self, node: ast.Slice) -> AbstractValue:
        parts = [
            self.eval(p) if p is not None else NONE for p in (node.lower, node.upper, node.step)
        ]
        return SliceValue(*parts)

    def expr_Subscript(self, node: ast.Subscript) -> AbstractValue:
        obj = self.eval(node.value)
        index = self.eval(node.slice)
        return self.get_item(obj, index, node)

    def get_item(self, obj: AbstractValue, index: AbstractValue, node: ast.AST) -> AbstractValue:
        if obj is TOP:
            return TOP
        if isinstance(obj, NativeValue):
            return native_result(obj.subscript(index, self.context(node)))
        target = self.deref(obj)
        if isinstance(target, SequenceValue):
            return self._sequence_item(obj, target, index, node)
        if isinstance(target, DictValue):
            known, key = _hashable_constant(index)
            if known:
                found = target.get(key)
                if found is not None:
                    return found
                if target.exact:
                    self.fail(node, "key-error", f"KeyError: {key!r}")
                return target.other_value
            values = [v for _, v in target.entries]
            if not target.exact:
                values.append(target.other_value)
            return join_all(values) if values else TOP
        if isinstance(target, StrValue):
            known_index, position = constant_of(index)
            if target.value is not None and known_index and type(position) is int:
                if -len(target.value) <= position < len(target.value):
                    return abstract_of(target.value[position])
                self.fail(
                    node,
                    "index-error",
                    f"{target.kind.__name__} index out of range".replace("str ", "string "),
                )
            if target.kind is bytes and not isinstance(index, SliceValue):
                return IntValue(0, 255)
            return StrValue(None, target.kind)
        if isinstance(target, InstanceValue):
            method = self.special_method(obj, target, "__getitem__")
            if method is not None and method is not TOP:
                return self.call_value(method, [index], {}, node)
            return TOP
        if isinstance(target, (IntValue, FloatValue, BoolValue)) or target is NONE:
            self.fail(node, "type-error", f"'{self.type_name(target)}' object is not subscriptable")
        return TOP

    def _sequence_item(
        self, obj: AbstractValue, target: SequenceValue, index: AbstractValue, node: ast.AST
    ) -> AbstractValue:
        kind = type(target)
        name = "tuple" if isinstance(target, TupleValue) else "list"
        if isinstance(index, SliceValue):
            bounds = [constant_of(p) for p in (index.lower, index.upper, index.step)]
            if (
                target.items is not None
                and all(k for k, _ in bounds)
                and all(c is None or type(c) is int for _, c in bounds)
            ):
                if bounds[2][1] == 0:
                    self.fail(node, "value-error", "slice step cannot be zero")
                items = target.items[slice(*(c for _, c in bounds))]
                return self._box(kind.of(items), node)
            element = target.element_summary()
            return self._box(
                kind.summary(
                    element if element is not None else TOP, IntValue(0, target.length.high)
                ),
                node,
            )
        known, position = constant_of(index)
        if known and type(position) in (int, bool):
            position = int(position)  # type: ignore[arg-type]
            if target.items is not None:
                if -len(target.items) <= position < len(target.items):
                    return target.items[position]
                self.fail(node, "index-error", f"{name} index out of range")
            length = target.length
            if length.high is not None and (position >= length.high or position < -length.high):
                self.fail(node, "index-error", f"{name} index out of range")
            return target.element
        if isinstance(index, (IntValue, BoolValue)):
            element = target.element_summary()
            return element if element is not None else TOP
        if isinstance(index, (FloatValue, StrValue)) or index is NONE:
            self.fail(
                node,
                "type-error",
                f"{name} indices must be integers or slices, not {self.type_name(index)}",
            )
        element = target.element_summary()
        return element if element is not None else TOP

    def set_item(
        self, obj: AbstractValue, index: AbstractValue, value: AbstractValue, node: ast.AST
    ) -> None:
        if obj is TOP:
            self.escape([value])
            return
        if isinstance(obj, NativeValue):
            obj.store_subscript(index, value, self.context(node))
            return
        target = self.deref(obj)
        if isinstance(target, ListValue) and isinstance(obj, Ref):
            known, position = constant_of(index)
            if known and type(position) in (int, bool) and target.items is not None:
                position = int(position)  # type: ignore[arg-type]
                if not -len(target.items) <= position < len(target.items):
                    self.fail(node, "index-error", "list assignment index out of range")
                self.update(obj, lambda o: _set_list_item(o, position, value))
                return
            if isinstance(index, SliceValue):
                _, element = self.iteration(value, node)
                self.update(
                    obj, lambda o: ListValue.summary(_join_optional(o.element_summary(), element))
                )
                return
            self.update(obj, lambda o: _weak_list_item(o, value))
            return
        if isinstance(target, DictValue) and isinstance(obj, Ref):
            known, key = _hashable_constant(index)
            if known:
                self.update(obj, lambda o: o.with_entry(key, value))
            else:
                self.update(obj, lambda o: _dict_summary_with(o, index, value))
            return
        if isinstance(target, InstanceValue):
            method = self.special_method(obj, target, "__setitem__")
            if method is not None and method is not TOP:
                self.call_value(method, [index, value], {}, node)
                return
            self.escape([obj, value])
            return
        if (
            isinstance(target, (TupleValue, StrValue, IntValue, FloatValue, BoolValue))
            or target is NONE
        ):
            self.fail(
                node,
                "type-error",
                f"'{self.type_name(target)}' object does not support item assignment",
            )
        self.escape([value])

    def delete_item(self, obj: AbstractValue, index: AbstractValue, node: ast.AST) -> None:
        target = self.deref(obj)
        if isinstance(obj, Ref) and isinstance(target, DictValue):
            known, key = _hashable_constant(index)
            if known and target.exact and target.get(key) is None:
                self.fail(node, "key-error", f"KeyError: {key!r}")
            if known and target.get(key) is not None:
                self.update(
                    obj,
                    lambda o: DictValue(
                        tuple(
                            (k, v) for k, v in o.entries if not (type(k) is type(key) and k == key)
                        ),
                        o.exact,
                        o.other_key,
                        o.other_value,
                    ),
                )
                return
            self.update(
                obj,
                lambda o: DictValue(
                    (), False, o.summarised().other_key, o.summarised().other_value
                ),
            )
            return
        if isinstance(obj, Ref) and isinstance(target, ListValue):
            self.update(
                obj,
                lambda o: ListValue.summary(o.element_summary() or TOP, IntValue(0, o.length.high)),
            )
            return
        if isinstance(target, InstanceValue):
            method = self.special_method(obj, target, "__delitem__")
            if method is not None and method is not TOP:
                self.call_value(method, [index], {}, node)
                return
        self.escape([obj])

    # --------------------------------------------------------------------- comprehensions

    def expr_ListComp(self, node: ast.ListComp) -> AbstractValue:
        items, summary = self.comprehension(node, lambda: [self.eval(node.elt)])
        if items is not None:
            return self.allocate(node, ListValue.of([i[0] for i in items]))
        return self.allocate(node, ListValue.summary(summary[0] if summary else TOP))

    def expr_SetComp(self, node: ast.SetComp) -> AbstractValue:
        items, summary = self.comprehension(node, lambda: [self.eval(node.elt)])
        if items is not None:
            element = join_all([i[0] for i in items]) if items else TOP
            return self.allocate(node, SetValue(element, IntValue(min(len(items), 1), len(items))))
        return self.allocate(node, SetValue(summary[0] if summary else TOP, IntValue(0, None)))

    def expr_DictComp(self, node: ast.DictComp) -> AbstractValue:
        items, summary = self.comprehension(
            node, lambda: [self.eval(node.key), self.eval(node.value)]
        )
        if items is not None:
            result = DictValue()
            for key, value in items:
                known, constant = _hashable_constant(key)
                if not known:
                    result = DictValue((), False, TOP, join_all([v for _, v in items]))
                    break
                result = result.with_entry(constant, value)
            return self.allocate(node, result)
        return self.allocate(
            node,
            DictValue((), False, summary[0] if summary else TOP, summary[1] if summary else TOP),
        )

    def expr_GeneratorExp(self, node: ast.GeneratorExp) -> AbstractValue:
        """A generator expression consumed at once (a call argument) is run now; any other one
        runs later, when the values it reads may have changed: its body is ⊤ and what it reads
        escapes."""
        if not self.consuming_generator:
            return self.lazy_generator(node)
        self.consuming_generator = False
        items, summary = self.comprehension(node, lambda: [self.eval(node.elt)])
        if items is not None:
            produced = tuple(i[0] for i in items)
            return self.allocate(
                node, GeneratorValue(join_all(produced) if produced else TOP, produced)
            )
        return self.allocate(node, GeneratorValue(summary[0] if summary else TOP))

    def lazy_generator(self, node: ast.GeneratorExp) -> AbstractValue:
        self.eval(node.generators[0].iter)
        first_iterable = node.generators[0].iter
        saved_scope = self.scope
        self.scope = self.scopes.scope_of(node)
        read: list[AbstractValue] = []
        try:
            for child in ast.walk(node):
                if child is node or child is first_iterable:
                    continue
                if isinstance(child, ast.expr) and not isinstance(child, ast.Slice):
                    self.record(child, TOP)
                if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load):
                    read.append(self.read_name_quietly(child.id, child))
        finally:
            self.scope = saved_scope
        self.escape(read)
        return self.allocate(node, GeneratorValue(TOP))

    def comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp,
        produce: Callable[[], list[AbstractValue]],
    ) -> tuple[list[list[AbstractValue]] | None, list[AbstractValue] | None]:
        """Run a comprehension in its own scope.

        Returns the exact rows (one list of values per produced item) when the iteration is exact
        and small, otherwise None and the join of all rows (None when no row can be produced).
        """
        first = self.eval(node.generators[0].iter)
        saved_scope = self.scope
        self.scope = self.scopes.scope_of(node)
        rows: list[list[AbstractValue]] = []
        exact = True

        def run(level: int, iterable: AbstractValue, certain: bool) -> None:
            nonlocal exact
            generator = node.generators[level]
            items, element = self.iteration(iterable, generator.iter)
            if items is None or len(items) > MAX_COMPREHENSION_ITEMS:
                exact = False
                certain = False
                candidates = [element] if items is None or items else []
            else:
                candidates = items
            for item in candidates:
                if self.state is None:
                    return
                entry = self.live.copy()
                path_certain = certain
                guards = 0
                try:
                    self.assign(generator.target, item, generator.iter)
                    passed = True
                    for condition in generator.ifs:
                        truth, true_state, _ = self.branch(condition)
                        if truth is False:
                            passed = False
                            break
                        if truth is None:
                            exact = False
                            path_certain = False
                            guards += 1
                            self.unknown_guards += 1
                        self.state = true_state
                    if passed:
                        if level + 1 < len(node.generators):
                            run(level + 1, self.eval(node.generators[level + 1].iter), path_certain)
                        else:
                            rows.append(produce())
                except Raised:
                    if path_certain:
                        raise
                    self.state = entry
                    continue
                finally:
                    self.unknown_guards -= guards
                if not path_certain:
                    self.state = join_states(entry, self.state)

        try:
            run(0, first, True)
        finally:
            self.scope = saved_scope
            if self.state is not None:
                for name in self.scopes.scope_of(node).locals():
                    self.live.delete((id(node), name), local=True)
        if exact:
            return rows, None
        summary: list[AbstractValue] | None = None
        for row in rows:
            summary = (
                row if summary is None else [a.join(b) for a, b in zip(summary, row, strict=True)]
            )
        return None, summary


_EXPRESSION_HANDLERS: dict[type, Callable[[ExpressionRules, ast.expr], AbstractValue]] = {}
"""Per expression type, the rule that evaluates it (filled on first use)."""


def _with_truth(value: AbstractValue, truth: bool) -> AbstractValue:
    """``value`` narrowed to what has truth ``truth`` (bools and strings; others unchanged)."""
    if isinstance(value, BoolValue) and value.value is None:
        return BoolValue(truth)
    if isinstance(value, StrValue) and value.value is None:
        return StrValue(None, value.kind, True) if truth else StrValue(value.kind(), value.kind)
    return value


def _unknown_expression(machine: ExpressionRules, node: ast.expr) -> AbstractValue:
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


def _join_optional(left: AbstractValue | None, right: AbstractValue) -> AbstractValue:
    return right if left is None else left.join(right)


def _hashable_constant(value: AbstractValue) -> tuple[bool, object]:
    known, constant = constant_of(value)
    if known:
        return True, constant
    if isinstance(value, TupleValue) and value.items is not None:
        parts = [_hashable_constant(item) for item in value.items]
        if all(k for k, _ in parts):
            return True, tuple(c for _, c in parts)
    return False, None


def _unhashable_risk(key: object) -> bool:
    return isinstance(key, float) and key != key


def _merge_summary(result: DictValue, other: DictValue) -> DictValue:
    left = result.summarised()
    return DictValue(
        result.entries,
        False,
        left.other_key.join(other.other_key) if not result.exact else other.other_key,
        left.other_value.join(other.other_value) if not result.exact else other.other_value,
    )


def _extended(
    obj: AbstractValue, items: list[AbstractValue] | None, element: AbstractValue
) -> AbstractValue:
    assert isinstance(obj, ListValue)
    if items is not None and obj.items is not None:
        return ListValue.of(obj.items + tuple(items))
    own = obj.element_summary()
    added = join_all(items) if items else element
    if items is not None and not items:
        return obj
    low = obj.length.low if obj.length.low is not None else 0
    return ListValue.summary(_join_optional(own, added), IntValue(low, None))


def _repeated(obj: AbstractValue, count: AbstractValue) -> AbstractValue:
    assert isinstance(obj, ListValue)
    known, times = constant_of(count)
    if (
        known
        and type(times) is int
        and obj.items is not None
        and len(obj.items) * max(times, 0) <= 256
    ):
        return ListValue.of(obj.items * max(times, 0))
    element = obj.element_summary()
    return ListValue.summary(element if element is not None else TOP)


def _set_list_item(obj: AbstractValue, position: int, value: AbstractValue) -> AbstractValue:
    assert isinstance(obj, ListValue) and obj.items is not None
    items = list(obj.items)
    items[position] = value
    return ListValue.of(items)


def _weak_list_item(obj: AbstractValue, value: AbstractValue) -> AbstractValue:
    assert isinstance(obj, ListValue)
    if obj.items is not None:
        return ListValue.of([item.join(value) for item in obj.items])
    return ListValue.summary(obj.element.join(value), obj.length)


def _dict_summary_with(
    obj: AbstractValue, key: AbstractValue, value: AbstractValue
) -> AbstractValue:
    assert isinstance(obj, DictValue)
    summary = obj.summarised()
    other_key = key if obj.exact and not obj.entries else summary.other_key.join(key)
    other_value = value if obj.exact and not obj.entries else summary.other_value.join(value)
    return DictValue((), False, other_key, other_value)


def _positive(value: AbstractValue) -> bool | None:
    if isinstance(value, IntValue):
        if value.constant is not None:
            return value.constant > 0
        if value.low is not None and value.low > 0:
            return True
    return None


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
