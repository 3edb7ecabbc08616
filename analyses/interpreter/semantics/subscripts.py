"""Subscripts: ``obj[index]`` read, assigned and deleted, and slices.

Builtin sequences, strings and dicts are modelled: an index certainly out of range, or a key
certainly absent from an exactly known dict, is a certain ``IndexError``/``KeyError``. Native
values go to their models, user instances to ``__getitem__``/``__setitem__``/``__delitem__``;
a value stored into anything else escapes.
"""

from __future__ import annotations

import ast

from ...domains.base import TOP, AbstractValue, join_all
from ...domains.bools import BoolValue
from ...domains.classes import InstanceValue
from ...domains.containers import DictValue
from ...domains.none import NONE
from ...domains.numbers import FloatValue, IntValue
from ...domains.references import Ref
from ...domains.sequences import ListValue, SequenceValue, TupleValue
from ...domains.slices import SliceValue
from ...domains.strings import StrValue
from ..natives import NativeValue, native_result
from .mutations import (
    dict_less,
    dict_summary_with,
    dict_without,
    join_optional,
    set_list_item,
    weak_list_item,
)
from .operators import abstract_of, constant_of, hashable_constant
from .statements import StatementRules


class SubscriptRules(StatementRules):
    """Reads, assigns and deletes subscripts of abstract values."""

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
            known, key = hashable_constant(index)
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
                return self.box_result(kind.of(items), node)
            element = target.element_summary()
            length = target.length.sliced_length(index.lower, index.upper, index.step)
            return self.box_result(
                kind.summary(
                    element if element is not None else TOP,
                    length if length is not None else IntValue(0, target.length.high),
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
                self.update(obj, lambda o: set_list_item(o, position, value))
                return
            if isinstance(index, SliceValue):
                _, element = self.iteration(value, node)
                self.update(
                    obj, lambda o: ListValue.summary(join_optional(o.element_summary(), element))
                )
                return
            self.update(obj, lambda o: weak_list_item(o, value))
            return
        if isinstance(target, DictValue) and isinstance(obj, Ref):
            known, key = hashable_constant(index)
            if known:
                self.update(obj, lambda o: o.with_entry(key, value))
            else:
                self.update(obj, lambda o: dict_summary_with(o, index, value))
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
            known, key = hashable_constant(index)
            if known and target.exact and target.get(key) is None:
                self.fail(node, "key-error", f"KeyError: {key!r}")
            if known and target.get(key) is not None:
                self.update(obj, lambda o: dict_without(o, key))
                return
            self.update(obj, dict_less)
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
