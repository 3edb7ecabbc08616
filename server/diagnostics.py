"""Analysis diagnostics as LSP diagnostics, and the content hash used as pull ``resultId``.

Push or pull: a client that declares ``textDocument.diagnostic`` pulls (``textDocument/diagnostic``)
and is never pushed to, except for the empty ``publishDiagnostics`` that clears a closed document;
every other client gets ``textDocument/publishDiagnostics`` with the document version. This follows
the LSP 3.17 advice that one document's diagnostics come from one channel, as ruff's server does.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from lsprotocol import types
from tensorls.analyses import Diagnostic

from .encoding import PositionEncoder

SOURCE = "tensorls"


def to_lsp_diagnostics(
    diagnostics: Iterable[Diagnostic], encoder: PositionEncoder, uri: str
) -> list[types.Diagnostic]:
    """Convert diagnostics of the text ``encoder`` describes; related locations are in ``uri``."""
    return [
        types.Diagnostic(
            range=encoder.range(diagnostic.span),
            severity=types.DiagnosticSeverity(int(diagnostic.severity)),
            code=diagnostic.code,
            source=SOURCE,
            message=diagnostic.message,
            related_information=[
                types.DiagnosticRelatedInformation(
                    location=types.Location(uri=uri, range=encoder.range(related.span)),
                    message=related.message,
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
