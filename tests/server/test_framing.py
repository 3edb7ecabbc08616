"""The framing reader on its own: every well-formed frame is read, whatever corrupt frames come
before it and however the stream is cut into reads (seeded random streams and chunkings)."""

from __future__ import annotations

import json
import random
import time

import pytest
from tensorls.server.framing import FrameReader

HANG_LIMIT_SECONDS = 20.0


class Chunks:
    """A byte stream delivered in the given pieces."""

    def __init__(self, pieces: list[bytes]) -> None:
        self._pieces = pieces

    async def read(self) -> bytes:
        return self._pieces.pop(0) if self._pieces else b""


def message(msg_id: int) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": msg_id, "method": "x", "params": "é😀"}).encode()


def valid(msg_id: int, rng: random.Random) -> bytes:
    body = message(msg_id)
    name = rng.choice([b"Content-Length", b"content-length", b"CONTENT-LENGTH"])
    extra = rng.choice([b"", b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"])
    return b"%s: %d\r\n%s\r\n%s" % (name, len(body), extra, body)


def corrupt(rng: random.Random) -> bytes:
    body = message(-1)
    kind = rng.randrange(7)
    if kind == 0:
        return b"Content-Length: %d\r\n\r\n%s" % (rng.randrange(len(body)), body)
    if kind == 1:
        return b"Content-Length: %d\r\n\r\n%s" % (len(body) + rng.randrange(1, 300), body)
    if kind == 2:
        return b"Content-Length: %s\r\n\r\n%s" % (rng.choice([b"x1", b"-4", b"9" * 40]), body)
    if kind == 3:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    if kind == 4:
        return b"Content-Length: 3\r\n"
    if kind == 5:
        return b"X-Other: 1\r\n\r\n"
    return b"Content-Length: %d\r\n\r\n" % rng.randrange(1, 5)


def cut(data: bytes, rng: random.Random) -> list[bytes]:
    pieces = []
    while data:
        size = rng.choice([1, 2, 7, 64, 4096])
        pieces.append(data[:size])
        data = data[size:]
    return pieces


async def read_all(reader: FrameReader) -> list[bytes]:
    bodies = []
    while (body := await reader.next_body()) is not None:
        try:
            json.loads(body)
        except ValueError:
            reader.reclaim(body)
        bodies.append(body)
    return bodies


@pytest.mark.parametrize("seed", range(40))
async def test_every_valid_frame_is_read(seed: int) -> None:
    rng = random.Random(seed)
    stream = b""
    for msg_id in range(30):
        if rng.random() < 0.4:
            stream += corrupt(rng)
        stream += valid(msg_id, rng)
    bodies = await read_all(FrameReader(Chunks(cut(stream, rng))))
    read_ids = []
    for body in bodies:
        try:
            read_ids.append(json.loads(body)["id"])
        except (ValueError, KeyError, TypeError):
            continue
    assert [msg_id for msg_id in read_ids if msg_id >= 0] == list(range(30))


async def test_a_too_large_length_stops_at_the_next_header() -> None:
    first, second = message(1), message(2)
    stream = b"Content-Length: %d\r\n\r\n%sContent-Length: %d\r\n\r\n%s" % (
        len(first) + 1000,
        first,
        len(second),
        second,
    )
    assert await read_all(FrameReader(Chunks([stream]))) == [first, second]


async def test_header_lines_of_blanks_are_read_in_linear_time() -> None:
    """A header line with long runs of blanks that is not quite well formed (a stray CR) made the
    one-pattern header parser backtrack cubically: 2,000 blanks kept the event loop for minutes."""
    blanks = b" \t" * 1000
    junk = b"X-Padding:" + blanks + b"x" + blanks + b"y\r\r\n"
    body = message(1)
    stream = junk + b"Content-Length: %d\r\n\r\n%s" % (len(body), body)
    started = time.monotonic()
    assert await read_all(FrameReader(Chunks([stream]))) == [body]
    assert time.monotonic() - started < HANG_LIMIT_SECONDS
