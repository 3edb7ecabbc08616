"""References to heap objects, identified by allocation site.

Mutable objects (lists, dicts, sets, instances, classes, closure cells) live in the store's heap
under an ``Address``: the allocation site plus a small counter, or a summary address standing for
every object allocated at that site once the counter is exhausted. A ``Ref`` holds the set of
addresses a value may point to; mutation through a single non-summary address is a strong update,
anything else a weak one. Two names sharing a ``Ref`` alias the same object, so ``b = a; a += [1]``
changes what ``b`` sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import TOP, AbstractValue

SUMMARY = -1
"""The counter of a summary address (it stands for any number of objects)."""

MAX_REF_TARGETS = 8

Address = tuple[int, int]
"""``(allocation site, counter)``; the counter is ``SUMMARY`` for a summary address."""


@dataclass(frozen=True, slots=True)
class Ref(AbstractValue):
    """A pointer to one of ``addresses`` in the heap."""

    addresses: frozenset[Address]

    @staticmethod
    def to(address: Address) -> Ref:
        return Ref(frozenset((address,)))

    @property
    def single(self) -> Address | None:
        """The address when there is exactly one, None otherwise."""
        if len(self.addresses) == 1:
            return next(iter(self.addresses))
        return None

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, Ref):
            return TOP
        if self.addresses >= other.addresses:
            return self
        addresses = self.addresses | other.addresses
        return Ref(addresses) if len(addresses) <= MAX_REF_TARGETS else TOP

    def leq(self, other: AbstractValue) -> bool:
        return other is TOP or (isinstance(other, Ref) and self.addresses <= other.addresses)

    def describe(self) -> str:
        return "object"


def is_strong(address: Address) -> bool:
    """True when the address stands for exactly one concrete object."""
    return address[1] != SUMMARY


@dataclass(frozen=True, slots=True)
class OpaqueObject(AbstractValue):
    """A heap object that escaped to code the analysis cannot see: only its type is still known.

    Once escaped, an object stays opaque: unknown code may keep a reference and change it later.
    """

    pytype: type | None
    class_name: str = ""

    def join(self, other: AbstractValue) -> AbstractValue:
        if isinstance(other, OpaqueObject):
            return self if other == self else OpaqueObject(None, "")
        if other is TOP:
            return TOP
        return OpaqueObject(self.pytype if other.python_type() is self.pytype else None, "")

    def leq(self, other: AbstractValue) -> bool:
        return other is TOP or (
            isinstance(other, OpaqueObject) and other.pytype in (None, self.pytype)
        )

    def describe(self) -> str:
        if self.class_name:
            return self.class_name
        return self.pytype.__name__ if self.pytype is not None else "object"

    def contains(self, concrete: object) -> bool:
        if self.class_name:
            return any(k.__name__ == self.class_name for k in type(concrete).__mro__)
        return self.pytype is None or type(concrete) is self.pytype

    def python_type(self) -> type | None:
        return self.pytype


def join_objects(left: AbstractValue, right: AbstractValue) -> AbstractValue:
    """The join of two heap objects, the same whichever comes first.

    An escaped object stays opaque (``OpaqueObject.join``) on either side: the joins of the
    other domains give ⊤ for an opaque operand, which would forget that unknown code may still
    change it, and would make the result depend on the order of the operands (the order of a
    reference's addresses, for one).
    """
    if isinstance(right, OpaqueObject) and not isinstance(left, OpaqueObject):
        return right.join(left)
    return left.join(right)
