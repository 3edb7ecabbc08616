"""One call of a modelled PyTorch function or tensor method: argument access and conversion, and
finishing a result (a tensor established at the call, ⊤ after a reported failure).

A method receives its tensor as argument 0, so ``torch.sum(x, 1)`` and ``x.sum(1)`` share one
model. Conversions never guess: an argument not known precisely is ``UNKNOWN`` (an int) or
``None`` (a shape, dtype or operand), and the rules then over-approximate.
"""

from __future__ import annotations

from collections.abc import Callable

from ...arrays.dims import Dim
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...domains.bools import BoolValue
from ...domains.none import NONE
from ...domains.numbers import IntValue
from ..calls import FAILED, ModelCall
from ..values import DimValue
from .convert import TorchOperand, operand
from .values import TorchDTypeValue, TorchTensor

Impl = Callable[["TorchCall"], AbstractValue]


class TorchCall(ModelCall):
    """The arguments of one call (for methods, the tensor comes first) and its context."""

    __slots__ = ()

    def torch_dtype(self, value: AbstractValue | None) -> str | None:
        """A ``dtype`` argument: a ``torch.dtype`` (``None`` for anything else: PyTorch rejects
        NumPy dtypes and names)."""
        if isinstance(value, TorchDTypeValue):
            return value.name
        return None

    def wanted_dtype(self, index: int | None, default: str | None) -> str | None:
        """The ``dtype`` argument at ``index`` (or keyword), ``default`` when absent or None."""
        value = self.arg(index, "dtype")
        if value is None or value is NONE:
            return default
        return self.torch_dtype(value)

    def tensor(self, index: int | None, keyword: str | None = "input") -> TorchOperand | None:
        """Argument ``index``/``keyword`` as a tensor operand (``None`` when absent or unknown)."""
        return operand(self.arg(index, keyword))

    def sizes(self, start: int, keyword: str = "size") -> tuple[Dim, ...] | None:
        """A size given as varargs from ``start`` (``zeros(2, 3)``) or as one sequence
        (``zeros((2, 3))``, ``zeros(x.shape)``, ``size=...``); ``None`` when unknown."""
        rest = self.args[start:]
        if not rest:
            return self.dims_of(self.kwargs.get(keyword))
        if len(rest) == 1 and not isinstance(rest[0], (IntValue, DimValue, BoolValue)):
            return self.dims_of(rest[0])
        return self.dims_of(self.ctx.make_tuple(rest))

    def finish(self, shape: Shape | object, dtype: str | None) -> AbstractValue:
        """A tensor of ``shape`` established at the call; ⊤ after a reported failure."""
        if shape is FAILED:
            return TOP
        return TorchTensor(shape, dtype, self.ctx.span())  # type: ignore[arg-type]


def shape_of(item: TorchOperand | None) -> Shape:
    return None if item is None else item.shape


def dtype_of(item: TorchOperand | None) -> str | None:
    return None if item is None else item.dtype
