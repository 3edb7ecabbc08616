"""The flow-sensitive abstract store: module variables, the current frame's variables, the heap.

A ``State`` maps names to values in two environments (module globals, and the locals of the frame
being executed, None at module level) and heap addresses to heap objects (lists, dicts, sets,
instances, classes, closure cells). States are copied at branch points only, and cheaply: a copy
shares the three dictionaries and each side copies a dictionary on its first write to it
(copy-on-write), so straight-line code never copies.

A name missing from an environment is unbound. Joining a bound with an unbound name gives a
``MaybeUnbound`` value, so that a read can tell a certain ``NameError``/``UnboundLocalError`` from
a possible one. Joining heaps keeps every address of either side (an address missing on one side
is an object that does not exist on that path, so the other side's object is exact for it).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from ...domains.base import TOP, AbstractValue
from ...domains.references import Address, OpaqueObject, join_objects

EnvKey = Hashable
"""A variable name, or ``(comprehension id, name)`` for a comprehension's own variables."""


class Unbound(AbstractValue):
    """The value of a name that is certainly unbound (never recorded, never escapes the store)."""

    __slots__ = ()

    def join(self, other: AbstractValue) -> AbstractValue:
        if isinstance(other, (Unbound, MaybeUnbound)):
            return other
        return MaybeUnbound(other)

    def leq(self, other: AbstractValue) -> bool:
        return isinstance(other, (Unbound, MaybeUnbound))

    def describe(self) -> str:
        return "unbound"


UNBOUND = Unbound()


@dataclass(frozen=True, slots=True)
class MaybeUnbound(AbstractValue):
    """A name that is bound to ``value`` on some paths and unbound on others."""

    value: AbstractValue

    def join(self, other: AbstractValue) -> AbstractValue:
        if isinstance(other, Unbound):
            return self
        inner = other.value if isinstance(other, MaybeUnbound) else other
        return MaybeUnbound(self.value.join(inner))

    def widen(self, other: AbstractValue) -> AbstractValue:
        if isinstance(other, Unbound):
            return self
        inner = other.value if isinstance(other, MaybeUnbound) else other
        return MaybeUnbound(self.value.widen(inner))

    def leq(self, other: AbstractValue) -> bool:
        return isinstance(other, MaybeUnbound) and self.value.leq(other.value)

    def describe(self) -> str:
        return self.value.describe()


def bound_part(value: AbstractValue) -> AbstractValue:
    """The value a read returns when it does not fail."""
    return value.value if isinstance(value, MaybeUnbound) else value


_GLOBALS, _LOCALS, _HEAP = 1, 2, 4


class State:
    """One abstract store (see the module docstring)."""

    __slots__ = ("_owned", "globals", "heap", "locals")

    def __init__(
        self,
        globals_: dict[EnvKey, AbstractValue],
        locals_: dict[EnvKey, AbstractValue] | None,
        heap: dict[Address, AbstractValue],
        owned: int = 0,
    ) -> None:
        self.globals = globals_
        self.locals = locals_
        self.heap = heap
        self._owned = owned

    @staticmethod
    def empty() -> State:
        return State({}, None, {}, _GLOBALS | _LOCALS | _HEAP)

    def copy(self) -> State:
        """An independent store; both sides copy a dictionary before their next write to it."""
        self._owned = 0
        return State(self.globals, self.locals, self.heap, 0)

    def with_frame(self, locals_: dict[EnvKey, AbstractValue] | None) -> State:
        """A store sharing this one's globals and heap, with another frame's locals."""
        self._owned &= _LOCALS
        return State(self.globals, locals_, self.heap, 0)

    def frame_env(self) -> dict[EnvKey, AbstractValue]:
        return self.locals if self.locals is not None else self.globals

    def read(self, key: EnvKey, local: bool) -> AbstractValue:
        env = self.locals if local and self.locals is not None else self.globals
        return env.get(key, UNBOUND)

    def write(self, key: EnvKey, value: AbstractValue, local: bool) -> None:
        if local and self.locals is not None:
            if not self._owned & _LOCALS:
                self.locals = dict(self.locals)
                self._owned |= _LOCALS
            self.locals[key] = value
        else:
            if not self._owned & _GLOBALS:
                self.globals = dict(self.globals)
                self._owned |= _GLOBALS
            self.globals[key] = value

    def delete(self, key: EnvKey, local: bool) -> None:
        if local and self.locals is not None:
            if key in self.locals:
                if not self._owned & _LOCALS:
                    self.locals = dict(self.locals)
                    self._owned |= _LOCALS
                del self.locals[key]
        elif key in self.globals:
            if not self._owned & _GLOBALS:
                self.globals = dict(self.globals)
                self._owned |= _GLOBALS
            del self.globals[key]

    def keep_only(self, addresses: set[Address]) -> None:
        """Drop every heap object whose address is not in ``addresses`` (garbage collection)."""
        self.heap = {a: v for a, v in self.heap.items() if a in addresses}
        self._owned |= _HEAP

    def discard(self, addresses: set[Address]) -> None:
        """Drop the heap objects at ``addresses`` (garbage no reference can reach)."""
        self.heap = {a: v for a, v in self.heap.items() if a not in addresses}
        self._owned |= _HEAP

    def load(self, address: Address) -> AbstractValue:
        return self.heap.get(address, TOP)

    def store(self, address: Address, value: AbstractValue) -> None:
        if not self._owned & _HEAP:
            self.heap = dict(self.heap)
            self._owned |= _HEAP
        self.heap[address] = value


def _join_env(
    left: dict[EnvKey, AbstractValue], right: dict[EnvKey, AbstractValue], widen: bool
) -> dict[EnvKey, AbstractValue]:
    if left is right:
        return left
    result: dict[EnvKey, AbstractValue] = {}
    for key, value in left.items():
        other = right.get(key, UNBOUND)
        if value is other or value == other:
            result[key] = value
        elif isinstance(other, (Unbound, MaybeUnbound)) and not isinstance(
            value, (Unbound, MaybeUnbound)
        ):
            result[key] = other.widen(value) if widen else other.join(value)
        else:
            result[key] = value.widen(other) if widen else value.join(other)
    for key, value in right.items():
        if key not in left:
            result[key] = UNBOUND.widen(value) if widen else UNBOUND.join(value)
    return result


def _join_heap(
    left: dict[Address, AbstractValue], right: dict[Address, AbstractValue], widen: bool
) -> dict[Address, AbstractValue]:
    if left is right:
        return left
    result = dict(left)
    for address, value in right.items():
        mine = result.get(address)
        if mine is None:
            result[address] = value
        elif mine is not value and mine != value:
            result[address] = (
                mine.widen(value)
                if widen and not isinstance(value, OpaqueObject)
                else join_objects(mine, value)
            )
    return result


def join_states(left: State | None, right: State | None, widen: bool = False) -> State | None:
    """The join (or widening) of two stores of the same frame; None is the unreachable store."""
    if left is None:
        return right
    if right is None:
        return left
    if left is right:
        return left
    locals_: dict[EnvKey, AbstractValue] | None
    if left.locals is None or right.locals is None:
        locals_ = left.locals if left.locals is not None else right.locals
    else:
        locals_ = _join_env(left.locals, right.locals, widen)
    joined = State(
        _join_env(left.globals, right.globals, widen),
        locals_,
        _join_heap(left.heap, right.heap, widen),
    )
    left._owned = 0
    right._owned = 0
    return joined


def _env_leq(left: dict[EnvKey, AbstractValue], right: dict[EnvKey, AbstractValue]) -> bool:
    if left is right:
        return True
    for key, value in left.items():
        other = right.get(key, UNBOUND)
        if value is other:
            continue
        if isinstance(other, MaybeUnbound) and not isinstance(value, (Unbound, MaybeUnbound)):
            other = other.value
        if not value.leq(other):
            return False
    return all(
        key in left or isinstance(value, (Unbound, MaybeUnbound)) for key, value in right.items()
    )


def state_leq(left: State | None, right: State | None) -> bool:
    """True when ``left`` is included in ``right`` (used to detect loop fixpoints)."""
    if left is None:
        return True
    if right is None:
        return False
    if not _env_leq(left.globals, right.globals):
        return False
    if (
        left.locals is not None
        and right.locals is not None
        and not _env_leq(left.locals, right.locals)
    ):
        return False
    if left.heap is right.heap:
        return True
    for address, value in left.heap.items():
        other = right.heap.get(address)
        if other is None or (value is not other and not value.leq(other)):
            return False
    return True
