"""Edits of a whole-file rewrite: the kinds of change the planner asks the rewriter to make.

Argument edits are keyed by the span of the callee of the call they change (a call's callee span is
unique and equal in the stdlib ``ast`` and in libcst, neither counting parentheses); list elements
kept on rank 0 only by the callee span of the element's call or the span of the element's name;
statement edits by the start position of the statement.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scale:
    """Replace an argument ``a`` by ``a * hvd.size()`` (``operator="*"``), ``a // hvd.size()``
    (``"//"``), or keep its value (``""``, with ``rename``).

    ``rename`` gives the argument a new keyword (the deprecated ``lr=`` becomes ``learning_rate=``).
    """

    position: int | None
    keyword: str | None
    operator: str
    rename: str | None = None


@dataclass(frozen=True)
class ScaleEach:
    """Multiply every element of a sequence argument (``PiecewiseConstantDecay`` values) by the size."""

    position: int | None
    keyword: str | None


@dataclass(frozen=True)
class AddKeyword:
    """Append ``keyword=expression`` to the call's arguments."""

    keyword: str
    expression: str


@dataclass(frozen=True)
class Rank0Verbose:
    """Replace a ``verbose`` argument ``v`` by ``v if hvd.rank() == 0 else 0``."""

    position: int | None
    keyword: str | None


@dataclass(frozen=True)
class PrependBroadcastCallback:
    """Put ``hvd.callbacks.BroadcastGlobalVariablesCallback(0)`` first in a callbacks argument;
    with ``average_metrics``, ``hvd.callbacks.MetricAverageCallback()`` right after it (before
    the script's callbacks, which then see the metrics averaged over the ranks)."""

    position: int | None
    keyword: str | None
    average_metrics: bool = False


@dataclass(frozen=True)
class WrapOptimizer:
    """Replace an optimizer argument ``o`` by ``hvd.DistributedOptimizer(o)``.

    ``replacement`` (source text) stands in for ``o`` when ``o`` is a string such as ``"adam"``.
    """

    position: int | None
    keyword: str | None
    replacement: str | None


@dataclass(frozen=True)
class Rank0Writer:
    """Replace the call ``w`` by ``(w if hvd.rank() == 0 else <noop writer>)``."""

    noop_writer: str


@dataclass(frozen=True)
class DistributedOptimizerCall:
    """Replace the optimizer construction ``c`` by ``hvd.DistributedOptimizer(c)``."""


@dataclass(frozen=True)
class WrapInCall:
    """Replace the call ``c`` by ``function(c)`` (the training data's shard point), or by
    ``function(c, <keywords>)`` when ``keywords`` (source text) is given."""

    function: str
    keywords: str = ""


@dataclass(frozen=True)
class WrapName:
    """Replace the read of a name ``n`` by ``function(n)`` (a full-batch array read by the
    training code; keyed by the name's own span)."""

    function: str


@dataclass(frozen=True)
class WrapArgument:
    """Replace an argument ``a`` by ``function(a)`` (training arrays given to ``fit``)."""

    position: int | None
    keyword: str | None
    function: str


@dataclass(frozen=True)
class HoistArgument:
    """Move an argument (with the edits inside it) into ``name = argument`` before the statement
    (see ``InsertHoisted``), leaving ``name`` in its place."""

    position: int | None
    keyword: str | None
    name: str


# The ``keyword`` of a ``ReplaceArgument`` that replaces the value of the call's ``**mapping``.
UNPACKED_KEYWORDS = "**"


@dataclass(frozen=True)
class ReplaceArgument:
    """Replace an argument (keyword and value) by ``new_keyword=expression`` (a DataLoader's
    ``shuffle=`` moves into its sampler and gives way to ``sampler=``); with ``keyword``
    ``UNPACKED_KEYWORDS``, the mapping of the call's one ``**mapping`` by ``expression``."""

    position: int | None
    keyword: str | None
    new_keyword: str
    expression: str


ArgumentEdit = (
    Scale
    | ReplaceArgument
    | HoistArgument
    | WrapArgument
    | ScaleEach
    | AddKeyword
    | Rank0Verbose
    | PrependBroadcastCallback
    | WrapOptimizer
    | Rank0Writer
    | WrapInCall
    | WrapName
)


@dataclass(frozen=True)
class GuardStatement:
    """Run the statement on rank 0 only."""


@dataclass(frozen=True)
class GuardValue:
    """Evaluate an assignment's value on rank 0 only (``v if hvd.rank() == 0 else None``)."""


@dataclass(frozen=True)
class RemoveStatement:
    """Delete the statement."""


@dataclass(frozen=True)
class InsertAfter:
    """Insert statements (source text, one statement each) after the statement."""

    statements: tuple[str, ...]
    blank_line_before: bool = False


@dataclass(frozen=True)
class InsertBefore:
    """Insert statements (source text) before the statement."""

    statements: tuple[str, ...]


@dataclass(frozen=True)
class InsertHoisted:
    """Insert ``name = argument`` before the statement for each argument hoisted out of it."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class WithBlock:
    """Put the statement inside ``with context:`` (``optimizer.skip_synchronize()``)."""

    context: str


StatementEdit = (
    InsertHoisted
    | GuardStatement
    | GuardValue
    | RemoveStatement
    | InsertAfter
    | InsertBefore
    | WithBlock
)
