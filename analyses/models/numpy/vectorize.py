"""The model of ``numpy.vectorize``: a vectorized function broadcasts its arguments.

Only a vectorized function with one declared output type (``otypes=[float]``, no ``signature``
nor ``excluded``) is known to return one array, of the broadcast shape of its positional
arguments; NumPy finds out otherwise by calling the function, so those calls are ⊤. A broadcast
failure is never claimed (NumPy words it through ``frompyfunc``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...arrays import broadcasting
from ...arrays.dtypes import DType
from ...arrays.errors import CertainShapeError
from ...domains.base import TOP, AbstractValue
from ...interpreter.natives import CallContext, NativeValue
from ..calls import ModelCall, Operand


@dataclass(frozen=True, slots=True)
class VectorizedValue(NativeValue):
    """``np.vectorize(f, otypes=...)``: ``single_output`` when one output type was declared."""

    single_output: bool
    dtype: DType

    def describe(self) -> str:
        return "numpy.vectorize"

    def call(self, ctx: CallContext) -> AbstractValue:
        if not self.single_output or ctx.kwargs:
            return TOP
        call = ModelCall(ctx, "vectorize", list(ctx.args), {})
        try:
            operands = [call.operand(value) for value in ctx.args]
        except CertainShapeError:
            return TOP
        if not operands or not all(isinstance(item, Operand) for item in operands):
            return call.array(None, self.dtype)
        try:
            shape = broadcasting.broadcast_shapes(
                *(item.shape for item in operands if item is not None)
            )
        except CertainShapeError:
            shape = None
        return call.array(shape, self.dtype)


def vectorize(call: ModelCall) -> AbstractValue:
    """``vectorize(pyfunc, otypes=None, doc=None, excluded=None, cache=False, signature=None)``."""
    if any(
        call.arg(index, key) not in (None, call.ctx.NONE)
        for index, key in ((3, "excluded"), (5, "signature"))
    ):
        return VectorizedValue(False, None)
    otypes = call.arg(1, "otypes")
    items = call.items(otypes) if otypes is not None else None
    if items is not None and len(items) == 1:
        return VectorizedValue(True, call.dtype(items[0]))
    text = call.string(otypes)
    if text is not None and len(text) == 1:
        return VectorizedValue(True, call.dtype(text))
    return VectorizedValue(False, None)
