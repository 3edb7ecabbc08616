"""The common interface of every abstract value, and the top value ⊤.

An abstract value stands for a set of concrete CPython values (its concretisation). Every domain
implements the same small lattice interface:

- ``join(other)``: an upper bound of both (an over-approximation of the union);
- ``widen(other)``: like ``join`` but guaranteeing that any increasing chain of widenings is finite
  (used for loops; defaults to ``join`` for domains of finite height);
- ``leq(other)``: True only when ``self``'s concretisation is included in ``other``'s (False may be
  returned when inclusion cannot be shown cheaply; that only costs another loop iteration);
- ``describe()``: one line of hover text such as ``int = 5`` or ``list[int] (length 3)``;
- ``contains(concrete)``: False only when ``concrete`` is certainly not in the concretisation (the
  soundness tests check that every value CPython computes is contained);
- ``inlay_label()``: a short label for an inlay hint, or None when the value deserves none.

Values are immutable and hashable; equal values describe the same set. Joining values of different
domains yields ``TOP`` unless a domain knows better (e.g. ``bool`` joined with ``int``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..facts import Span


class AbstractValue:
    """Base class of all abstract values; subclasses override what they can answer precisely."""

    __slots__ = ()

    def join(self, other: AbstractValue) -> AbstractValue:
        """Least upper bound when cheap, otherwise any upper bound (``TOP`` by default)."""
        if self == other:
            return self
        return TOP

    def widen(self, other: AbstractValue) -> AbstractValue:
        """An upper bound of both that makes loop iteration terminate (``join`` by default)."""
        return self.join(other)

    def leq(self, other: AbstractValue) -> bool:
        """True when every concrete value of ``self`` is also one of ``other``."""
        return other is TOP or self == other

    def describe(self) -> str:
        """Hover text for the value, e.g. ``int = 5``."""
        return "unknown"

    def contains(self, concrete: object) -> bool:
        """False only when ``concrete`` is certainly not represented by this value."""
        return True

    def inlay_label(self) -> str | None:
        """A short inlay-hint label (arrays and tensors give their shape), or None."""
        return None

    def part_label(self) -> str | None:
        """How the hover of an object lists this value among its attributes (a layer of a
        model), or None to leave it out."""
        return None

    @property
    def origin(self) -> Span | None:
        """Where the value was established, when a domain tracks it."""
        return None

    def python_type(self) -> type | None:
        """The exact CPython type of every concrete value, when known (used for dispatch)."""
        return None


class Top(AbstractValue):
    """⊤: any Python value at all. Operations on ⊤ yield ⊤ and are never reported."""

    __slots__ = ()
    _instance: Top | None = None

    def __new__(cls) -> Top:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def join(self, other: AbstractValue) -> AbstractValue:
        return self

    def leq(self, other: AbstractValue) -> bool:
        return other is self

    def describe(self) -> str:
        return "unknown"

    def __repr__(self) -> str:
        return "TOP"

    def __reduce__(self) -> str:
        return "TOP"


TOP = Top()


def join_all(values: list[AbstractValue] | tuple[AbstractValue, ...]) -> AbstractValue:
    """The join of ``values``; ⊤ when there are none (callers use it where nothing is known)."""
    if not values:
        return TOP
    result = values[0]
    for value in values[1:]:
        result = result.join(value)
    return result
