"""Ints related to the world size in the rank projections: ``a * size + b`` and "this rank".

A rank projection covers every run of two or more processes, so ``size()`` is an int >= 2 there.
An interval loses the relation between ``10 * size + 1`` examples and the ``size`` shards they are
split into, which decides each rank's share: ``len(range(r, 10 * size + 1, size))`` is 11 on rank
0 and 10 on every rank 1 <= r <= size - 1, whatever the size. Two subclasses of ``IntValue`` keep
what is needed while every consumer not asking for more sees the same interval as before:

* :class:`SizeMultiple`: an int equal to ``coefficient * size + offset`` (``coefficient`` not 0),
  with the interval that form takes for sizes >= 2. ``+``, ``-`` and ``*`` with an int constant or
  another such form keep the form when the result is still of degree one; anything else (``//``,
  ``%``, a product of two forms, an int interval) is the interval result of today.
* :class:`OtherRank`: the rank in the other-rank projection, an int in ``[1, size - 1]`` (its
  interval is ``[1, +∞]``); arithmetic on it gives plain intervals.

The projection's share of a sequence, array or tensor sliced ``[rank::size]``, or of
``Dataset.shard(size, rank)``, is :func:`strided_count`: known only when it is the same for every
size >= 2 (and, in the other projection, for every rank from 1 to size - 1); otherwise unknown,
silently. Array dimensions equal to ``a * size + b`` are ``arrays.dims`` expressions of
``SIZE_SYMBOL`` (:meth:`SizeMultiple.dimension`, read back by :func:`sized_count`), so NumPy,
PyTorch and ``tf.data`` shapes carry the relation; the interpreter asks the ``IntValue`` hooks
(``related``, ``sliced_length``, ``dimension``), never this module.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..arrays import dims
from ..arrays.dims import Dim, SymbolicDim
from ..domains.base import AbstractValue
from ..domains.none import NONE
from ..domains.numbers import IntValue
from ..domains.sequences import TupleValue
from ..domains.slices import SliceValue

SIZE_SYMBOL = dims.symbol("size", "world-size", "the number of processes of the run (>= 2)")
MAX_BITS = 62
"""Largest coefficient or offset kept (in bits); beyond it the result is the interval's."""
MAX_OFFSET = 10_000
"""Largest ``|offset|`` for which :func:`strided_count` checks the sizes up to its stable range."""


@dataclass(frozen=True, slots=True)
class SizeMultiple(IntValue):
    """An ``int`` equal to ``coefficient * size + offset`` for the run's size (>= 2)."""

    coefficient: int = 1
    offset: int = 0

    def join(self, other: AbstractValue) -> AbstractValue:
        return self if other == self else IntValue.join(self, other)

    def widen(self, other: AbstractValue) -> AbstractValue:
        return self if other == self else IntValue.widen(self, other)

    def related(self, op: str, other: AbstractValue, reflected: bool) -> IntValue | None:
        form = _form(other)
        if form is None:
            return None
        mine = (self.coefficient, self.offset)
        left, right = (form, mine) if reflected else (mine, form)
        result: tuple[int, int] | None = None
        if op == "Add":
            result = (left[0] + right[0], left[1] + right[1])
        elif op == "Sub":
            result = (left[0] - right[0], left[1] - right[1])
        elif op == "Mult" and (left[0] == 0 or right[0] == 0):
            factor, term = (left[1], right) if left[0] == 0 else (right[1], left)
            result = (factor * term[0], factor * term[1])
        if result is None or max(abs(result[0]), abs(result[1])).bit_length() > MAX_BITS:
            return None
        return affine(*result)

    def sliced_length(
        self, lower: AbstractValue, upper: AbstractValue, step: AbstractValue
    ) -> IntValue | None:
        """``[rank::size]`` of a sequence of this length: the projection's share."""
        if upper is not NONE or not is_size(step):
            return None
        start = rank_kind(lower)
        if start is None:
            return None
        count = strided_count(self.coefficient, self.offset, start == 0)
        return None if count is None else IntValue.constant_of(count)

    def dimension(self) -> object | None:
        return dims.add(dims.multiply(self.coefficient, SIZE_SYMBOL), self.offset)


@dataclass(frozen=True, slots=True)
class OtherRank(IntValue):
    """The rank of a process other than rank 0: an int in ``[1, size - 1]``."""

    def join(self, other: AbstractValue) -> AbstractValue:
        return self if other == self else IntValue.join(self, other)

    def widen(self, other: AbstractValue) -> AbstractValue:
        return self if other == self else IntValue.widen(self, other)


SIZE = SizeMultiple(2, None, 1, 0)
OTHER_RANK = OtherRank(1, None)


def affine(coefficient: int, offset: int) -> IntValue:
    """``coefficient * size + offset``: a constant when ``coefficient`` is 0."""
    if coefficient == 0:
        return IntValue.constant_of(offset)
    bound = 2 * coefficient + offset
    if coefficient > 0:
        return SizeMultiple(bound, None, coefficient, offset)
    return SizeMultiple(None, bound, coefficient, offset)


def _form(value: AbstractValue) -> tuple[int, int] | None:
    if isinstance(value, SizeMultiple):
        return (value.coefficient, value.offset)
    if isinstance(value, IntValue) and value.constant is not None:
        return (0, value.constant)
    return None


def is_size(value: AbstractValue) -> bool:
    """True for an int equal to the run's size."""
    return isinstance(value, SizeMultiple) and (value.coefficient, value.offset) == (1, 0)


def rank_kind(value: AbstractValue) -> int | None:
    """0 for the int 0 (rank 0's index), 1 for :class:`OtherRank`, None for anything else."""
    if isinstance(value, OtherRank):
        return 1
    if isinstance(value, IntValue) and value.constant == 0:
        return 0
    return None


def strided_count(coefficient: int, offset: int, first_rank: bool) -> int | None:
    """``len(range(r, coefficient * size + offset, size))`` when it is the same int for every size
    >= 2 and every r: r = 0 when ``first_rank``, else every 1 <= r <= size - 1; None otherwise,
    and when the length ``coefficient * size + offset`` may be negative.

    The count is ``coefficient + ceil((offset - r) / size)``: non-increasing in r (so the two
    extreme ranks bound it) and constant once ``size > |offset| + 1``, so checking the sizes up to
    ``|offset| + 3`` covers every size."""
    if coefficient < 0 or 2 * coefficient + offset < 0 or abs(offset) > MAX_OFFSET:
        return None
    counts: set[int] = set()
    for size in range(2, abs(offset) + 4):
        total = coefficient * size + offset
        ranks = (0,) if first_rank else (1, size - 1)
        counts.update(len(range(rank, total, size)) for rank in ranks)
        if len(counts) > 1:
            return None
    return counts.pop()


def sized_count(count: object) -> tuple[int, int] | None:
    """``(coefficient, offset)`` of a dimension equal to ``coefficient * size + offset``."""
    if not isinstance(count, SymbolicDim) or count.symbols() != (SIZE_SYMBOL.symbols()[0],):
        return None
    coefficient = offset = 0
    for monomial, factor in count.terms:
        if monomial == ():
            offset = factor
        elif monomial == SIZE_SYMBOL.terms[0][0]:
            coefficient = factor
        else:
            return None
    return (coefficient, offset)


def strided_index(
    shape: tuple[Dim, ...] | None, index: AbstractValue
) -> tuple[int, AbstractValue] | None:
    """For ``array[rank::size]`` (or ``array[rank::size, ...]``) of an array whose first dimension
    is ``a * size + b``, when the projection's share is decided: the share, and the index with
    that slice replaced by ``:`` (the array model computes the other dimensions from it, and the
    first one is the share)."""
    items = index.items if isinstance(index, TupleValue) else None
    first = items[0] if items else index
    if not isinstance(first, SliceValue) or not shape:
        return None
    form = sized_count(shape[0])
    if form is None or form[0] == 0:
        return None
    share = affine(*form).sliced_length(first.lower, first.upper, first.step)
    if share is None or share.constant is None:
        return None
    whole = SliceValue()
    return share.constant, (TupleValue.of((whole, *items[1:])) if items else whole)
