"""Source text and the three ways of counting columns in it.

CPython's ``ast`` reports columns as UTF-8 byte offsets, the analysis facts use code points, and
LSP clients use UTF-16 code units (VS Code) or UTF-8 bytes (Neovim 0.11). ``SourceText`` converts
between them for one document; conversions are exact for any text, including astral characters.
"""

from __future__ import annotations

import re

from .facts import Position, Span

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class SourceText:
    """One document's text split into lines exactly as CPython's tokenizer and LSP count them.

    Only ``\\n``, ``\\r\\n`` and ``\\r`` end a line (``str.splitlines`` would also split at form
    feeds and Unicode separators, shifting every later line).
    """

    __slots__ = ("lines", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines: list[str] = _LINE_BREAK.split(text)

    def line(self, number: int) -> str:
        """Line ``number`` (zero-based) without its terminator; empty past the end."""
        return self.lines[number] if 0 <= number < len(self.lines) else ""

    def character_from_utf8(self, line: int, byte_offset: int) -> int:
        """Code-point column of a UTF-8 byte offset on ``line`` (clamped to the line; an offset
        inside a character's encoding counts as that character's start)."""
        text = self.line(line)
        if text.isascii():
            return min(byte_offset, len(text))
        return len(text.encode("utf-8")[:byte_offset].decode("utf-8", errors="ignore"))

    def utf8_from_character(self, line: int, character: int) -> int:
        """UTF-8 byte offset of a code-point column on ``line``."""
        text = self.line(line)
        if text.isascii():
            return min(character, len(text))
        return len(text[:character].encode("utf-8"))

    def character_from_utf16(self, line: int, units: int) -> int:
        """Code-point column of a UTF-16 code-unit offset on ``line`` (clamped to the line; an
        offset between the two halves of a surrogate pair counts as that character's start)."""
        text = self.line(line)
        if text.isascii():
            return min(units, len(text))
        count = 0
        for index, char in enumerate(text):
            count += 2 if ord(char) > 0xFFFF else 1
            if count > units:
                return index
        return len(text)

    def utf16_from_character(self, line: int, character: int) -> int:
        """UTF-16 code-unit offset of a code-point column on ``line``."""
        text = self.line(line)
        if text.isascii():
            return min(character, len(text))
        prefix = text[:character]
        return len(prefix) + sum(1 for char in prefix if ord(char) > 0xFFFF)

    def span_of_node(self, node: object) -> Span:
        """The span of an ``ast`` node (``lineno``/``col_offset``/``end_*`` attributes)."""
        start_line = node.lineno - 1  # type: ignore[attr-defined]
        end_line = (node.end_lineno or node.lineno) - 1  # type: ignore[attr-defined]
        start = self.character_from_utf8(start_line, node.col_offset)  # type: ignore[attr-defined]
        end_offset = node.end_col_offset  # type: ignore[attr-defined]
        end = self.character_from_utf8(end_line, end_offset if end_offset is not None else 0)
        return Span(Position(start_line, start), Position(end_line, end))
