"""In-place changes of builtin containers: the new list, dict or set after a mutation.

``MachineCore.update`` applies these pure functions to the heap object a reference points to, for
in-place operators (``+=``, ``*=``), item assignment and deletion, and the mutating methods of
``list``, ``dict`` and ``set``. Each takes the current object and returns the object after the
change: exact items are kept while they are known, otherwise the result is a summary that
over-approximates every outcome. An object of another kind than the function expects is returned
unchanged (another path may have stored something else at the same address).
"""

from __future__ import annotations

from ...domains.base import TOP, AbstractValue, join_all
from ...domains.containers import DictValue, SetValue
from ...domains.numbers import IntValue
from ...domains.sequences import ListValue
from .operators import constant_of

MAX_REPEATED_ITEMS = 256
"""The longest list ``list * n`` keeps exactly (a longer one is a summary)."""


def join_optional(left: AbstractValue | None, right: AbstractValue) -> AbstractValue:
    """``left ⊔ right``, where None (no element at all, as of an empty list) is the bottom."""
    return right if left is None else left.join(right)


def appended(obj: AbstractValue, value: AbstractValue) -> AbstractValue:
    """The list after ``append(value)``."""
    if not isinstance(obj, ListValue):
        return obj
    if obj.items is not None:
        return ListValue.of((*obj.items, value))
    return ListValue.summary(obj.element.join(value), _one_longer(obj.length))


def inserted(obj: AbstractValue, value: AbstractValue) -> AbstractValue:
    """The list after ``insert(position, value)`` at a position not followed exactly."""
    if not isinstance(obj, ListValue):
        return obj
    return ListValue.summary(join_optional(obj.element_summary(), value), _one_longer(obj.length))


def extended(
    obj: AbstractValue, items: list[AbstractValue] | None, element: AbstractValue
) -> AbstractValue:
    """The list after ``extend``/``+=`` with an iterable of ``items`` (None: unknown, each item
    described by ``element``)."""
    if not isinstance(obj, ListValue):
        return obj
    if items is not None and obj.items is not None:
        return ListValue.of((*obj.items, *items))
    if items is not None and not items:
        return obj
    added = join_all(items) if items else element
    low = obj.length.low if obj.length.low is not None else 0
    return ListValue.summary(join_optional(obj.element_summary(), added), IntValue(low, None))


def repeated(obj: AbstractValue, count: AbstractValue) -> AbstractValue:
    """The list after ``*= count``."""
    if not isinstance(obj, ListValue):
        return obj
    known, times = constant_of(count)
    if (
        known
        and type(times) is int
        and obj.items is not None
        and len(obj.items) * max(times, 0) <= MAX_REPEATED_ITEMS
    ):
        return ListValue.of(obj.items * max(times, 0))
    element = obj.element_summary()
    return ListValue.summary(element if element is not None else TOP)


def set_list_item(obj: AbstractValue, position: int, value: AbstractValue) -> AbstractValue:
    """The list of exact items after ``obj[position] = value`` (``position`` in range)."""
    assert isinstance(obj, ListValue) and obj.items is not None
    items = list(obj.items)
    items[position] = value
    return ListValue.of(items)


def weak_list_item(obj: AbstractValue, value: AbstractValue) -> AbstractValue:
    """The list after ``value`` was stored at an unknown position: any item may now be it."""
    if not isinstance(obj, ListValue):
        return obj
    if obj.items is not None:
        return ListValue.of([item.join(value) for item in obj.items])
    return ListValue.summary(obj.element.join(value), obj.length)


def without(obj: AbstractValue, index: int) -> AbstractValue:
    """The list after ``pop(index)`` of an item in range."""
    if not isinstance(obj, ListValue) or obj.items is None:
        return shrunk(obj)
    items = list(obj.items)
    del items[index]
    return ListValue.of(items)


def shrunk(obj: AbstractValue) -> AbstractValue:
    """The list after one unknown item was removed."""
    if not isinstance(obj, ListValue):
        return obj
    element = obj.element_summary()
    high = None if obj.length.high is None else max(obj.length.high - 1, 0)
    low = None if obj.length.low is None else max(obj.length.low - 1, 0)
    return ListValue.summary(element if element is not None else TOP, IntValue(low, high))


def unordered(obj: AbstractValue) -> AbstractValue:
    """The list after its items were reordered (``sort``)."""
    if not isinstance(obj, ListValue):
        return obj
    element = obj.element_summary()
    return ListValue.summary(element if element is not None else TOP, obj.length)


def dict_summary_with(
    obj: AbstractValue, key: AbstractValue, value: AbstractValue
) -> AbstractValue:
    """The dict after ``value`` was stored under a key known only as ``key``."""
    if not isinstance(obj, DictValue):
        return obj
    if obj.exact and not obj.entries:
        return DictValue((), False, key, value)
    summary = obj.summarised()
    return DictValue((), False, summary.other_key.join(key), summary.other_value.join(value))


def dict_updated(
    obj: AbstractValue, entries: dict[str, AbstractValue], unknown: bool
) -> AbstractValue:
    """The dict after ``update(**entries)``; with ``unknown`` positional arguments, any dict."""
    if not isinstance(obj, DictValue):
        return obj
    if unknown:
        return DictValue((), False, TOP, TOP)
    result = obj
    for key, value in entries.items():
        result = result.with_entry(key, value)
    return result


def dict_without(obj: AbstractValue, key: object) -> AbstractValue:
    """The dict after the entry of the constant ``key`` was removed."""
    if not isinstance(obj, DictValue):
        return obj
    return DictValue(
        tuple((k, v) for k, v in obj.entries if not (type(k) is type(key) and k == key)),
        obj.exact,
        obj.other_key,
        obj.other_value,
    )


def dict_less(obj: AbstractValue) -> AbstractValue:
    """The dict after an entry of unknown key may have been removed."""
    if not isinstance(obj, DictValue):
        return obj
    summary = obj.summarised()
    return DictValue((), False, summary.other_key, summary.other_value)


def set_added(obj: AbstractValue, value: AbstractValue, count: int | None) -> AbstractValue:
    """The set after ``count`` members (None: an unknown number) described by ``value`` were
    added."""
    if not isinstance(obj, SetValue):
        return obj
    element = value if obj.length.constant == 0 else obj.element.join(value)
    high = None if obj.length.high is None or count is None else obj.length.high + count
    low = obj.length.low if obj.length.low is not None else 0
    return SetValue(element, IntValue(max(low, 1) if count else low, high), obj.kind)


def set_less(obj: AbstractValue) -> AbstractValue:
    """The set after members may have been removed (``discard``, ``remove``, ``pop``, ``clear``)."""
    if not isinstance(obj, SetValue):
        return obj
    return SetValue(obj.element, IntValue(0, obj.length.high), obj.kind)


def _one_longer(length: IntValue) -> IntValue:
    return IntValue(
        None if length.low is None else length.low + 1,
        None if length.high is None else length.high + 1,
    )
