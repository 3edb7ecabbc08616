"""Seeded protocol fuzz against a real ``tensorls serve``: random edits full of characters that
``str.splitlines`` treats as line breaks, random requests, and corrupt frames between them.

At the end every request sent in a well-formed frame has been answered (a result or an error),
the process is alive and exits 0 after shutdown/exit, and the diagnostics pulled for the final
text equal those of ``tensorls.analyses.analyse`` on the client's copy of the text (so the
server's copy never drifted). Bounded: three seeds (one per position encoding), a few hundred messages each, seconds in all.
"""

from __future__ import annotations

import json
import random

import pytest
from lsprotocol import types
from tensorls.analyses import AnalysisSettings, analyse

from .raw_session import RawSession, frame
from .test_text_sync import random_text, reference_apply, reference_lines

STATEMENTS = [
    "import numpy as np",
    "def fé(): return np.zeros((3, 4)) @ np.ones((5, 6))  # é",
    "def g(): return ('😀𝔘', np.zeros((2,)) + np.ones((3,)))",
    "def h(): return ('\u2028', undefined_name)",
    "s = 'é😀𝔘'  # astral",
    "print('é')  # \f",
    "# page\f break \u2028",
]
IN_COMMENTS = ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "😀", "𝔘", "é", "x"]
LINE_BREAKS = ["\n", "\r\n", "\r"]
URI = "file:///workspace/fuzz.py"
STEPS = 250


def to_units(text: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-16":
        return len(text.encode("utf-16-le")) // 2
    return len(text)


def expected_diagnostics(text: str, encoding: str) -> list[tuple[object, ...]]:
    """``analyse`` on the client's text, positions converted on the client's side."""
    lines = [text[start:end] for start, end in reference_lines(text)]

    def position(line: int, character: int) -> tuple[int, int]:
        return line, to_units(lines[line][:character], encoding)

    return sorted(
        (
            position(item.span.start.line, item.span.start.character),
            position(item.span.end.line, item.span.end.character),
            item.code,
            item.message,
        )
        for item in analyse(text, AnalysisSettings()).diagnostics
    )


def received_diagnostics(items: list[dict[str, object]]) -> list[tuple[object, ...]]:
    def position(value: object) -> tuple[int, int]:
        assert isinstance(value, dict)
        return value["line"], value["character"]

    return sorted(
        (
            position(item["range"]["start"]),  # type: ignore[index]
            position(item["range"]["end"]),  # type: ignore[index]
            item["code"],
            item["message"],
        )
        for item in items
    )


def at(line: int, character: int) -> dict[str, int]:
    return {"line": line, "character": character}


class Fuzzer:
    """The client side of one fuzz session: its text, versions and expected answers."""

    def __init__(self, seed: int, encoding: str) -> None:
        self.rng = random.Random(seed)
        self.encoding = encoding
        self.session = RawSession()
        self.text = "".join(
            self.rng.choice(STATEMENTS) + self.rng.choice(LINE_BREAKS) for _ in range(8)
        )
        self.version = 1
        self.expected: set[int] = set()
        self.unexpected_ids = iter(range(10**6, 2 * 10**6))

    def start(self) -> None:
        self.session.initialize(
            {"general": {"positionEncodings": [self.encoding]}, "textDocument": {"diagnostic": {}}}
        )
        self.session.notify(
            "textDocument/didOpen",
            {"textDocument": {"uri": URI, "languageId": "python", "version": 1, "text": self.text}},
        )

    def edit(self) -> None:
        """One didChange of one to three random changes that keep the text Python: statements
        replaced, inserted or deleted (with random line breaks), line-break look-alikes and
        astral characters typed into comments, ranges past line ends and past the last line."""
        changes = []
        for _ in range(self.rng.choice((1, 1, 1, 2, 3))):
            start, end, text = change = self.random_change()
            typed = types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(**start), end=types.Position(**end)),
                text=text,
            )
            self.text = reference_apply(self.text, typed, self.encoding)
            changes.append(change)
        self.version += 1
        self.session.notify(
            "textDocument/didChange",
            {
                "textDocument": {"uri": URI, "version": self.version},
                "contentChanges": [
                    {"range": {"start": start, "end": end}, "text": text}
                    for start, end, text in changes
                ],
            },
        )

    def units(self, text: str) -> int:
        return to_units(text, self.encoding)

    def random_change(self) -> tuple[dict[str, int], dict[str, int], str]:
        rng = self.rng
        lines = [self.text[start:end] for start, end in reference_lines(self.text)]
        line = rng.randrange(len(lines))
        statement = rng.choice(STATEMENTS)
        comment = lines[line].find("#")
        kind = rng.randrange(6)
        if kind == 0 and comment >= 0:
            column = self.units(lines[line][: comment + 1]) + rng.randrange(
                self.units(lines[line][comment + 1 :]) + 1
            )
            typed = "".join(rng.choice(IN_COMMENTS) for _ in range(rng.randrange(1, 4)))
            return at(line, column), at(line, column), typed
        if kind == 1 and comment >= 0:
            column = self.units(lines[line][: comment + 1]) + rng.randrange(3)
            typed = "".join(rng.choice(IN_COMMENTS) for _ in range(rng.randrange(3)))
            return at(line, column), at(line, column + 500), typed
        if kind == 2:
            return at(line, 0), at(line, self.units(lines[line]) + rng.randrange(3)), statement
        if kind == 3:
            return at(line, 0), at(line, 0), statement + rng.choice(LINE_BREAKS)
        if kind == 4 and len(lines) > 2:
            return at(line, 0), at(line + 1, 0), ""
        past = len(lines) + rng.randrange(3)
        return at(past, rng.randrange(9)), at(past + rng.randrange(2), 3), "\n" + statement

    def request(self) -> None:
        kind = self.rng.randrange(4)
        if kind == 0:
            method, params = "textDocument/diagnostic", {"textDocument": {"uri": URI}}
        elif kind == 1:
            position = {"line": self.rng.randrange(20), "character": self.rng.randrange(40)}
            method, params = (
                "textDocument/hover",
                {"textDocument": {"uri": URI}, "position": position},
            )
        elif kind == 2:
            method, params = "tensorls/fuzz", {}
        else:
            method, params = "textDocument/hover", {"textDocument": {"uri": 7}}
        msg_id = self.session.request(method, params)
        self.expected.add(msg_id)
        if self.rng.random() < 0.1:
            self.session.notify("$/cancelRequest", {"id": msg_id})

    def junk(self) -> None:
        # A corrupt frame may still be read as its message: after a too-long length the reader
        # stops at the next header, which can leave exactly this body. So the body is a
        # notification the server ignores, whether or not the frame is recovered.
        ignored = {"jsonrpc": "2.0", "method": "$/tensorlsFuzz", "params": {}}
        body = json.dumps(ignored).encode("utf-8")
        kind = self.rng.randrange(7)
        if kind == 0:
            data = b"Content-Length: %d\r\n\r\n%s" % (self.rng.randrange(1, len(body)), body)
        elif kind == 1:
            data = b"Content-Length: %d\r\n\r\n%s" % (len(body) + self.rng.randrange(1, 200), body)
        elif kind == 2:
            data = b"Content-Length: %s\r\n\r\n%s" % (
                self.rng.choice([b"x", b"-3", b"9" * 30]),
                body,
            )
        elif kind == 3:
            noise = random_text(self.rng, self.rng.randrange(1, 40)).encode("utf-8")
            data = b"Content-Length: %d\r\n\r\n%s" % (len(noise), noise)
        elif kind == 4:
            data = bytes(self.rng.randrange(256) for _ in range(self.rng.randrange(1, 300)))
        elif kind == 5:
            data = b"X-Fuzz: 1\r\n\r\n"
        else:
            msg_id = self.session.request("textDocument/hover", {"bad": True})
            self.expected.add(msg_id)
            return
        self.session.write(data)

    def lower_case_request(self) -> None:
        msg_id = next(self.unexpected_ids)
        request = {"jsonrpc": "2.0", "id": msg_id, "method": "textDocument/diagnostic"}
        request["params"] = {"textDocument": {"uri": URI}}
        self.session.write(frame(request).replace(b"Content-Length", b"content-length"))
        self.expected.add(msg_id)


@pytest.mark.parametrize(("seed", "encoding"), [(1, "utf-16"), (2, "utf-8"), (3, "utf-32")])
def test_protocol_fuzz(seed: int, encoding: str) -> None:
    fuzzer = Fuzzer(seed, encoding)
    session = fuzzer.session
    try:
        fuzzer.start()
        for _ in range(STEPS):
            action = fuzzer.rng.random()
            if action < 0.5:
                fuzzer.edit()
            elif action < 0.75:
                fuzzer.request()
            elif action < 0.95:
                fuzzer.junk()
            else:
                fuzzer.lower_case_request()
        for msg_id in sorted(fuzzer.expected):
            session.answer(msg_id)
        assert session.process.poll() is None
        final = session.answer(
            session.request("textDocument/diagnostic", {"textDocument": {"uri": URI}})
        )
        assert "result" in final, final
        assert received_diagnostics(final["result"]["items"]) == expected_diagnostics(
            fuzzer.text, encoding
        )
        assert session.answer(session.request("shutdown"))["result"] is None
        session.notify("exit")
        assert session.wait_exit() == 0
    finally:
        session.close()
