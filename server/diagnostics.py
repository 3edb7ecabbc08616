"""Analysis diagnostics as LSP diagnostics, and the content hash used as pull ``resultId``.

Push or pull: a client that declares ``textDocument.diagnostic`` pulls (``textDocument/diagnostic``)
and is never pushed to, except for the empty ``publishDiagnostics`` that clears a closed document;
every other client gets ``textDocument/publishDiagnostics`` with the document version. This follows
the LSP 3.17 advice that one document's diagnostics come from one channel, as ruff's server does.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable

from lsprotocol import types
from tensorls.analyses import Diagnostic
from tensorls.analyses.facts import RelatedInformation

from .encoding import PositionEncoder

SOURCE = "tensorls"


ModuleLocator = Callable[[str], tuple[str, PositionEncoder]]
"""The URI and position encoder of another module of the workspace, by its path."""


def to_lsp_diagnostics(
    diagnostics: Iterable[Diagnostic],
    encoder: PositionEncoder,
    uri: str,
    locate: ModuleLocator | None = None,
) -> list[types.Diagnostic]:
    """Convert diagnostics of the text ``encoder`` describes; related locations are in ``uri``,
    or in the other module they name (``locate`` gives its URI and encoder)."""

    def location(related: RelatedInformation) -> types.Location:
        if related.module is None or locate is None:
            return types.Location(uri=uri, range=encoder.range(related.span))
        other_uri, other_encoder = locate(related.module)
        return types.Location(uri=other_uri, range=other_encoder.range(related.span))

    return [
        types.Diagnostic(
            range=encoder.range(diagnostic.span),
            severity=types.DiagnosticSeverity(int(diagnostic.severity)),
            code=diagnostic.code,
            source=SOURCE,
            message=diagnostic.message,
            related_information=[
                types.DiagnosticRelatedInformation(
                    location=location(related), message=related.message
                )
                for related in diagnostic.related
            ]
            or None,
            tags=[types.DiagnosticTag.Unnecessary] if diagnostic.unnecessary else None,
        )
        for diagnostic in diagnostics
    ]


def result_id(diagnostics: Iterable[types.Diagnostic]) -> str:
    """A hash of exactly what a full report would contain (equal ids mean equal reports)."""
    digest = hashlib.sha256()
    for diagnostic in diagnostics:
        record = [
            diagnostic.range.start.line,
            diagnostic.range.start.character,
            diagnostic.range.end.line,
            diagnostic.range.end.character,
            int(diagnostic.severity or 0),
            diagnostic.code,
            diagnostic.message,
            [
                [
                    related.location.uri,
                    related.location.range.start.line,
                    related.location.range.start.character,
                    related.location.range.end.line,
                    related.location.range.end.character,
                    related.message,
                ]
                for related in diagnostic.related_information or ()
            ],
        ]
        digest.update(json.dumps(record, ensure_ascii=False).encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()[:32]
