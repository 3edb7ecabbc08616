"""The facts an analysis hands to its clients (the server, the CLI, tests).

Everything here is plain, immutable data with no dependency on pygls or lsprotocol. Positions are
zero-based lines and zero-based columns counted in Unicode code points (Python ``str`` indices);
the server converts them to the client's negotiated encoding (UTF-16 or UTF-8) and the CLI prints
them one-based.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable


class Severity(enum.IntEnum):
    """Diagnostic severities, numbered as in the Language Server Protocol."""

    ERROR = 1
    WARNING = 2
    INFORMATION = 3
    HINT = 4

    @property
    def label(self) -> str:
        """Lower-case name used by the CLI (``error``, ``warning``, ``information``, ``hint``)."""
        return self.name.lower()


@dataclass(frozen=True, order=True, slots=True)
class Position:
    """A zero-based line and a zero-based code-point column."""

    line: int
    character: int


@dataclass(frozen=True, order=True, slots=True)
class Span:
    """A half-open range ``[start, end)`` of source text."""

    start: Position
    end: Position

    def contains(self, position: Position) -> bool:
        """True when ``position`` lies inside the span (the end is inclusive, as editors expect for hover)."""
        return self.start <= position <= self.end

    @staticmethod
    def of(start_line: int, start_character: int, end_line: int, end_character: int) -> Span:
        return Span(Position(start_line, start_character), Position(end_line, end_character))


@dataclass(frozen=True)
class RelatedInformation:
    """A secondary location of a diagnostic, e.g. where an operand's shape was established."""

    span: Span
    message: str
    module: str | None = None
    """The path of the other module of the workspace the span lies in; None: this document."""


@dataclass(frozen=True, order=True, slots=True)
class ModuleSpan(Span):
    """A span in another module of the workspace (provenance carried by values imported from it).

    ``module`` is that module's path as the module provider named it. Reports turn it into a
    ``RelatedInformation`` with that ``module``."""

    module: str = ""


@dataclass(frozen=True)
class Diagnostic:
    """One finding. ``code`` is a stable kebab-case identifier such as ``shape-broadcast``."""

    span: Span
    severity: Severity
    code: str
    message: str
    related: tuple[RelatedInformation, ...] = ()
    unnecessary: bool = False
    """The code in ``span`` is shown faded (LSP ``DiagnosticTag.Unnecessary``): rank-only code."""


@dataclass(frozen=True, order=True)
class InternalError:
    """An exception inside tensorls that the analysis survived by skipping one unit of the code.

    ``position`` is where the skipped unit starts (an annotation, a statement, a function, or the
    document's start when a whole analysis failed); ``description`` is the exception's type and
    message, shortened. Every other result of the analysis is kept; what the unit would have
    shown is missing (its effects are unknown), never replaced by a guess.
    """

    position: Position
    description: str

    def __str__(self) -> str:
        return f"{self.description} at {self.position.line + 1}:{self.position.character + 1}"


@dataclass(frozen=True)
class TextEdit:
    """Replace the text in ``span`` by ``new_text``."""

    span: Span
    new_text: str


@dataclass(frozen=True)
class HoverFact:
    """What hover shows for the expression covering ``span``.

    ``markdown`` and ``plaintext`` say the same thing; the server picks by the client's capability.
    """

    span: Span
    markdown: str
    plaintext: str


@dataclass(frozen=True)
class InlayHintFact:
    """A type-kind inlay hint placed at ``position`` (end of an assignment target)."""

    position: Position
    label: str
    tooltip: str | None = None


@dataclass(frozen=True)
class AnalysisSettings:
    """What the analysis is allowed to do and report.

    ``mode`` is ``"certain"`` (report only failures certain on every execution reaching the point)
    or ``"possible"`` (also report, as warnings, failures that may happen). Budgets bound the work
    per document; when one is exceeded the rest of the document is treated as unknown and a single
    information diagnostic says so. ``time_budget_ms`` is CPU time of the analysing thread, parsing
    included (see ``interpreter.budget``); ``memory_budget_mb`` the growth of the process's resident
    memory during the interpretation.
    """

    mode: str = "certain"
    time_budget_ms: int = 2000
    memory_budget_mb: int = 256
    max_call_depth: int = 8
    max_loop_unroll: int = 64
    rank: int | None = None
    """The rank the interpretation projects the program onto (see ``analyses.ranks``): None for
    the ordinary analysis, 0 for rank 0, 1 for any rank r >= 1 of a run of >= 2 processes. A
    projection runs the module as the script (``__name__ == "__main__"``)."""
    cells_compiled: bool = False
    """The source is a notebook's cells joined into one module, each cell already compiled on its
    own as Jupyter compiles it (``notebooks.module_of_cells``): the module is parsed but not
    compiled as a whole, since what only the whole fails (a ``__future__`` import or a ``global``
    declaration opening a later cell, a top-level ``await``) runs in Jupyter."""


@dataclass(frozen=True)
class RewriteOffer:
    """A whole-file rewrite the analysis found applicable, offered as a code action.

    ``identifier`` names the rewrite (e.g. ``"distribute-horovod"``); its edits are computed only
    when a client asks for them, because rewrites parse with libcst, which is slow. ``span`` is
    where the offer applies (e.g. the training loop), for quick fixes on a diagnostic there.
    """

    identifier: str
    title: str
    span: Span
    diagnostic_code: str | None = None


class HoverSource(Protocol):
    """Answers hover queries from facts gathered during one analysis (never re-analyses)."""

    def hover_at(self, position: Position) -> HoverFact | None: ...


class NoHovers:
    """The hover source of an analysis that gathered no values (e.g. a syntax error)."""

    def hover_at(self, position: Position) -> HoverFact | None:
        return None


@runtime_checkable
class HintsByLine(Protocol):
    """Inlay hints that can be made for a range of lines only (see
    ``interpreter.core.hovers.InlayHints``)."""

    def between(self, first_line: int, last_line: int) -> Sequence[InlayHintFact]: ...


@dataclass(frozen=True)
class BudgetStop:
    """Where an analysis stopped because a limit ran out (the ``analysis-budget`` diagnostic).

    ``limit`` is ``"time"``, ``"memory"``, ``"depth"`` or ``"cancelled"``; ``position`` is
    where the diagnostic is; ``body_finished`` is True when the module body ran to its end and
    the stop came while the functions it did not call were analysed on their own;
    ``summaries_made`` how many call summaries the analysis stored (a re-analysis of the same
    text replays them, so it gets further even when it stops in the same statement, as in a
    script whose whole work is one ``main()`` call)."""

    limit: str
    position: Position
    body_finished: bool
    summaries_made: int = 0

    @property
    def progress(self) -> tuple[bool, Position]:
        """How far the analysis got: a later stop of a re-analysis of the same text compares
        greater."""
        return (self.body_finished, self.position)


@dataclass(frozen=True)
class AnalysisResult:
    """Everything one analysis of one document version produced."""

    diagnostics: tuple[Diagnostic, ...]
    hovers: HoverSource = field(default_factory=NoHovers)
    inlay_hints: Sequence[InlayHintFact] = ()
    """Possibly computed when first read (see ``interpreter.core.hovers.InlayHints``)."""
    rewrites: tuple[RewriteOffer, ...] = ()
    syntax_ok: bool = True
    modules: tuple[str, ...] = ()
    """The paths of the workspace's modules the analysis read through its imports (directly or
    not): an edit to one of them may change this result."""
    internal_errors: tuple[InternalError, ...] = ()
    """The internal errors the analysis survived, each confined to the unit it skipped."""
    budget_stop: BudgetStop | None = None
    """Where the document's interpretation stopped for a limit; None when it ran to its end.
    Analysing the same text again with the same ``DocumentCache`` goes further after a time
    stop (its checkpoints restore what was analysed), which the server uses to finish long
    documents in rounds."""

    def hover_at(self, position: Position) -> HoverFact | None:
        """The hover fact for the innermost expression at ``position``, or None."""
        return self.hovers.hover_at(position)

    def inlay_hints_between(self, first_line: int, last_line: int) -> Sequence[InlayHintFact]:
        """The inlay hints on lines ``first_line`` to ``last_line`` (zero-based, inclusive), in
        order; made for those lines only when the hints allow it (``HintsByLine``)."""
        hints = self.inlay_hints
        if isinstance(hints, HintsByLine):
            return hints.between(first_line, last_line)
        return tuple(hint for hint in hints if first_line <= hint.position.line <= last_line)
