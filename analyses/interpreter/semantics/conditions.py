"""Truth and conditions: ``bool()`` of values, ``and``/``or`` and conditional expressions,
and the narrowing of the store by a condition's outcome.

``truth`` is the truth value when certain (calling user ``__bool__``/``__len__``), None otherwise.
``branch`` and ``refine`` give the stores where a test holds and where it does not, narrowed
only by cheap facts that are certainly sound; a store of None means that outcome is impossible.
The parts of ``and``/``or`` and the arms of a conditional expression that may not run are
evaluated in their own copy of the store, the stores being joined afterwards.
"""

from __future__ import annotations

import ast

from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.classes import ClassValue, InstanceValue
from ...domains.containers import DictValue, SetValue
from ...domains.functions import (
    BuiltinFunctionValue,
    FunctionValue,
)
from ...domains.modules import UnknownModuleValue
from ...domains.none import NONE
from ...domains.numbers import FloatValue, IntValue
from ...domains.references import Ref
from ...domains.sequences import ListValue, TupleValue
from ...domains.strings import StrValue
from ..core.machine import Raised
from ..core.state import State, join_states
from ..natives import NativeValue
from . import operators
from .operators import abstract_of
from .statements import StatementRules

MAX_REFINEMENT_SPLITS = 2
"""How deep ``refine`` nests case splits of ``and``/``or`` (each split refines every operand)."""
ISINSTANCE = BuiltinFunctionValue("isinstance")
TYPE_GUARDS = ("isinstance", "issubclass", "hasattr", "callable")
"""Builtin calls whose outcome tells about the type of their first argument."""
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


class ConditionRules(StatementRules):
    """Decides the truth of values and splits the store on conditions."""

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
        string or tuple, ``x is None``, type guards of a name (``_refine_type_guard``), integer
        and bool comparisons
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
                and test.func.id in TYPE_GUARDS
            ):
                self._refine_type_guard(test, outcome)
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
            if is_none and (
                current is TOP or (isinstance(current, NativeValue) and current.may_be_none())
            ):
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

    def _refine_type_guard(self, test: ast.Call, outcome: bool) -> None:
        """Narrow the store knowing the builtin type guard ``test`` (``isinstance(x, ...)``,
        ``issubclass``, ``hasattr``, ``callable`` of a name) is ``outcome``: the outcome the
        guard certainly does not have is impossible; an undecided guard makes the name unknown
        in both outcomes when its value is one whose misuse is a certain error (a builtin value,
        a user object: the guard may be what keeps such code from running), after
        ``_refine_isinstance``. Simple arguments (names, attributes, ``type(...)`` of them) are
        evaluated again in a copy of the store, reports swallowed."""
        function = test.func
        name = test.args[0] if test.args else None
        if (
            not isinstance(function, ast.Name)
            or not isinstance(name, ast.Name)
            or test.keywords
            or self.read_name_quietly(function.id, function) != BuiltinFunctionValue(function.id)
        ):
            return
        truth = self._guard_truth(test) if all(map(_simple, test.args)) else None
        if truth is not None:
            if truth is not outcome:
                self.state = None
            return
        if function.id == "isinstance":
            self._refine_isinstance(test, outcome)
        current = self.read_name_quietly(name.id, name)
        if not (current is TOP or isinstance(current, (NativeValue, UnknownModuleValue))):
            self.write_name(name.id, TOP)

    def _guard_truth(self, test: ast.Call) -> bool | None:
        state = self.live
        saved = self.reporter.swallowing
        self.reporter.swallowing += 1
        self.state = state.copy()
        try:
            value = self.eval(test)
        except Raised:
            return None
        finally:
            self.state = state
            self.reporter.swallowing = saved
        return value.value if isinstance(value, BoolValue) else None

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


def _simple(node: ast.expr) -> bool:
    """Whether ``node`` reads names only: a name, a constant, an attribute of a simple node, a
    tuple of simple nodes or ``type(...)`` of one (evaluating it again changes nothing a guard's
    refinement keeps)."""
    if isinstance(node, (ast.Name, ast.Constant)):
        return True
    if isinstance(node, ast.Attribute):
        return _simple(node.value)
    if isinstance(node, ast.Tuple):
        return all(map(_simple, node.elts))
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "type"
        and len(node.args) == 1
        and not node.keywords
        and _simple(node.args[0])
    )


def _with_truth(value: AbstractValue, truth: bool) -> AbstractValue:
    """``value`` narrowed to what has truth ``truth`` (bools and strings; others unchanged)."""
    if isinstance(value, BoolValue) and value.value is None:
        return BoolValue(truth)
    if isinstance(value, StrValue) and value.value is None:
        return StrValue(None, value.kind, True) if truth else StrValue(value.kind(), value.kind)
    return value


def _positive(value: AbstractValue) -> bool | None:
    if isinstance(value, IntValue):
        if value.constant is not None:
            return value.constant > 0
        if value.low is not None and value.low > 0:
            return True
    return None
