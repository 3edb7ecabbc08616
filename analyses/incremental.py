"""What one document's analysis keeps for the next analysis of the same document.

An edit inside one function body should cost about what that function costs. ``DocumentCache``
holds the previous text, its tree, its scope table and the call memo; the next analysis re-parses
only the edited top-level statements (``reparse``), rebuilds the scopes of those statements only
(``ScopeTable(tree, previous=...)``) and replays the summary of every call whose function and
inputs are unchanged (``interpreter.incremental.memo``). Module-level code runs again from the first top-level
statement whose checkpoint is no longer valid (``interpreter.incremental.checkpoints``): the statements before
it are restored, not run.

The result of an analysis with a cache is the result of the same analysis without one (tested
by differential tests); the cache only saves work.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from .interpreter.core.scopes import ScopeTable
from .interpreter.incremental.checkpoints import Checkpoints
from .interpreter.incremental.memo import CallMemo
from .reparse import PositionedNodes, reparse
from .sliced_parse import parse_module


@dataclass(frozen=True)
class Parsed:
    """A document's tree and scope table, and what the previous analysis's cache must forget."""

    tree: ast.Module
    scopes: ScopeTable
    retired: tuple[ast.stmt, ...]
    """Top-level statements of the previous tree that the new tree does not hold."""
    reused: int
    """Top-level statements kept from the previous tree."""


@dataclass
class DocumentCache:
    """One document's analysis state between analyses; used by one analysis at a time."""

    source: str | None = None
    tree: ast.Module | None = None
    scopes: ScopeTable | None = None
    memo: CallMemo = field(default_factory=CallMemo)
    projection_memo: CallMemo = field(default_factory=CallMemo)
    """The rank projections' call memo (both projections share it, see ``ranks.projections``)."""
    checkpoints: Checkpoints = field(default_factory=Checkpoints)
    """The module body's run between top-level statements (see ``interpreter.incremental.checkpoints``)."""
    last_reused: int = 0
    """Top-level statements the last analysis kept from the one before (for benchmarks)."""
    positioned: PositionedNodes = field(default_factory=dict)
    """The positioned nodes of the statements of ``tree`` that edits moved (see ``reparse``)."""
    compiled: ast.Module | None = None
    """The last tree of this document that CPython compiled: the next analysis compiles only the
    statements it does not hold (see ``syntax.compile_failure``); None after a compile error."""

    def parse(self, source: str, should_stop: Callable[[], bool] | None = None) -> Parsed:
        """The tree and scopes of ``source``, reusing the previous ones where the text is unchanged.

        Raises ``SyntaxError``/``ValueError`` like ``ast.parse`` when ``source`` does not parse, and
        ``Stopped`` when ``should_stop`` says so between the slices of a long text's parse; the
        cache then still describes the last text that parsed. Any other failure empties it.
        """
        previous_tree, previous_scopes = self.tree, self.scopes
        reparsed = None
        if self.source is not None and previous_tree is not None:
            reparsed = reparse(self.source, previous_tree, source, self.positioned)
        if reparsed is None:
            tree = parse_module(source, should_stop)
            self.positioned = {}
            retired = tuple(previous_tree.body) if previous_tree is not None else ()
            reused, moved = 0, None
            previous_scopes = None
        else:
            tree = reparsed.tree
            kept = {id(statement) for statement in tree.body}
            retired = tuple(s for s in previous_tree.body if id(s) not in kept)  # type: ignore[union-attr]
            for statement in retired:
                self.positioned.pop(id(statement), None)
            reused = reparsed.reused
            moved = reparsed.first_line if reparsed.line_delta else None
        try:
            scopes = ScopeTable(tree, previous=previous_scopes)
        except BaseException:
            self.source, self.tree, self.scopes, self.memo = None, None, None, CallMemo()
            self.projection_memo = CallMemo()
            self.checkpoints = Checkpoints()
            self.positioned = {}
            raise
        self.source, self.tree, self.scopes = source, tree, scopes
        self.last_reused = reused
        if moved is not None:
            # Told at once, whether or not an analysis follows: a text that does not compile is
            # parsed, its lines moved, but not analysed.
            self.memo.drop_moved(moved)
            self.projection_memo.drop_moved(moved)
            self.checkpoints.edited(moved)
        return Parsed(tree, scopes, retired, reused)

    def begin(self, parsed: Parsed, settings: Hashable) -> CallMemo:
        """Prepare the call memo for an analysis of ``parsed`` under ``settings``."""
        self.memo = _prepared(self.memo, parsed, settings)
        if parsed.reused == 0:
            self.checkpoints.clear()
        return self.memo

    def begin_projections(self, parsed: Parsed, settings: Hashable) -> CallMemo:
        """Prepare the rank projections' call memo for an analysis of ``parsed`` (``settings``:
        the projections' settings, see ``ranks.projections.projection_settings``)."""
        self.projection_memo = _prepared(self.projection_memo, parsed, settings)
        return self.projection_memo


def _prepared(memo: CallMemo, parsed: Parsed, settings: Hashable) -> CallMemo:
    """``memo`` (or a new one when no statement was kept) ready for an analysis of ``parsed``."""
    if parsed.reused == 0:
        memo = CallMemo()
    scopes = parsed.scopes
    facts = (
        scopes.module.dynamic,
        frozenset(scopes.code_taken),
        frozenset(scopes.stored_attributes),
        scopes.annotations_postponed,
    )
    memo.begin(settings, facts, parsed.retired)  # type: ignore[arg-type]
    return memo
