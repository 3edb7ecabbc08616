"""tensorls.analyses: a pure library from Python source text to facts.

It never imports pygls or lsprotocol, and never executes, imports or evaluates the code it reads.
The entry point is :func:`analyse`; the Horovod rewrite lives in :mod:`tensorls.analyses.horovod`.
Importing this package loads only the facts (:mod:`.facts`): :func:`analyse`, with the interpreter
and every library model behind it, is imported on first use, so that a program that starts before
it analyses anything (the language server answering ``initialize``) does not wait for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .facts import (
    AnalysisResult,
    AnalysisSettings,
    BudgetStop,
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

if TYPE_CHECKING:
    from .pipeline import analyse

__all__ = [
    "AnalysisResult",
    "AnalysisSettings",
    "BudgetStop",
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


def __getattr__(name: str) -> object:
    """``analyse``, imported from :mod:`.pipeline` on first access (module ``__getattr__``)."""
    if name == "analyse":
        from .pipeline import analyse

        globals()["analyse"] = analyse
        return analyse
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
