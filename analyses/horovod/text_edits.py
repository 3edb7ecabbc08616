"""Minimal line-level ``TextEdit``s that turn one source text into another.

Lines are split the way LSP counts them (``\\n``, ``\\r\\n``, ``\\r``), so edit positions agree with
``SourceText`` and with editors. Applying the edits, in any order that respects their spans, to the
old text yields exactly the new text.
"""

from __future__ import annotations

import difflib
import re

from ..facts import Position, Span, TextEdit

_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def split_lines(text: str) -> list[str]:
    """``text`` as lines that keep their terminators; ``"".join`` gives ``text`` back."""
    return _LINE.findall(text)


def _position_after(lines: list[str], count: int) -> Position:
    """The position just after the first ``count`` lines."""
    if count == 0:
        return Position(0, 0)
    last = lines[count - 1]
    if last.endswith(("\n", "\r")):
        return Position(count, 0)
    return Position(count - 1, len(last))


def line_edits(old: str, new: str) -> tuple[TextEdit, ...]:
    """The changed line ranges between ``old`` and ``new``, as non-overlapping edits in order."""
    old_lines, new_lines = split_lines(old), split_lines(new)
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    edits: list[TextEdit] = []
    for tag, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if tag == "equal":
            continue
        span = Span(_position_after(old_lines, old_start), _position_after(old_lines, old_end))
        edits.append(TextEdit(span, "".join(new_lines[new_start:new_end])))
    return tuple(edits)


def apply_edits(text: str, edits: tuple[TextEdit, ...]) -> str:
    """``text`` with non-overlapping ``edits`` applied (used by tests and the CLI's checks)."""
    lines = split_lines(text)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position: Position) -> int:
        if position.line >= len(lines):
            return len(text)
        return starts[position.line] + position.character

    result = text
    for edit in sorted(edits, key=lambda e: e.span.start, reverse=True):
        result = result[: offset(edit.span.start)] + edit.new_text + result[offset(edit.span.end) :]
    return result
