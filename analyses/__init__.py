"""tensorls.analyses: a pure library from Python source text to facts.

It never imports pygls or lsprotocol, and never executes, imports or evaluates the code it reads.
The entry point is :func:`analyse`; the Horovod rewrite lives in :mod:`tensorls.analyses.horovod`.
"""

from .facts import (
    AnalysisResult,
    AnalysisSettings,
    Diagnostic,
    HoverFact,
    InlayHintFact,
    InternalError,
    Position,
    RelatedInformation,
    RewriteOffer,
    Severity,
    Span,
    TextEdit,
)
from .pipeline import analyse

__all__ = [
    "AnalysisResult",
    "AnalysisSettings",
    "Diagnostic",
    "HoverFact",
    "InlayHintFact",
    "InternalError",
    "Position",
    "RelatedInformation",
    "RewriteOffer",
    "Severity",
    "Span",
    "TextEdit",
    "analyse",
]
