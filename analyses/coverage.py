"""Shape coverage of one analysis: how many array and tensor expressions got a known shape.

Counted over the expressions the analysis reached (each source position once, its values over
every execution joined): those whose value is an array or a tensor (a NumPy ``ndarray`` or
``matrix``, a TensorFlow tensor — eager, Keras symbolic, graph, variable or ``TensorSpec`` — or a
``torch.Tensor``), by library, among them those of known rank and those whose every dimension is
known (a constant or a symbol such as ``n``), and the expressions whose value is entirely unknown
(⊤: they may or may not be arrays, so an array the analysis lost track of is counted there, not
among the arrays). A module with rank checks is counted on its ordinary analysis (the hovers the
rank projections add to are unwrapped).
"""

from __future__ import annotations

from dataclasses import dataclass

from .arrays.dims import UnknownDim
from .arrays.shapes import Shape
from .domains.base import TOP, AbstractValue
from .facts import AnalysisResult, HoverSource
from .interpreter.core.hovers import RecordedFacts
from .models.numpy.matrix import MatrixValue
from .models.tensorflow.values import TensorValue
from .models.torch.values import TorchTensor
from .models.values import ArrayValue
from .ranks.hovers import RankHovers

LIBRARIES = ("numpy", "tensorflow", "torch")
"""The libraries whose arrays or tensors are counted, in the order ``by_library`` lists them."""


@dataclass(frozen=True)
class ShapeCoverage:
    """Counts of expressions reached, by what is known of their shape; ``by_library`` counts the
    array and tensor expressions of each of ``LIBRARIES``."""

    expressions: int = 0
    arrays: int = 0
    known_rank: int = 0
    known_shape: int = 0
    unknown: int = 0
    by_library: tuple[int, ...] = (0,) * len(LIBRARIES)

    def __add__(self, other: ShapeCoverage) -> ShapeCoverage:
        return ShapeCoverage(
            self.expressions + other.expressions,
            self.arrays + other.arrays,
            self.known_rank + other.known_rank,
            self.known_shape + other.known_shape,
            self.unknown + other.unknown,
            tuple(
                mine + theirs
                for mine, theirs in zip(self.by_library, other.by_library, strict=True)
            ),
        )


def _library(value: AbstractValue) -> str | None:
    """The library of an array or tensor value; None for any other value."""
    if isinstance(value, (ArrayValue, MatrixValue)):
        return "numpy"
    if isinstance(value, TensorValue):
        return "tensorflow"
    if isinstance(value, TorchTensor):
        return "torch"
    return None


def _recorded_facts(hovers: HoverSource | None) -> RecordedFacts | None:
    while isinstance(hovers, RankHovers):
        hovers = hovers.base
    return hovers if isinstance(hovers, RecordedFacts) else None


def shape_coverage(result: AnalysisResult) -> ShapeCoverage:
    """The shape coverage of ``result`` (all zero when it recorded no values, e.g. a syntax
    error)."""
    recorded = _recorded_facts(result.hovers)
    if recorded is None:
        return ShapeCoverage()
    values = recorded.values.values()
    tensors: list[tuple[str, Shape]] = []
    for value in values:
        library = _library(value)
        if library is not None:
            tensors.append((library, value.shape))  # type: ignore[attr-defined]
    ranked = [shape for _, shape in tensors if shape is not None]
    return ShapeCoverage(
        expressions=len(values),
        arrays=len(tensors),
        known_rank=len(ranked),
        known_shape=sum(
            1 for shape in ranked if not any(isinstance(dim, UnknownDim) for dim in shape)
        ),
        unknown=sum(1 for value in values if value is TOP),
        by_library=tuple(sum(1 for library, _ in tensors if library == name) for name in LIBRARIES),
    )
