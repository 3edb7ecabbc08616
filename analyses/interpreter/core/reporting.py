"""Collects diagnostics, applying the reporting contract.

A failure is reported as an error only when it is certain on every execution reaching the point;
possible failures become warnings, and only in "possible" mode. Nothing is reported while a
handler could swallow the exception: inside a ``try`` body with handlers, or a ``with`` block whose
context manager is not known to propagate exceptions (including inside user functions called from
there). Reports made inside analysed user functions carry the chain of call sites that led there.
Identical reports (same place, code and message; for a failure in another module's code placed
at the document's call, also the same failing place there) are kept once.
"""

from __future__ import annotations

import ast
import os.path
from collections.abc import Callable, Sequence

from ...facts import Diagnostic, ModuleSpan, RelatedInformation, Severity, Span
from ..incremental.anchored_spans import plain


class Reporter:
    """The diagnostics of one interpretation."""

    def __init__(self, possible_mode: bool, span_of: Callable[[ast.AST], Span]) -> None:
        self.possible_mode = possible_mode
        self.swallowing = 0
        self.suppressed = 0
        """How many failures were dropped because a handler could swallow them (a counter)."""
        self.call_sites: list[tuple[ast.AST, str]] = []
        self._span_of = span_of
        self._diagnostics: dict[tuple[Span, str, str, Span | None], Diagnostic] = {}

    def report(
        self,
        span: Span,
        code: str,
        message: str,
        certain: bool,
        related: Sequence[tuple[Span, str]] = (),
        advice: bool = False,
    ) -> None:
        """Record a failure (``certain`` or possible), or with ``advice`` a warning in any mode.

        Advice (e.g. an annotation contradicting an inferred shape) is not an exception, so no
        handler can swallow it.
        """
        if self.swallowing and not advice:
            self.suppressed += 1
            return
        if not certain and not self.possible_mode and not advice:
            return
        sites = [(plain(self._span_of(site)), description) for site, description in self.call_sites]
        failing: Span | None = None
        if isinstance(span, ModuleSpan):
            failing = span
            placed = _placed_in_document(span, message, related, sites)
            if placed is None:
                return
            span, message, related, sites = placed
        span = plain(span)
        key = (span, code, message, failing)
        if key in self._diagnostics:
            return
        chain = [
            related_information(site, f"called from here: {description}")
            for site, description in reversed(sites)
        ]
        self._diagnostics[key] = Diagnostic(
            span=span,
            severity=Severity.ERROR if certain and not advice else Severity.WARNING,
            code=code,
            message=message,
            related=tuple(related_information(s, m) for s, m in related if s is not None)
            + tuple(chain),
        )

    def add(self, diagnostic: Diagnostic) -> None:
        self._diagnostics.setdefault(
            (diagnostic.span, diagnostic.code, diagnostic.message, None), diagnostic
        )

    def mark(self) -> int:
        """How many diagnostics are kept now (for ``drop_since``)."""
        return len(self._diagnostics)

    def drop_since(self, mark: int) -> None:
        """Forget the diagnostics kept after ``mark`` was taken."""
        for key in list(self._diagnostics)[mark:]:
            del self._diagnostics[key]

    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return tuple(sorted(self._diagnostics.values(), key=lambda d: (d.span, d.code, d.message)))


def _placed_in_document(
    span: ModuleSpan,
    message: str,
    related: Sequence[tuple[Span, str]],
    sites: list[tuple[Span, str]],
) -> tuple[Span, str, list[tuple[Span, str]], list[tuple[Span, str]]] | None:
    """A failure in another module's code, placed at the document's innermost call site (or
    import) leading to it: the message names the function entered there and its module, and the
    failing line and the call sites inside that module come first among the related locations.
    None when no call site is in the document (nothing to place it at)."""
    for index in range(len(sites) - 1, -1, -1):
        site, description = sites[index]
        if isinstance(site, ModuleSpan):
            continue
        inner = sites[index + 1 :]
        module = inner[0][0].module if inner else span.module  # type: ignore[attr-defined]
        label = os.path.basename(module)
        if description.startswith("import "):
            where = f"in {description[len('import ') :]}, imported here"
        else:
            where = f"in {description.removesuffix('(...)')}() of {label}"
        placed_related = [
            (span, "fails here"),
            *related,
            *(
                (inner_site, f"called from here: {inner_description}")
                for inner_site, inner_description in reversed(inner)
            ),
        ]
        return site, f"{message} ({where})", placed_related, sites[:index]
    return None


def related_information(span: Span, message: str) -> RelatedInformation:
    """A related location; a ``ModuleSpan`` names the other module it lies in."""
    if isinstance(span, ModuleSpan):
        return RelatedInformation(Span(span.start, span.end), message, span.module)
    return RelatedInformation(plain(span), message)
