"""The certain failures a shape rule can report.

A rule raises :class:`CertainShapeError` only when the operation raises for *every* concretisation
of its abstract inputs. ``message`` is NumPy's own wording for the concrete case; ``operands`` are
the positions (0-based) of the arguments whose shapes the message is about, so that the caller can
relate the diagnostic to where those shapes were established.

A framework with other wording (TensorFlow) words a failure itself from its ``facts``: the shapes
the failure is about, in operand order, attached by the rules whose failures another framework
shares (``broadcast_shapes``). A failure without facts has only NumPy's wording.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .shapes import Shape

BROADCAST = "shape-broadcast"
MATMUL = "shape-matmul"
RESHAPE = "shape-reshape"
CONCATENATE = "shape-concatenate"
AXIS = "shape-axis"
INDEX = "shape-index"
SPLIT = "shape-split"
TRUTH = "array-truth-ambiguous"
HINT_MISMATCH = "shape-hint-mismatch"
LINALG = "shape-linalg"
RAGGED = "array-ragged"
ARGUMENT = "array-argument"


class CertainShapeError(Exception):
    """An operation that fails on every execution; ``code`` is the diagnostic code."""

    def __init__(
        self,
        code: str,
        message: str,
        operands: tuple[int, ...] = (),
        facts: tuple[Shape, ...] = (),
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.operands = operands
        self.facts = facts


def axis_error(axis: int, ndim: int, prefix: str = "") -> CertainShapeError:
    """NumPy's ``AxisError`` wording, e.g. ``axis 2 is out of bounds for array of dimension 2``."""
    lead = f"{prefix}: " if prefix else ""
    return CertainShapeError(
        AXIS, f"{lead}axis {axis} is out of bounds for array of dimension {ndim}", (0,)
    )
