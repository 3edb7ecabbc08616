"""The rank checks in the code of the project modules the document imports (docs/modules.md).

With a workspace, the projections run the imported project modules as each rank runs them
(``projections``), so a collective, the call leading to it or a rank-dependent condition may lie
in another module's code; its spans are ``ModuleSpan``s. This module answers, for those:

- ``ReachedSpans``: whether a projection evaluated the expression at a span of the document or of
  an imported module;
- ``in_document``: a finding at a ``ModuleSpan`` reported in the document, as ``reporting``
  places a failure of another module's code: at the document's innermost call (or import) leading
  to it, the message naming the function entered there and its module, the failing site first
  among the related locations ("fails here"), then the call sites inside the other modules. A
  finding no call of the document leads to is dropped (nothing to place it at).

Never done: a hint in another module (a block only one side runs there belongs to that module's
own analysis).
"""

from __future__ import annotations

import ast
import os.path
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..facts import Diagnostic, ModuleSpan, RelatedInformation, Span
from ..interpreter.core.hovers import NodeKey, node_key
from ..interpreter.modules.module_code import ModuleCode
from ..text import SourceText
from .projections import Projection


class ReachedSpans:
    """The spans of the expressions one projection evaluated, in the document and in the
    imported modules (asked span by span: converting every recorded position to a span would
    cost more than the few questions)."""

    def __init__(self, projection: Projection, text: SourceText) -> None:
        self.values = projection.interpretation.expression_values
        self.text = text
        self.projection = projection
        self.modules = {module.path: module for module in projection.modules}
        self._module_keys: dict[str, set[NodeKey]] = {}

    def __contains__(self, span: Span) -> bool:
        if isinstance(span, ModuleSpan):
            module = self.modules.get(span.module)
            return module is not None and _key(span, module.text) in self._reached_in(module)
        return _key(span, self.text) in self.values

    def meets(self, spans: Iterable[Span]) -> bool:
        """Whether one of ``spans`` was reached."""
        return any(span in self for span in spans)

    def _reached_in(self, module: ModuleCode) -> set[NodeKey]:
        keys = self._module_keys.get(module.path)
        if keys is None:
            keys = {
                node_key(node)
                for node in ast.walk(module.tree)
                if self.projection.module_value(node) is not None
            }
            self._module_keys[module.path] = keys
        return keys


def _key(span: Span, text: SourceText) -> NodeKey:
    start, end = span.start, span.end
    return (
        start.line + 1,
        text.utf8_from_character(start.line, start.character),
        end.line + 1,
        text.utf8_from_character(end.line, end.character),
    )


def related(span: Span, message: str) -> RelatedInformation:
    """A related location; a ``ModuleSpan`` names the module it lies in."""
    if isinstance(span, ModuleSpan):
        return RelatedInformation(Span(span.start, span.end), message, span.module)
    return RelatedInformation(span, message)


def in_document(
    diagnostic: Diagnostic, callers: Sequence[Span], modules: Sequence[ModuleCode]
) -> Diagnostic | None:
    """``diagnostic`` as the document reports it (see the module doc); ``callers``: the call
    sites leading from the document's module body to its span, outermost first."""
    span = diagnostic.span
    if not isinstance(span, ModuleSpan):
        return diagnostic
    for index in range(len(callers) - 1, -1, -1):
        site = callers[index]
        if isinstance(site, ModuleSpan):
            continue
        inner = callers[index + 1 :]
        entered = inner[0] if inner else span
        assert isinstance(entered, ModuleSpan)
        label = os.path.basename(entered.module)
        function = _function_at(entered, modules)
        where = f"in {label}, imported here" if function is None else f"in {function}() of {label}"
        return replace(
            diagnostic,
            span=Span(site.start, site.end),
            message=f"{diagnostic.message} ({where})",
            related=(
                related(span, "fails here"),
                *diagnostic.related,
                *(related(inner_site, "called from here") for inner_site in reversed(inner)),
            ),
        )
    return None


def _function_at(span: ModuleSpan, modules: Sequence[ModuleCode]) -> str | None:
    """The qualified name of the innermost function of ``span``'s module enclosing it."""
    module = next((module for module in modules if module.path == span.module), None)
    if module is None:
        return None
    line = span.start.line + 1
    found: str | None = None
    scopes: list[tuple[list[ast.stmt], str]] = [(module.tree.body, "")]
    while scopes:
        body, prefix = scopes.pop()
        for statement in body:
            if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if not statement.lineno <= line <= (statement.end_lineno or statement.lineno):
                continue
            name = f"{prefix}{statement.name}"
            if isinstance(statement, ast.ClassDef):
                scopes.append((statement.body, f"{name}."))
            else:
                found = name
                scopes.append((statement.body, f"{name}.<locals>."))
    return found
