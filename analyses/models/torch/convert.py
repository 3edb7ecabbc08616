"""How PyTorch takes an argument as a tensor operand, and ``torch.tensor``'s reading of data.

An operand is a tensor, a NumPy array (``tensor + ndarray`` converts it) or a Python number (a
"wrapped number" in type promotion: ``float`` counts as ``float32``, ``int`` as ``int64``). Data
given to ``torch.tensor`` is nested lists or tuples of numbers (its shape; ``float32`` when any
number is a float, else ``int64``, or ``bool``) or a NumPy array. Anything not known precisely is
``None`` (unknown), never a guess. Certainly ragged data is reported with PyTorch's message.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...arrays.errors import RAGGED, CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.numbers import FloatValue, IntValue
from ...facts import Span
from ...interpreter.natives import CallContext
from ..values import ArrayValue, DimValue
from . import dtypes, messages
from .values import TorchTensor

MAX_DEPTH = 8
MAX_ITEMS = 4096


@dataclass(frozen=True)
class TorchOperand:
    """An argument as a tensor: shape, dtype, whether it is a Python number, and where its shape
    was established."""

    shape: Shape
    dtype: str | None
    number: bool
    origin: Span | None

    @property
    def participant(self) -> dtypes.Participant:
        """This operand in type promotion."""
        dimensioned = None if self.shape is None else len(self.shape) > 0
        return dtypes.Participant(self.dtype, dimensioned, self.number)


def number_dtype(value: AbstractValue) -> str | None:
    """The dtype of a Python number (``None`` if ``value`` is not one)."""
    if isinstance(value, BoolValue):
        return "bool"
    if isinstance(value, (IntValue, DimValue)):
        return "int64"
    if isinstance(value, FloatValue):
        return "float32"
    return None


def operand(value: AbstractValue | None) -> TorchOperand | None:
    """``value`` as an operand of an elementwise op; ``None`` when it is not one the model knows."""
    if value is None or value is TOP:
        return None
    if isinstance(value, TorchTensor):
        return TorchOperand(value.shape, value.dtype, False, value.origin)
    if isinstance(value, ArrayValue):
        return TorchOperand(value.shape, value.dtype, False, value.origin)
    number = number_dtype(value)
    if number is not None:
        return TorchOperand((), number, True, None)
    return None


class _Unknown(Exception):
    """The data cannot be described precisely."""


@dataclass
class _Walk:
    """The state of one reading of nested data: the remaining item budget and the dtypes met."""

    budget: int
    kinds: set[str]


def _sizes(ctx: CallContext, value: AbstractValue, walk: _Walk, depth: int) -> list[int]:
    """The sizes PyTorch infers from the first element at each depth (``compute_sizes``)."""
    if number_dtype(value) is not None:
        return []
    if depth >= MAX_DEPTH or isinstance(value, (TorchTensor, ArrayValue)):
        raise _Unknown
    items = ctx.sequence_items(value)
    if items is None:
        raise _Unknown
    if not items:
        return [0]
    return [len(items), *_sizes(ctx, items[0], walk, depth + 1)]


def _store(ctx: CallContext, value: AbstractValue, sizes: list[int], dim: int, walk: _Walk) -> None:
    """Check every sequence against ``sizes`` in PyTorch's order (``recursive_store``)."""
    if dim == len(sizes):
        kind = number_dtype(value)
        if kind is None:
            raise _Unknown
        walk.kinds.add(kind)
        return
    items = ctx.sequence_items(value) if number_dtype(value) is None else None
    if items is None:
        raise _Unknown
    walk.budget -= len(items)
    if walk.budget < 0:
        raise _Unknown
    if len(items) != sizes[dim]:
        raise CertainShapeError(RAGGED, messages.ragged(sizes[dim], dim, len(items)))
    for item in items:
        _store(ctx, item, sizes, dim + 1, walk)


def data(ctx: CallContext, value: AbstractValue | None) -> TorchOperand | None:
    """The data given to ``torch.tensor``: its shape and inferred dtype (``None`` if unknown).

    Raises ``CertainShapeError`` (PyTorch's ``expected sequence of length ...``) for certainly
    ragged nested lists of numbers.
    """
    if value is None or value is TOP:
        return None
    if isinstance(value, (TorchTensor, ArrayValue)):
        return TorchOperand(value.shape, value.dtype, False, value.origin)
    walk = _Walk(MAX_ITEMS, set())
    try:
        sizes = _sizes(ctx, value, walk, 0)
        _store(ctx, value, sizes, 0, walk)
    except _Unknown:
        return None
    if "float32" in walk.kinds:
        dtype = "float32"
    elif "int64" in walk.kinds:
        dtype = "int64"
    elif walk.kinds:
        dtype = "bool"
    else:
        dtype = "float32"
    return TorchOperand(tuple(sizes), dtype, False, None)
