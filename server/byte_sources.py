"""Where a running server's bytes come from: a TCP connection or stdin, read on the event loop.

Kept apart from :mod:`tensorls.server.framing`, which must not import asyncio (see there).
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor
from typing import BinaryIO

from .framing import READ_SIZE, read_some


class StreamSource:
    """An ``asyncio.StreamReader`` (a TCP connection)."""

    def __init__(self, reader: asyncio.StreamReader) -> None:
        self._reader = reader

    async def read(self) -> bytes:
        return await self._reader.read(READ_SIZE)


class FileSource:
    """A binary file (stdin), read on the given executor so that the event loop never blocks."""

    def __init__(self, stream: BinaryIO, executor: Executor) -> None:
        self._stream = stream
        self._executor = executor

    async def read(self) -> bytes:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, read_some, self._stream)
