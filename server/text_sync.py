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

from collections.abc import Sequence

from lsprotocol import types
from tensorls.analyses.text import SourceText

from .encoding import PositionEncoder


class LineOffsets:
    """Where the lines of one text start (code-point offsets), under the LSP line model."""

    __slots__ = ("_starts", "encoder", "text")

    def __init__(self, text: SourceText, encoding: str) -> None:
        self.text = text
        self.encoder = PositionEncoder(text, encoding)
        self._starts: list[int] | None = None

    def line_start(self, line: int) -> int:
        """The offset where ``line`` (an existing line) starts."""
        lines = self.text.lines
        if "\r" not in self.text.text:
            return sum(map(len, lines[:line])) + line
        if self._starts is None:
            source = self.text.text
            starts = [0]
            for content in lines[:-1]:
                end = starts[-1] + len(content)
                starts.append(end + (2 if source.startswith("\r\n", end) else 1))
            self._starts = starts
        return self._starts[line]

    def offset(self, position: types.Position) -> int:
        """The code-point offset of a client position, as described in the module docstring."""
        if position.line >= len(self.text.lines):
            return len(self.text.text)
        return self.line_start(position.line) + self.encoder.from_lsp(position).character


def apply_change(
    text: SourceText, change: types.TextDocumentContentChangeEvent, encoding: str
) -> SourceText:
    """The text after one content change."""
    if not isinstance(change, types.TextDocumentContentChangePartial):
        return SourceText(change.text)
    offsets = LineOffsets(text, encoding)
    start, end = sorted((offsets.offset(change.range.start), offsets.offset(change.range.end)))
    source = text.text
    return SourceText(source[:start] + change.text + source[end:])


def apply_changes(
    text: SourceText, changes: Sequence[types.TextDocumentContentChangeEvent], encoding: str
) -> SourceText:
    """The text after the changes of one ``didChange`` notification, in order."""
    for change in changes:
        text = apply_change(text, change, encoding)
    return text
