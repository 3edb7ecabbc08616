"""The server's own copy of each document, kept equal to the client's by applying ``didChange``.

Content changes are applied exactly as LSP defines positions (never through
``str.splitlines``, which also breaks lines at form feeds, ``\\x1c``-``\\x1e``, ``\\x85`` and
U+2028/2029, so an edit below such a character would land on the wrong line):

- only ``\\n``, ``\\r\\n`` and ``\\r`` end a line (:class:`~tensorls.analyses.text.SourceText`);
- a column counts units of the negotiated encoding (UTF-16 code units, UTF-8 bytes or code
  points); a column past the end of its line means the end of that line (before its
  terminator); a column inside a character (between the halves of a surrogate pair, inside a
  UTF-8 sequence) means the start of that character;
- a line past the last line means the end of the document;
- a range whose end comes before its start is taken with its ends swapped.

A change without a range replaces the whole text. Changes of one notification apply in order,
each to the result of the previous one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from lsprotocol import types
from tensorls.analyses.text import SourceText

from .encoding import PositionEncoder

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""The line terminators of the LSP line model (as in ``SourceText``)."""


class EditedLines:
    """A text held as its lines' contents and terminators while the changes of one
    notification apply: a change costs the length of the lines it touches and of its new text,
    plus a move of the line list, never a copy of the whole text (a multi-cursor replace with
    thousands of changes in a 20,000-line file stays linear in the changes)."""

    __slots__ = ("contents", "encoding", "ends")

    def __init__(self, text: str, encoding: str) -> None:
        self.encoding = encoding
        self.contents, self.ends = _split(text)

    def position(self, position: types.Position) -> tuple[int, int]:
        """The (line, code-point column) of a client position, as the module docstring says."""
        if position.line >= len(self.contents):
            last = len(self.contents) - 1
            return last, len(self.contents[last])
        line_text = SourceText(self.contents[position.line])
        column = types.Position(line=0, character=position.character)
        return position.line, PositionEncoder(line_text, self.encoding).from_lsp(column).character

    def apply(self, change: types.TextDocumentContentChangeEvent) -> None:
        """Apply one content change to the lines."""
        if not isinstance(change, types.TextDocumentContentChangePartial):
            self.contents, self.ends = _split(change.text)
            return
        (first, start), (last, end) = sorted(
            (self.position(change.range.start), self.position(change.range.end))
        )
        low = first
        piece = self.contents[first][:start] + change.text + self.contents[last][end:]
        piece += self.ends[last]
        if first > 0 and self.ends[first - 1] == "\r":
            low = first - 1
            piece = self.contents[low] + "\r" + piece
        contents, ends = _split(piece)
        if last + 1 < len(self.contents):
            contents.pop()
            ends.pop()
        self.contents[low : last + 1] = contents
        self.ends[low : last + 1] = ends

    def text(self) -> SourceText:
        return SourceText("".join(map(str.__add__, self.contents, self.ends)))


def _split(text: str) -> tuple[list[str], list[str]]:
    """The contents of the lines of ``text`` and their terminators (the last one empty)."""
    return _LINE_BREAK.split(text), [*_LINE_BREAK.findall(text), ""]


def apply_change(
    text: SourceText, change: types.TextDocumentContentChangeEvent, encoding: str
) -> SourceText:
    """The text after one content change."""
    return apply_changes(text, [change], encoding)


def apply_changes(
    text: SourceText, changes: Sequence[types.TextDocumentContentChangeEvent], encoding: str
) -> SourceText:
    """The text after the changes of one ``didChange`` notification, in order."""
    if not changes:
        return text
    lines = EditedLines(text.text, encoding)
    for change in changes:
        lines.apply(change)
    return lines.text()
