"""Incremental re-parsing: the tree of an edited document, built from the tree of its previous text.

``reparse`` re-parses only the lines an edit touches, widened to whole top-level statements, and
keeps every other top-level statement of the previous tree as the *same object* (moved in place
when the edit changed the number of lines before it). Analyses that key facts on node identity can
then keep the facts of unchanged definitions.

Why parsing a region alone is exact. The region is a run of whole lines such that every top-level
statement of the previous tree lies either entirely inside it or entirely outside it (a statement
spans from its first token's line, the ``@`` of its first decorator, to its last line; statements
sharing a line, ``a = 1; b = 2``, are taken together). The lines before the region are unchanged, and the tokenizer leaves them at
the start of a fresh logical line unless the line before the region ends with a backslash, which is
refused. If the region parses alone, it closes every bracket and string it opens; its last line is
refused when it ends with a backslash. The lines after the region are unchanged and began a fresh
logical line in the previous text, with a statement at indentation level 0 (their first token can
start a statement, so it cannot continue one: ``else``, ``except`` and the like cannot start a
statement). So the whole text's tokens are the three parts' tokens in sequence, with the same
indents and dedents, and the grammar parses a module as a sequence of statements. Line numbers
are physical lines, which only ``\\n``, ``\\r\\n`` and ``\\r`` end (CPython's tokenizer translates
the last two); columns are offsets within a line, unchanged by re-parsing whole lines.

What could make a distant statement matter is refused rather than reasoned about: any text naming
``barry_as_FLUFL`` (that future import changes how the parser reads ``<>``), a region whose text
mentions ``__future__``, and a region whose first two lines, or the file's first two lines when the
region touches them, look like an encoding declaration (``ast.parse`` on a ``str`` ignores them, but
nothing here depends on it).

Equivalence is with ``ast.parse(source)`` called with its default arguments (no type comments, so
``type_ignores`` is always empty): ``ast.dump(tree, include_attributes=True)`` is the same.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from .sliced_parse import parse_module

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
"""One line with its terminator; the last line may have none (the same split as ``SourceText``)."""

_OTHER_LINE_BREAKS = "\v\f\x1c\x1d\x1e\x85\u2028\u2029"
"""Characters ``str.splitlines`` ends lines at that the tokenizer does not."""

_ENCODING_DECLARATION = re.compile(r"[ \t\f]*#.*?coding[:=]")

_REFUSED_ANYWHERE = "barry_as_FLUFL"
_REFUSED_IN_REGION = "__future__"

_WIDENINGS = ((0, 0), (1, 0), (1, 1))
"""Statements added before and after the touched ones, tried in turn while the region does not
parse alone: an indented line appended to a function continues the statement before it, a new
decorator line belongs to the statement after it."""


@dataclass(frozen=True)
class Reparsed:
    """A tree obtained by re-parsing one region of the new text.

    ``tree.body`` holds the previous tree's statements before the region (untouched), the
    statements parsed from the region (``tree.body[new_statements.start:new_statements.stop]``, new
    objects) and the previous tree's statements after the region (the same objects, every node's
    ``lineno``/``end_lineno`` moved by ``line_delta``).

    Lines are one-based. The region is lines ``first_line..old_end_line`` of the previous text and
    ``first_line..old_end_line + line_delta`` of the new text; it is empty (end before start) when
    an edit only removed or added lines between statements. Use ``moved_line`` to carry a line
    number stored for the previous text over to the new one.
    """

    tree: ast.Module
    first_line: int
    old_end_line: int
    line_delta: int
    new_statements: range

    @property
    def reused(self) -> int:
        """How many top-level statements were kept from the previous tree."""
        return len(self.tree.body) - len(self.new_statements)

    def moved_line(self, line: int) -> int | None:
        """Where line ``line`` of the previous text is in the new text; None inside the region."""
        if line < self.first_line:
            return line
        if line > self.old_end_line:
            return line + self.line_delta
        return None


PositionedNodes = dict[int, tuple[ast.stmt, list[ast.AST]]]
"""Per top-level statement (by ``id``, with the statement itself to tell a reused ``id`` apart):
its nodes that have positions. Moving a statement moves these, without walking its tree again."""


def reparse(
    previous_source: str,
    previous_tree: ast.Module,
    source: str,
    positioned: PositionedNodes | None = None,
) -> Reparsed | None:
    """The tree of ``source``, reusing the statements of ``previous_tree`` the edit left alone.

    ``positioned``, kept by the caller from one call to the next, lists the nodes of statements
    moved before (filled in here); an entry of a statement that is no longer in any tree is
    useless but harmless (the caller may drop it).

    ``previous_tree`` must be the tree of ``previous_source`` as returned by ``ast.parse`` (default
    arguments) or by an earlier ``reparse``, unmodified since. When a result is returned, the
    previous tree is consumed: its reused statements now belong to the new tree, with their
    positions moved in place, so the previous tree no longer describes ``previous_source``. When
    None is returned, nothing was modified and the caller should call ``ast.parse(source)``.

    Returns None whenever equivalence with ``ast.parse(source)`` is not certain: the region does not
    parse alone (a syntax error, or an edit whose meaning depends on the statements around it, even
    with the statement before it, then also the one after it), a line continuation at the region's
    edge, the refusals listed in the module docstring. Never raises; the work is linear in the
    length of the texts plus the parse of the region.
    """
    try:
        return _reparse(previous_source, previous_tree, source, positioned)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _reparse(
    previous_source: str,
    previous_tree: ast.Module,
    source: str,
    positioned: PositionedNodes | None,
) -> Reparsed | None:
    if _REFUSED_ANYWHERE in source or _REFUSED_ANYWHERE in previous_source:
        return None
    old_lines = _lines(previous_source)
    new_lines = _lines(source)
    statements = previous_tree.body
    extents = _extents(statements, old_lines)
    if not _consistent(extents, len(old_lines)):
        return None
    prefix = _common_prefix(old_lines, new_lines)
    suffix = _common_suffix(old_lines, new_lines, prefix)
    line_delta = len(new_lines) - len(old_lines)
    changed_first, changed_last = prefix + 1, len(old_lines) - suffix
    touched_first, touched_last = _statements_touching(extents, changed_first, changed_last)
    candidates = dict.fromkeys(
        (max(touched_first - before, 0), min(touched_last + after, len(statements)))
        for before, after in _WIDENINGS
    )
    for first, last in candidates:
        start, end, first, last = _region(extents, changed_first, changed_last, first, last)
        body = _parse_region(old_lines, new_lines, start, end, line_delta)
        if body is not None:
            break
    else:
        return None
    if start > 1:
        for statement in body:
            _move(_nodes_of(statement, None), start - 1)
    if line_delta:
        for statement in statements[last:]:
            _move(_nodes_of(statement, positioned), line_delta)
    tree = ast.Module(body=[*statements[:first], *body, *statements[last:]], type_ignores=[])
    return Reparsed(
        tree=tree,
        first_line=start,
        old_end_line=end,
        line_delta=line_delta,
        new_statements=range(first, first + len(body)),
    )


def _extents(statements: list[ast.stmt], lines: list[str]) -> list[tuple[int, int | None]]:
    """The first and last line of each statement.

    A statement's node starts at its first token, except a decorated definition, whose first
    token is the ``@`` of its first decorator while the decorator node starts at the expression
    after it, possibly lines later (``@(`` or ``@\\`` then a line break). When the ``@`` is not
    seen on the expression's line, the statement is taken to start right after the statement
    before it.
    """
    extents: list[tuple[int, int | None]] = []
    previous_end = 0
    for statement in statements:
        start = statement.lineno
        decorators = getattr(statement, "decorator_list", None)
        if decorators:
            first = decorators[0]
            start = min(start, first.lineno)
            if not _at_sign_before(lines, first.lineno, first.col_offset):
                start = min(start, previous_end + 1)
        extents.append((start, statement.end_lineno))
        previous_end = statement.end_lineno or start
    return extents


def _at_sign_before(lines: list[str], line: int, byte_offset: int) -> bool:
    """True when line ``line`` holds only blanks and one ``@`` before UTF-8 offset
    ``byte_offset``."""
    if not 1 <= line <= len(lines):
        return False
    prefix = lines[line - 1].encode("utf-8", errors="replace")[:byte_offset]
    return prefix.strip(b" \t\f") == b"@"


def _consistent(extents: list[tuple[int, int | None]], line_count: int) -> bool:
    """True when the statements' lines are ordered and inside the previous text."""
    previous_end = 1
    for start, end in extents:
        if end is None or not previous_end <= start <= end <= line_count:
            return False
        previous_end = end
    return True


def _lines(text: str) -> list[str]:
    """The lines of ``text``, each with its terminator (the last one may have none)."""
    if any(character in text for character in _OTHER_LINE_BREAKS):
        return _LINE.findall(text)
    return text.splitlines(keepends=True)


def _common_prefix(old: list[str], new: list[str]) -> int:
    count = 0
    for old_line, new_line in zip(old, new, strict=False):
        if old_line != new_line:
            break
        count += 1
    return count


def _common_suffix(old: list[str], new: list[str], prefix: int) -> int:
    limit = min(len(old), len(new)) - prefix
    count = 0
    for old_line, new_line in zip(reversed(old), reversed(new), strict=False):
        if count == limit or old_line != new_line:
            break
        count += 1
    return count


def _statements_touching(extents: list[tuple[int, int]], start: int, end: int) -> tuple[int, int]:
    """The index range of the statements with a line in ``start..end``; for an empty range
    (``end == start - 1``, lines inserted between two lines), of a statement spanning the gap."""
    first = 0
    while first < len(extents) and extents[first][1] < start:
        first += 1
    last = first
    while last < len(extents) and extents[last][0] <= end:
        last += 1
    return first, last


def _region(
    extents: list[tuple[int, int]], start: int, end: int, first: int, last: int
) -> tuple[int, int, int, int]:
    """The smallest region of whole lines covering lines ``start..end`` and statements
    ``first..last-1`` that no other statement shares a line with, and its statements."""
    while True:
        if first < last:
            start = min(start, extents[first][0])
            end = max(end, extents[last - 1][1])
        if first > 0 and extents[first - 1][1] >= start:
            first -= 1
        elif last < len(extents) and extents[last][0] <= end:
            last += 1
        else:
            return start, end, first, last


def _parse_region(
    old_lines: list[str], new_lines: list[str], start: int, end: int, line_delta: int
) -> list[ast.stmt] | None:
    """The statements of new lines ``start..end + line_delta`` parsed alone, or None when that
    parse is not certainly the same as the whole text's (see the module docstring)."""
    new_end = end + line_delta
    if start > 1 and _continues(old_lines[start - 2]):
        return None
    if end >= 1 and _continues(old_lines[end - 1]):
        return None
    if new_end >= 1 and _continues(new_lines[new_end - 1]):
        return None
    region = new_lines[start - 1 : new_end]
    text = "".join(region)
    if _REFUSED_IN_REGION in text or _REFUSED_IN_REGION in "".join(old_lines[start - 1 : end]):
        return None
    if any(_ENCODING_DECLARATION.match(line) for line in region[:2]):
        return None
    if start <= 2 and any(
        _ENCODING_DECLARATION.match(line) for line in (*old_lines[:2], *new_lines[:2])
    ):
        return None
    try:
        return parse_module(text).body
    except (SyntaxError, ValueError):
        return None


def _continues(line: str) -> bool:
    """True when ``line`` ends with a backslash (it may continue onto the next line)."""
    return line.rstrip("\r\n").endswith("\\")


def _nodes_of(statement: ast.stmt, positioned: PositionedNodes | None) -> list[ast.AST]:
    """The nodes of ``statement`` that have positions (from ``positioned`` when it has them)."""
    if positioned is not None:
        known = positioned.get(id(statement))
        if known is not None and known[0] is statement:
            return known[1]
    nodes: list[ast.AST] = []
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        if node._attributes:
            nodes.append(node)
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, ast.AST):
                pending.append(value)
            elif isinstance(value, list):
                pending.extend(item for item in value if isinstance(item, ast.AST))
    if positioned is not None:
        positioned[id(statement)] = (statement, nodes)
    return nodes


def _move(nodes: list[ast.AST], delta: int) -> None:
    """Add ``delta`` to ``lineno`` and ``end_lineno`` of every node of ``nodes``."""
    for node in nodes:
        node.lineno += delta  # type: ignore[attr-defined]
        node.end_lineno += delta  # type: ignore[attr-defined]
