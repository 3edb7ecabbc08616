"""Shape coverage of one analysis: how many array expressions got a known shape.

Counted over the expressions the analysis reached (each source position once, its values over
every execution joined): those whose value is an array (an ``ndarray`` or a ``matrix``), among
them those of known rank and those whose every dimension is known (a constant or a symbol such
as ``n``), and the expressions whose value is entirely unknown (⊤: they may or may not be arrays,
so an array the analysis lost track of is counted there, not among the arrays).
"""

from __future__ import annotations

from dataclasses import dataclass

from .arrays.dims import UnknownDim
from .domains.base import TOP
from .facts import AnalysisResult
from .interpreter.hovers import RecordedFacts
from .models.numpy.matrix import MatrixValue
from .models.values import ArrayValue


@dataclass(frozen=True)
class ShapeCoverage:
    """Counts of expressions reached, by what is known of their shape."""

    expressions: int = 0
    arrays: int = 0
    known_rank: int = 0
    known_shape: int = 0
    unknown: int = 0

    def __add__(self, other: ShapeCoverage) -> ShapeCoverage:
        return ShapeCoverage(
            self.expressions + other.expressions,
            self.arrays + other.arrays,
            self.known_rank + other.known_rank,
            self.known_shape + other.known_shape,
            self.unknown + other.unknown,
        )


def shape_coverage(result: AnalysisResult) -> ShapeCoverage:
    """The shape coverage of ``result`` (all zero when it recorded no values, e.g. a syntax
    error)."""
    if not isinstance(result.hovers, RecordedFacts):
        return ShapeCoverage()
    values = result.hovers.values.values()
    arrays = [value.shape for value in values if isinstance(value, (ArrayValue, MatrixValue))]
    ranked = [shape for shape in arrays if shape is not None]
    return ShapeCoverage(
        expressions=len(values),
        arrays=len(arrays),
        known_rank=len(ranked),
        known_shape=sum(
            1 for shape in ranked if not any(isinstance(dim, UnknownDim) for dim in shape)
        ),
        unknown=sum(1 for value in values if value is TOP),
    )
