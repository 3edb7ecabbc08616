"""Shape annotations people write — tensorls' ``NdArray``, NumPy's typing, jaxtyping and
torchtyping — read as syntax (never imported), refining what the analysis infers and checked
against it; and calls of functions whose jaxtyping annotations a run-time checker enforces.

Shared by every array model: NumPy arrays, TensorFlow tensors and any other value with a
``shape`` and a ``dtype``.
"""

from ...interpreter.natives import register_annotation_refiner
from . import contracts, refiner


def register() -> None:
    register_annotation_refiner(refiner.refine)
    contracts.register()


__all__ = ["register"]
