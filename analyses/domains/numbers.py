"""Integers as intervals, floats as a constant or any float.

Integers: an interval ``[low, high]`` with ``None`` for an infinite bound; a constant is the
interval of one point. Intervals rather than "constant or ⊤" because joins of a few constants
(``n = 32 if big else 16``) keep the sign and range, which is what decides certain failures such as
a zero divisor or a negative repetition count, and because widening (an unstable bound jumps to
infinity) still makes every loop terminate after two steps. Floats are a single constant or any
float: float arithmetic rarely decides a certain failure, and intervals of floats would need
outward rounding to stay sound.

``bool`` is a subclass of ``int`` in CPython, so an ``IntValue`` contains ``True`` and ``False``
when its interval contains 1 and 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .base import TOP, AbstractValue
from .bools import BoolValue


@dataclass(frozen=True, slots=True)
class IntValue(AbstractValue):
    """An ``int`` in ``[low, high]`` (``None`` bounds are infinite)."""

    low: int | None = None
    high: int | None = None

    @staticmethod
    def constant_of(value: int) -> IntValue:
        return IntValue(int(value), int(value))

    @property
    def constant(self) -> int | None:
        """The value when the interval holds exactly one integer."""
        if self.low is not None and self.low == self.high:
            return self.low
        return None

    def may_be_zero(self) -> bool:
        return (self.low is None or self.low <= 0) and (self.high is None or self.high >= 0)

    def join(self, other: AbstractValue) -> AbstractValue:
        if type(other) is not IntValue:
            other = _as_interval(other)
            if not isinstance(other, IntValue):
                return TOP
        low = None if self.low is None or other.low is None else min(self.low, other.low)
        high = None if self.high is None or other.high is None else max(self.high, other.high)
        return IntValue(low, high)

    def widen(self, other: AbstractValue) -> AbstractValue:
        other = _as_interval(other)
        if not isinstance(other, IntValue):
            return TOP
        low = (
            self.low
            if self.low is not None and other.low is not None and other.low >= self.low
            else None
        )
        high = (
            self.high
            if self.high is not None and other.high is not None and other.high <= self.high
            else None
        )
        return IntValue(low, high)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP:
            return True
        if not isinstance(other, IntValue):
            return False
        if type(other) is not IntValue and self != other:
            return False
        low_ok = other.low is None or (self.low is not None and self.low >= other.low)
        high_ok = other.high is None or (self.high is not None and self.high <= other.high)
        return low_ok and high_ok

    def describe(self) -> str:
        if self.constant is not None:
            return f"int = {self.constant}"
        if self.low is None and self.high is None:
            return "int"
        low = "-∞" if self.low is None else str(self.low)
        high = "+∞" if self.high is None else str(self.high)
        return f"int in [{low}, {high}]"

    def contains(self, concrete: object) -> bool:
        if not isinstance(concrete, int):
            return False
        value = int(concrete)
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)

    def python_type(self) -> type | None:
        return int

    def related(self, op: str, other: AbstractValue, reflected: bool) -> IntValue | None:
        """Extension point for subclasses that keep a relation an interval loses (an int equal to
        ``a * size + b`` for the run's unknown size): ``self op other`` (``other op self`` when
        ``reflected``) with that relation, or None to compute on the intervals. A subclass's value
        lies in its interval; ``leq`` of any other value to it is false."""
        return None

    def sliced_length(
        self, lower: AbstractValue, upper: AbstractValue, step: AbstractValue
    ) -> IntValue | None:
        """Extension point: the length of a sequence of this length sliced by ``[lower:upper:step]``
        when a subclass's relation decides it (None: not known from the interval alone)."""
        return None

    def dimension(self) -> object | None:
        """Extension point: the symbolic array dimension (``arrays.dims``) this int equals, when a
        subclass knows one."""
        return None


ANY_INT = IntValue()
NON_NEGATIVE_INT = IntValue(0, None)


def _as_interval(value: AbstractValue) -> AbstractValue:
    if isinstance(value, BoolValue):
        if value.value is None:
            return IntValue(0, 1)
        return IntValue.constant_of(int(value.value))
    return value


@dataclass(frozen=True, slots=True)
class FloatValue(AbstractValue):
    """A ``float``: the constant ``value``, or any float when ``value`` is None (any float other
    than zero when ``nonzero``, e.g. a choice between two non-zero constants)."""

    value: float | None = None
    nonzero: bool = False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FloatValue):
            return False
        if self.value is None or other.value is None:
            return self.value is other.value and self.nonzero == other.nonzero
        if math.isnan(self.value) and math.isnan(other.value):
            return True
        return self.value == other.value and math.copysign(1, self.value) == math.copysign(
            1, other.value
        )

    def __hash__(self) -> int:
        return hash(("float", None if self.value is None or math.isnan(self.value) else self.value))

    def is_nonzero(self) -> bool:
        """True when the float is certainly not zero (NaN is not zero)."""
        return self.nonzero if self.value is None else self.value != 0.0

    def join(self, other: AbstractValue) -> AbstractValue:
        if not isinstance(other, FloatValue):
            return TOP
        if self == other:
            return self
        return NONZERO_FLOAT if self.is_nonzero() and other.is_nonzero() else ANY_FLOAT

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP or other == ANY_FLOAT or self == other:
            return True
        return other == NONZERO_FLOAT and self.is_nonzero()

    def describe(self) -> str:
        return "float" if self.value is None else f"float = {self.value!r}"

    def contains(self, concrete: object) -> bool:
        if type(concrete) is not float:
            return False
        if self.value is None:
            return not self.nonzero or concrete != 0.0
        if math.isnan(self.value):
            return math.isnan(concrete)
        return concrete == self.value

    def python_type(self) -> type | None:
        return float


ANY_FLOAT = FloatValue(None)
NONZERO_FLOAT = FloatValue(None, nonzero=True)
