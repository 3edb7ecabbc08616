"""Expression rules: the evaluation of an expression node, leaves, displays, iteration and
comprehensions; operators, conditions and subscripts come from their own rule modules.

Operands are evaluated left to right, as CPython does. Conditionally evaluated parts (the right of
``and``/``or``, the arms of a conditional expression, later links of a comparison chain,
comprehension bodies that may run zero times) are evaluated in their own copy of the store and the
stores are joined afterwards; a certain failure inside such a part only ends that part.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from ...domains.base import TOP, AbstractValue, join_all
from ...domains.bools import BoolValue
from ...domains.classes import InstanceValue
from ...domains.containers import DictValue, DictViewValue, SetValue
from ...domains.functions import (
    GeneratorValue,
)
from ...domains.none import NONE
from ...domains.numbers import NON_NEGATIVE_INT, FloatValue, IntValue
from ...domains.references import Ref
from ...domains.sequences import ListValue, RangeValue, SequenceValue, TupleValue
from ...domains.slices import ELLIPSIS
from ...domains.strings import StrValue
from ..core.machine import MAX_UNROLLED_WORK, Raised
from ..core.state import join_states
from ..natives import CallContext, NativeValue, native_result
from .conditions import ConditionRules
from .operator_rules import OperatorRules
from .operators import abstract_of, constant_of, hashable_constant
from .sizes import MAX_CONSTANT_SIZE
from .subscripts import SubscriptRules

MAX_COMPREHENSION_ITEMS = 64


class ExpressionRules(ConditionRules, OperatorRules, SubscriptRules):
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
            known, constant = hashable_constant(key)
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

    # ----------------------------------------------------------------------- iteration

    def iteration(
        self,
        value: AbstractValue,
        node: ast.AST,
        consume: bool = True,
        repeat_alike: bool = True,
        interleaved: bool = False,
    ) -> tuple[list[AbstractValue] | None, AbstractValue]:
        """What iterating ``value`` produces: the exact items when known, and a summary element.

        ``interleaved``: the consumer runs user code between two items (a comprehension), which
        a generator's body may observe (see ``generators``).

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
            if not repeat_alike:
                return None, element
            count = self.silent_length(target, context)
            if (
                isinstance(count, IntValue)
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

    def silent_length(self, target: NativeValue, context: CallContext) -> AbstractValue:
        """The number of items of a native value, as ``len`` would give it, without reporting
        what ``len`` would raise: iterating never calls ``__len__`` (an infinite ``tf.data``
        dataset iterates, only its ``len`` fails), so its failures are not the iteration's."""
        self.reporter.swallowing += 1
        try:
            return native_result(target.length(context))
        finally:
            self.reporter.swallowing -= 1

    # --------------------------------------------------------------------- comprehensions

    def expr_ListComp(self, node: ast.ListComp) -> AbstractValue:
        items, summary, count = self.comprehension(node, lambda: [self.eval(node.elt)])
        if items is not None:
            return self.allocate(node, ListValue.of([i[0] for i in items]))
        return self.allocate(node, ListValue.summary(summary[0] if summary else TOP, count))

    def expr_SetComp(self, node: ast.SetComp) -> AbstractValue:
        items, summary, _ = self.comprehension(node, lambda: [self.eval(node.elt)])
        if items is not None:
            element = join_all([i[0] for i in items]) if items else TOP
            return self.allocate(node, SetValue(element, IntValue(min(len(items), 1), len(items))))
        return self.allocate(node, SetValue(summary[0] if summary else TOP, IntValue(0, None)))

    def expr_DictComp(self, node: ast.DictComp) -> AbstractValue:
        items, summary, _ = self.comprehension(
            node, lambda: [self.eval(node.key), self.eval(node.value)]
        )
        if items is not None:
            result = DictValue()
            for key, value in items:
                known, constant = hashable_constant(key)
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
        items, summary, _ = self.comprehension(node, lambda: [self.eval(node.elt)])
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
    ) -> tuple[list[list[AbstractValue]] | None, list[AbstractValue] | None, IntValue]:
        """Run a comprehension in its own scope.

        Returns the exact rows (one list of values per produced item) when the iteration is exact
        and small, otherwise None and the join of all rows (None when no row can be produced);
        and the number of rows: the iterable's length for one ``for`` without ``if`` (a
        comprehension that completes produces one row per item), any count otherwise.
        """
        first = self.eval(node.generators[0].iter)
        count = (
            iteration_count(self.deref(first))
            if len(node.generators) == 1 and not node.generators[0].ifs
            else NON_NEGATIVE_INT
        )
        saved_scope = self.scope
        self.scope = self.scopes.scope_of(node)
        rows: list[list[AbstractValue]] = []
        exact = True

        def run(level: int, iterable: AbstractValue, certain: bool) -> None:
            nonlocal exact
            generator = node.generators[level]
            items, element = self.iteration(iterable, generator.iter, interleaved=True)
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
            return rows, None, count
        summary: list[AbstractValue] | None = None
        for row in rows:
            summary = (
                row if summary is None else [a.join(b) for a, b in zip(summary, row, strict=True)]
            )
        return None, summary, count


def iteration_count(iterable: AbstractValue) -> IntValue:
    """How many items iterating ``iterable`` (dereferenced) gives: a list's or tuple's length, a
    range's (an interval from its bounds), a dict's; any count for anything else."""
    if isinstance(iterable, SequenceValue):
        return (
            IntValue.constant_of(len(iterable.items))
            if iterable.items is not None
            else iterable.length
        )
    if isinstance(iterable, RangeValue):
        return iterable.length()
    if isinstance(iterable, DictValue):
        return iterable.length()
    return NON_NEGATIVE_INT


_EXPRESSION_HANDLERS: dict[type, Callable[[ExpressionRules, ast.expr], AbstractValue]] = {}
"""Per expression type, the rule that evaluates it (filled on first use)."""


def _unknown_expression(machine: ExpressionRules, node: ast.expr) -> AbstractValue:
    return TOP


def _merge_summary(result: DictValue, other: DictValue) -> DictValue:
    left = result.summarised()
    return DictValue(
        result.entries,
        False,
        left.other_key.join(other.other_key) if not result.exact else other.other_key,
        left.other_value.join(other.other_value) if not result.exact else other.other_value,
    )
