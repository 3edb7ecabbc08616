"""Code actions for the whole-file rewrites an analysis offers (``AnalysisResult.rewrites``).

Each offer is presented as a quick fix on the diagnostic it names (``diagnostic_code``), as a
``refactor.rewrite`` action where the cursor or selection touches the offer's span, and as a
``source`` action anywhere in the file when the client asks for source actions. Listing actions
is cheap; the edits need libcst and are computed only when the client resolves an action (or,
for a client without ``codeAction/resolve`` support for ``edit``, when listing).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lsprotocol import types
from tensorls.analyses import RewriteOffer, Span
from tensorls.analyses.text import SourceText

from .documents import DocumentState
from .encoding import PositionEncoder

DISTRIBUTE_HOROVOD = "distribute-horovod"


def _kind_requested(kind: str, only: Sequence[str] | None) -> bool:
    if only is None:
        return True
    return any(kind == wanted or kind.startswith(wanted + ".") for wanted in only)


def _touches(span: Span, other: Span) -> bool:
    return span.start <= other.end and other.start <= span.end


def list_actions(
    state: DocumentState, params: types.CodeActionParams, encoding: str
) -> list[types.CodeAction]:
    """The actions for the offers of the analysis of the current version, without edits."""
    analysis = state.current_analysis()
    if analysis is None or not analysis.result.rewrites:
        return []
    encoder = PositionEncoder(state.text, encoding)
    requested = encoder.span(params.range)
    only = [str(kind) for kind in params.context.only] if params.context.only else None
    actions: list[types.CodeAction] = []
    for offer in analysis.result.rewrites:
        data = {"uri": state.uri, "version": state.version, "identifier": offer.identifier}
        matching = [
            diagnostic
            for diagnostic in params.context.diagnostics
            if offer.diagnostic_code is not None and diagnostic.code == offer.diagnostic_code
        ]
        if matching and _kind_requested(types.CodeActionKind.QuickFix, only):
            actions.append(_action(offer, types.CodeActionKind.QuickFix, data, matching))
        elif _touches(offer.span, requested) and _kind_requested(
            types.CodeActionKind.RefactorRewrite, only
        ):
            actions.append(_action(offer, types.CodeActionKind.RefactorRewrite, data, None))
        if only is not None and _kind_requested(types.CodeActionKind.Source, only):
            actions.append(_action(offer, types.CodeActionKind.Source, data, None))
    return actions


def _action(
    offer: RewriteOffer,
    kind: types.CodeActionKind,
    data: dict[str, Any],
    diagnostics: list[types.Diagnostic] | None,
) -> types.CodeAction:
    return types.CodeAction(
        title=offer.title,
        kind=kind,
        diagnostics=diagnostics,
        is_preferred=True if diagnostics else None,
        data=data,
    )


def compute_edit(
    identifier: str, uri: str, version: int, source: str, encoding: str, document_changes: bool
) -> types.WorkspaceEdit | None:
    """Run the rewrite ``identifier`` on ``source`` (slow: call it off the event loop).

    Returns None when the rewrite is unknown, refuses (blocking findings) or changes nothing.
    """
    if identifier != DISTRIBUTE_HOROVOD:
        return None
    from tensorls.analyses.horovod import distribute

    distribution = distribute(source)
    if distribution.blocking or not distribution.edits:
        return None
    encoder = PositionEncoder(SourceText(source), encoding)
    edits = [
        types.TextEdit(range=encoder.range(edit.span), new_text=edit.new_text)
        for edit in distribution.edits
    ]
    if document_changes:
        return types.WorkspaceEdit(
            document_changes=[
                types.TextDocumentEdit(
                    text_document=types.OptionalVersionedTextDocumentIdentifier(
                        uri=uri, version=version
                    ),
                    edits=edits,
                )
            ]
        )
    return types.WorkspaceEdit(changes={uri: edits})
