"""The TF2 → Horovod rewrite: ``detect`` (stdlib ast, cheap) and ``distribute`` (libcst, lazy)."""

from .detection import OFFER_IDENTIFIER, SINGLE_DEVICE_CODE, TrainingFacts, detect
from .distribution import Distribution, distribute
from .planner_base import RESTRICTION_CODE

__all__ = [
    "OFFER_IDENTIFIER",
    "RESTRICTION_CODE",
    "SINGLE_DEVICE_CODE",
    "Distribution",
    "TrainingFacts",
    "detect",
    "distribute",
]
