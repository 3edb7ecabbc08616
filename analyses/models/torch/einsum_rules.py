"""PyTorch's checks of ``torch.einsum`` operands, in its order: the number of subscripts of every
operand against its rank (without an ellipsis), then each subscript's size against the size seen
before for it (size 1 broadcasts). The result shape comes from the shared rule
(:func:`tensorls.analyses.arrays.products.einsum`); other failures are left unknown."""

from __future__ import annotations

from ...arrays.dims import Dim
from ...arrays.errors import MATMUL, CertainShapeError
from ...arrays.shapes import Shape
from . import messages


def _inputs(equation: str) -> list[str] | None:
    text = equation.replace(" ", "")
    inputs = text.split("->")[0].split(",")
    if not all(part.replace("...", "").isalpha() or part in ("", "...") for part in inputs):
        return None
    return inputs


def check(equation: str, operands: list[Shape]) -> None:
    """Raise PyTorch's failure when it is certain and worded with known sizes."""
    inputs = _inputs(equation)
    if inputs is None or len(inputs) != len(operands):
        return
    for index, (labels, shape) in enumerate(zip(inputs, operands, strict=True)):
        if shape is None:
            return
        if "..." not in labels and len(labels) != len(shape):
            raise CertainShapeError(
                MATMUL, messages.einsum_rank(len(labels), len(shape), index), (index,)
            )
        if "..." in labels:
            return
    seen: dict[str, Dim] = {}
    for index, (labels, shape) in enumerate(zip(inputs, operands, strict=True)):
        assert shape is not None
        for label, size in zip(labels, shape, strict=True):
            if not isinstance(size, int):
                return
            previous = seen.get(label)
            if previous is None or previous == 1:
                seen[label] = size
            elif not isinstance(previous, int):
                return
            elif size not in (1, previous):
                raise CertainShapeError(
                    MATMUL, messages.einsum_size(label, size, index, previous), (index,)
                )
