"""Array shapes: a tuple of dimensions, or ``None`` for an unknown rank.

Formatting follows the two conventions users see: NumPy's error messages print ``(3,4)`` with no
space (``format_numpy``), while Python's ``repr`` of a shape tuple, used in hover text, prints
``(3, 4)`` (``format_python``).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import dims
from .dims import UNKNOWN, Dim

Shape = tuple[Dim, ...] | None


def format_numpy(shape: Shape) -> str:
    """``(3,4)``, ``(5,)``, ``()`` as in NumPy's error messages; ``(...)`` for unknown rank."""
    if shape is None:
        return "(...)"
    inner = ",".join(dims.format_dim(dim) for dim in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


def format_python(shape: Shape) -> str:
    """``(3, 4)``, ``(5,)``, ``()`` as Python prints a shape tuple; ``(...)`` for unknown rank."""
    if shape is None:
        return "(...)"
    inner = ", ".join(dims.format_dim(dim) for dim in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


def size(shape: Shape) -> Dim:
    """The number of elements."""
    if shape is None:
        return UNKNOWN
    return dims.product(shape)


def join(a: Shape, b: Shape) -> Shape:
    """The least shape covering both (dimension-wise join; unknown rank when ranks differ)."""
    if a is None or b is None or len(a) != len(b):
        return None
    return tuple(dims.join(x, y) for x, y in zip(a, b, strict=False))


def leq(a: Shape, b: Shape) -> bool:
    """Whether every concretisation of ``a`` is one of ``b``."""
    if b is None:
        return True
    if a is None or len(a) != len(b):
        return False
    return all(isinstance(y, dims.UnknownDim) or x == y for x, y in zip(a, b, strict=False))


def contains(shape: Shape, concrete: Sequence[int]) -> bool:
    """Whether the concrete shape ``concrete`` is a possible value of ``shape``.

    Symbols are treated as independent (a symbol repeated in ``shape`` is not required to take the
    same value twice), so this over-approximates the concretisation.
    """
    if shape is None:
        return True
    return len(shape) == len(concrete) and all(
        dims.contains(dim, value) for dim, value in zip(shape, concrete, strict=False)
    )


def unknown_of_rank(rank: int) -> Shape:
    """A shape of the given rank with every dimension unknown."""
    return (UNKNOWN,) * rank


def is_fully_known(shape: Shape) -> bool:
    """True when the rank and every dimension are constants."""
    return shape is not None and all(isinstance(dim, int) for dim in shape)


def symbols_of(shape: Shape) -> list[dims.Symbol]:
    """The symbols mentioned by ``shape``, in order of first appearance."""
    found: list[dims.Symbol] = []
    for dim in shape or ():
        if isinstance(dim, dims.SymbolicDim):
            for item in dim.symbols():
                if item not in found:
                    found.append(item)
    return found
