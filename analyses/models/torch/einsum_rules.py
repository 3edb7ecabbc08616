"""PyTorch's ``torch.einsum`` shape rule: subscripts (letters, one ``...`` per operand), an
explicit output after ``->`` or the implicit one (the labels seen once, sorted, after the
broadcast ``...`` dims).

Checks follow PyTorch's order: the number of subscripts of every operand against its rank, then,
operand by operand, a label repeated within an operand (sizes must agree) and a label's size
against the size seen before for it (size 1 broadcasts). A failure is raised only when its
message prints known sizes and no earlier check could fail first; anything else the rule does not
understand gives an unknown shape.
"""

from __future__ import annotations

from ...arrays.dims import Dim
from ...arrays.errors import MATMUL, CertainShapeError
from ...arrays.shapes import Shape
from . import messages
from .rules import broadcast_pair

ELLIPSIS = "..."


def _terms(equation: str) -> tuple[list[str], str | None] | None:
    text = equation.replace(" ", "")
    inputs_text, _, output = text.partition("->")
    inputs = inputs_text.split(",")
    for term in [*inputs, output]:
        bare = term.replace(ELLIPSIS, "", 1)
        if not (bare.isalpha() or bare == "") or "." in bare:
            return None
    return inputs, (output if "->" in text else None)


def _labels(term: str) -> list[str]:
    """The term's labels, ``...`` as one item."""
    head, found, tail = term.partition(ELLIPSIS)
    return [*head, ELLIPSIS, *tail] if found else list(term)


def einsum(equation: str, operands: list[Shape]) -> Shape:
    """The shape of ``torch.einsum(equation, *operands)`` (``None`` when unknown)."""
    parsed = _terms(equation)
    if parsed is None or any(shape is None for shape in operands):
        return None
    inputs, output = parsed
    if len(inputs) != len(operands):
        return None
    known = [shape for shape in operands if shape is not None]
    for index, (term, shape) in enumerate(zip(inputs, known, strict=True)):
        count = len(term.replace(ELLIPSIS, ""))
        if ELLIPSIS in term:
            if count > len(shape):
                return None
        elif count != len(shape):
            raise CertainShapeError(
                MATMUL, messages.einsum_rank(count, len(shape), index), (index,)
            )
    sizes: dict[str, Dim] = {}
    ellipsis: Shape = ()
    for index, (term, shape) in enumerate(zip(inputs, known, strict=True)):
        labels = _labels(term)
        spread = len(shape) - (len(labels) - 1) if ELLIPSIS in labels else 0
        position = 0
        own: dict[str, Dim] = {}
        for label in labels:
            if label == ELLIPSIS:
                ellipsis = broadcast_pair(ellipsis, shape[position : position + spread])
                position += spread
                continue
            size = shape[position]
            position += 1
            if not isinstance(size, int):
                return None
            if label in own:
                if own[label] != size:
                    raise CertainShapeError(
                        MATMUL, messages.einsum_repeated(label, index, size, own[label]), (index,)
                    )
                continue
            own[label] = size
            previous = sizes.get(label)
            if previous is None or previous == 1:
                sizes[label] = size
            elif size not in (1, previous):
                raise CertainShapeError(
                    MATMUL, messages.einsum_size(label, size, index, previous), (index,)
                )
    if output is None:
        counts: dict[str, int] = {}
        for term in inputs:
            for label in term.replace(ELLIPSIS, ""):
                counts[label] = counts.get(label, 0) + 1
        single = sorted(label for label, count in counts.items() if count == 1)
        output = (ELLIPSIS if any(ELLIPSIS in term for term in inputs) else "") + "".join(single)
    result: list[Dim] = []
    for label in _labels(output):
        if label == ELLIPSIS:
            if ellipsis is None:
                return None
            result.extend(ellipsis)
        elif label in sizes:
            result.append(sizes[label])
        else:
            raise CertainShapeError(MATMUL, messages.einsum_output(label), ())
    if ellipsis is None:
        return None
    return tuple(result)
