"""Shape hints for annotations, inert at run time: ``X: NdArray[64, 128]``, ``NdArray["n", 3]``.

``tensorls`` reads these annotations statically (it never imports this module while analysing);
at run time ``NdArray[...]`` just returns a small description object, so annotated code runs
unchanged with or without ``from __future__ import annotations``. Importing this module imports
neither NumPy nor anything else outside the standard library.

A dimension is a non-negative ``int`` (a known size), a ``str`` (a named size: every hint of a
file using the same name means the same size), or ``int``/``...`` (an unknown size).
``NdArray[()]`` is a 0-d array; a bare ``NdArray`` is an array of unknown shape.
"""

from __future__ import annotations

from typing import Any


class ShapeHint:
    """The run-time value of ``NdArray[...]``: it only remembers the dimensions it was given."""

    __slots__ = ("dims",)

    def __init__(self, dims: tuple[Any, ...]) -> None:
        self.dims = dims

    def __repr__(self) -> str:
        inner = ", ".join(repr(dim) for dim in self.dims) if self.dims else "()"
        return f"NdArray[{inner}]"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ShapeHint) and self.dims == other.dims

    def __hash__(self) -> int:
        return hash(self.dims)


class NdArray:
    """The shape-hint marker: subscript it with the array's dimensions."""

    def __class_getitem__(cls, dims: Any) -> ShapeHint:
        if not isinstance(dims, tuple):
            dims = (dims,)
        return ShapeHint(dims)


__all__ = ["NdArray", "ShapeHint"]
