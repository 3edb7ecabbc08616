"""Reachability: the values a value holds and the heap objects it reaches.

``contents`` is what keeps heap objects alive and what unknown code receiving a value can reach
through it; ``reachable_addresses`` follows it, references and closure cells through a heap. Used
for garbage collection between module-level statements, escapes and call summaries.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...domains.base import AbstractValue
from ...domains.classes import ClassValue, InstanceValue, SuperValue
from ...domains.containers import DictValue, DictViewValue, SetValue
from ...domains.functions import (
    BoundMethodValue,
    BuiltinMethodValue,
    FunctionValue,
    GeneratorValue,
    MethodWrapperValue,
)
from ...domains.references import Address, Ref
from ...domains.sequences import SequenceValue
from ..natives import NativeValue
from .state import MaybeUnbound


def reachable_addresses(
    roots: Iterable[AbstractValue],
    heap: dict[Address, AbstractValue],
    within: set[Address] | None = None,
    poll: Callable[[], None] | None = None,
) -> set[Address]:
    """The heap addresses reachable from ``roots`` (through ``contents``, references and closure
    cells). With ``within``, only addresses in it are followed (and returned). Values are
    immutable and often shared (the same tuple held by many others): each value object is visited
    once (``visited`` also keeps it alive, so that its id is not reused while walking). ``poll``
    (the budget's check) is called at every step: a large store takes long to walk."""
    reachable: set[Address] = set()
    visited: dict[int, AbstractValue] = {}
    work: list[AbstractValue] = list(roots)
    while work:
        value = work.pop()
        if poll is not None:
            poll()
        if id(value) in visited:
            continue
        visited[id(value)] = value
        if isinstance(value, Ref):
            addresses: Iterable[Address] = value.addresses
        elif isinstance(value, FunctionValue):
            addresses = [address for _, address in value.closure]
        else:
            addresses = ()
        for address in addresses:
            if address not in reachable and (within is None or address in within):
                reachable.add(address)
                target = heap.get(address)
                if target is not None:
                    work.append(target)
        work.extend(child for child in contents(value) if id(child) not in visited)
    return reachable


def contents(value: AbstractValue) -> list[AbstractValue]:
    """The values ``value`` holds directly: what keeps heap objects alive for garbage collection
    and what unknown code receiving ``value`` can reach through it (an escape). Not included:
    the heap objects a ``Ref`` points to and a function's closure cells, which are read from the
    store by the caller."""
    if isinstance(value, MaybeUnbound):
        return [value.value]
    if isinstance(value, SequenceValue):
        return list(value.items) if value.items is not None else [value.element]
    if isinstance(value, DictValue):
        return [v for _, v in value.entries] + [value.other_key, value.other_value]
    if isinstance(value, SetValue):
        return [value.element]
    if isinstance(value, InstanceValue):
        return [*(v for _, v in value.attributes), value.cls]
    if isinstance(value, ClassValue):
        return [*(v for _, v in value.attributes), *value.bases]
    if isinstance(value, FunctionValue):
        return [*value.defaults, *(v for _, v in value.kw_defaults)]
    if isinstance(value, BoundMethodValue):
        return [value.function, value.receiver]
    if isinstance(value, BuiltinMethodValue):
        return [value.receiver]
    if isinstance(value, MethodWrapperValue):
        return [value.function]
    if isinstance(value, SuperValue):
        return [value.owner, value.receiver]
    if isinstance(value, GeneratorValue):
        held = [*(value.items or ()), value.element]
        return held if value.body is None else [*held, *value.body.values()]
    if isinstance(value, DictViewValue):
        return [value.mapping]
    if isinstance(value, NativeValue):
        return list(value.held_values())
    return []
