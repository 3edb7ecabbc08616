"""Running a TensorFlow shape rule at a call: reporting its certain failure (related to where the
operands' shapes were established) and building the resulting tensor."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ...arrays.errors import CertainShapeError
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...interpreter.natives import CallContext
from ..calls import FAILED, established_here
from .convert import TensorOperand
from .values import TensorValue

T = TypeVar("T")


def run(
    ctx: CallContext, rule: Callable[[], T], operands: Sequence[TensorOperand | None] = ()
) -> T | object:
    """The rule's result, or ``FAILED`` after reporting its certain failure.

    A failure involving a Keras symbolic tensor is not reported (graph mode words it
    differently): the result is then ``FAILED`` silently.
    """
    try:
        return rule()
    except CertainShapeError as failure:
        if any(item is not None and item.symbolic for item in operands):
            return FAILED
        ctx.report(failure.code, failure.message, related=established_here(failure, operands))
        return FAILED


def tensor(
    ctx: CallContext,
    shape: Shape | object,
    dtype: str | None,
    operands: Sequence[TensorOperand | None] = (),
) -> AbstractValue:
    """The result tensor established at the call (⊤ after a reported failure); a Keras symbolic
    tensor when an operand is one."""
    if shape is FAILED:
        return TOP
    symbolic = any(item is not None and item.symbolic for item in operands)
    return TensorValue(shape, dtype, ctx.span(), "keras" if symbolic else "tensor")  # type: ignore[arg-type]
