"""Columns in the position encoding negotiated with the client.

The analysis counts columns in code points; LSP clients count UTF-16 code units (the default,
VS Code), UTF-8 bytes (Neovim 0.11 offers it first) or code points (``utf-32``). pygls picks the
encoding in ``initialize`` from the client's ``general.positionEncodings`` and announces it in the
server capabilities; this module converts with :class:`~tensorls.analyses.text.SourceText`.
"""

from __future__ import annotations

from lsprotocol import types
from tensorls.analyses import Position, Span
from tensorls.analyses.text import SourceText

UTF8 = types.PositionEncodingKind.Utf8.value
UTF16 = types.PositionEncodingKind.Utf16.value
UTF32 = types.PositionEncodingKind.Utf32.value


class PositionEncoder:
    """Converts positions of one text between code points and the client's encoding."""

    __slots__ = ("encoding", "text")

    def __init__(self, text: SourceText, encoding: str) -> None:
        self.text = text
        self.encoding = encoding if encoding in (UTF8, UTF16, UTF32) else UTF16

    def to_lsp(self, position: Position) -> types.Position:
        """The client's position for a code-point position."""
        line, character = position.line, position.character
        if self.encoding == UTF16:
            column = self.text.utf16_from_character(line, character)
        elif self.encoding == UTF8:
            column = self.text.utf8_from_character(line, character)
        else:
            column = min(character, len(self.text.line(line)))
        return types.Position(line=line, character=column)

    def from_lsp(self, position: types.Position) -> Position:
        """The code-point position of a client's position (columns clamped to the line)."""
        line, column = position.line, position.character
        if self.encoding == UTF16:
            character = self.text.character_from_utf16(line, column)
        elif self.encoding == UTF8:
            character = self.text.character_from_utf8(line, column)
        else:
            character = min(column, len(self.text.line(line)))
        return Position(line, character)

    def range(self, span: Span) -> types.Range:
        """The client's range for a code-point span."""
        return types.Range(start=self.to_lsp(span.start), end=self.to_lsp(span.end))

    def span(self, lsp_range: types.Range) -> Span:
        """The code-point span of a client's range."""
        return Span(self.from_lsp(lsp_range.start), self.from_lsp(lsp_range.end))
