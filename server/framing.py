"""The LSP base protocol's framing: header blocks and bodies read from a byte stream.

A message is a block of ``Name: value`` header lines ended by an empty line, then exactly
``Content-Length`` bytes of body. Header names are case-insensitive. The reader never trusts a
frame to be well formed and never stops for a bad one:

- a header block without a usable ``Content-Length`` (missing, not a decimal number, or above
  :data:`MAX_CONTENT_LENGTH`) is logged and dropped; reading goes on with the next block;
- bytes that are not header lines are skipped (logged once per run) until a line that ends with
  a ``Content-Length`` header, which starts the next block even when junk precedes it on the
  same line;
- a body stops early where a complete ``Content-Length`` header line appears in it: that text
  cannot occur in JSON (``Content-Length`` outside a string, a raw line break inside one), so
  the length was too large and that header starts the next frame;
- when the body of a frame turns out not to be JSON (the length was too small, or the frame is
  junk), :meth:`FrameReader.reclaim` hands back what follows the first ``Content-Length`` in it
  (or a trailing prefix of one) to be read again as headers.

Lines and blocks are bounded; only a body may be as long as its (capped) ``Content-Length``.

This module imports neither asyncio nor pygls: :mod:`tensorls.server.early_initialize` reads the
first message with it before the server is imported (:class:`FrameReader` needs no event loop when
its source never suspends); the sources of a running server are in
:mod:`tensorls.server.byte_sources`.
"""

from __future__ import annotations

import logging
import re
from typing import BinaryIO, Protocol

logger = logging.getLogger(__name__)

MAX_CONTENT_LENGTH = 256 * 1024 * 1024
"""Largest accepted body (256 MiB); a larger ``Content-Length`` is treated as corrupt."""

MAX_HEADER_LINE = 8192
MAX_HEADER_LINES = 32
READ_SIZE = 65536

_HEADER_NAME = re.compile(rb"([A-Za-z0-9!#$%&'*+.^_`|~-]+)[ \t]*:")
_LENGTH_AT_LINE_END = re.compile(rb"(?i)content-length[ \t]*:[^\r\n:]*\r?\n\Z")
_LENGTH_IN_BODY = re.compile(rb"(?i)content-length[ \t]*:[ \t]*[0-9]+[ \t]*\r?\n")
_LENGTH_ANYWHERE = re.compile(rb"(?i)content-length[ \t]*:")
_NAME = b"content-length"
_DIGITS = re.compile(rb"[0-9]{1,12}")
_LENGTH_SCAN_OVERLAP = 64


class ByteSource(Protocol):
    """Where the bytes come from."""

    async def read(self) -> bytes:
        """Some bytes (at least one), or ``b""`` at the end of the stream."""
        ...


def read_some(stream: BinaryIO) -> bytes:
    """The bytes ``stream`` has ready, up to :data:`READ_SIZE` (blocks for at least one; ``b""``
    at the end of the stream)."""
    read1 = getattr(stream, "read1", None)
    return read1(READ_SIZE) if read1 is not None else stream.read(1)


class BlockingSource:
    """A binary file read in the calling thread: a reader over it never suspends, so
    ``FrameReader(BlockingSource(stream)).next_body()`` runs to its end without an event loop
    (see :func:`tensorls.server.early_initialize.run_to_end`)."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream

    async def read(self) -> bytes:
        return read_some(self._stream)


def _header(line: bytes) -> tuple[bytes, bytes] | None:
    """The lower-case name and the value (blanks around it dropped) of a ``Name: value`` line
    ended by ``\\r\\n`` or ``\\n``; None for anything else. Linear in the line's length (a single
    pattern for the whole line backtracks cubically on runs of blanks)."""
    content = line[:-2] if line.endswith(b"\r\n") else line[:-1] if line.endswith(b"\n") else None
    if content is None or b"\r" in content or b"\n" in content:
        return None
    name = _HEADER_NAME.match(content)
    if name is None:
        return None
    return name.group(1).lower(), content[name.end() :].strip(b" \t")


def _trailing_length_prefix(data: bytes) -> int | None:
    """Where a trailing, possibly incomplete ``Content-Length`` header starts in ``data``."""
    lowered = data[-len(_NAME) - 32 :].lower()
    base = len(data) - len(lowered)
    for start in range(len(lowered)):
        tail = lowered[start:]
        if _NAME.startswith(tail) or re.fullmatch(rb"content-length[ \t]*:?[ \t]*[0-9]*\r?", tail):
            return base + start
    return None


class FrameReader:
    """Reads message bodies from a :class:`ByteSource`, resynchronising after corrupt frames."""

    def __init__(self, source: ByteSource) -> None:
        self._source = source
        self._buffer = bytearray()
        self._ended = False
        self._skipped = 0

    async def next_body(self) -> bytes | None:
        """The next body, or None at the end of the stream."""
        length = await self._next_length()
        return None if length is None else await self._read_body(length)

    def continue_from(self, source: ByteSource) -> None:
        """Read from ``source`` once the bytes already read are used up (the server takes over
        the reader of :mod:`tensorls.server.early_initialize`; both read the same stream)."""
        self._source = source

    def reclaim(self, body: bytes) -> None:
        """``body`` was not a message: read again from the first header found in it."""
        found = _LENGTH_ANYWHERE.search(body)
        start = found.start() if found is not None else _trailing_length_prefix(body)
        if start is not None:
            self._buffer[:0] = body[start:]

    async def _fill(self) -> bool:
        if self._ended:
            return False
        chunk = await self._source.read()
        if not chunk:
            self._ended = True
            return False
        self._buffer += chunk
        return True

    async def _line(self) -> bytes | None:
        """The next line with its terminator, a bounded run of junk without one, or None."""
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line = bytes(self._buffer[: end + 1])
                del self._buffer[: end + 1]
                return line
            if len(self._buffer) > MAX_HEADER_LINE:
                keep = len(_NAME) + 32
                junk = bytes(self._buffer[:-keep])
                del self._buffer[:-keep]
                return junk
            if not await self._fill():
                rest = bytes(self._buffer)
                self._buffer.clear()
                return rest or None

    def _skip(self, junk: bytes) -> None:
        self._skipped += len(junk)

    def _report_skipped(self) -> None:
        if self._skipped:
            logger.warning("skipped %d bytes that were not a message header", self._skipped)
            self._skipped = 0

    async def _next_length(self) -> int | None:
        """Read one header block; its body length, or None at the end of the stream."""
        headers: dict[bytes, bytes] = {}
        lines = 0
        while True:
            line = await self._line()
            if line is None:
                self._report_skipped()
                return None
            if not line.strip(b"\r\n"):
                if not headers:
                    continue
                length = self._length(headers)
                if length is not None:
                    return length
                headers = {}
                continue
            embedded = _LENGTH_AT_LINE_END.search(line)
            if embedded is not None and embedded.start() > 0:
                self._skip(line[: embedded.start()])
                line = line[embedded.start() :]
                headers, lines = {}, 0
            header = _header(line)
            lines += 1
            if header is None or lines > MAX_HEADER_LINES:
                self._skip(line)
                headers, lines = {}, 0
                continue
            self._report_skipped()
            name, value = header
            headers[name] = value

    @staticmethod
    def _length(headers: dict[bytes, bytes]) -> int | None:
        value = headers.get(_NAME)
        if value is None:
            logger.error("dropped a header block without Content-Length")
            return None
        if _DIGITS.fullmatch(value) is None or int(value) > MAX_CONTENT_LENGTH:
            logger.error(
                "dropped a frame with Content-Length %r (expected 0 to %d)",
                value.decode("ascii", "replace"),
                MAX_CONTENT_LENGTH,
            )
            return None
        return int(value)

    async def _read_body(self, length: int) -> bytes:
        scanned = 0
        while len(self._buffer) < length:
            embedded = _LENGTH_IN_BODY.search(self._buffer, max(0, scanned - _LENGTH_SCAN_OVERLAP))
            if embedded is not None:
                logger.error(
                    "a frame ended %d bytes before its Content-Length (%d): a header followed",
                    embedded.start(),
                    length,
                )
                body = bytes(self._buffer[: embedded.start()])
                del self._buffer[: embedded.start()]
                return body
            scanned = len(self._buffer)
            if not await self._fill():
                logger.error("the stream ended inside a frame body")
                body = bytes(self._buffer)
                self._buffer.clear()
                return body
        body = bytes(self._buffer[:length])
        del self._buffer[:length]
        return body
