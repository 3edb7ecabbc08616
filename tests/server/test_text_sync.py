"""Applying content changes exactly as LSP defines positions.

A seeded fuzz compares :func:`tensorls.server.text_sync.apply_change` with a small reference
written here from the specification (its own line scan and unit counting, no shared code), over
documents full of characters that ``str.splitlines`` would treat as line breaks, astral
characters (two UTF-16 units, four UTF-8 bytes) and ranges past line ends, past the last line,
inside characters and reversed. One end-to-end test reproduces the form-feed drift.
"""

from __future__ import annotations

import random
import time

import pytest
from lsprotocol import types
from tensorls.analyses.text import SourceText
from tensorls.server.text_sync import apply_change, apply_changes

from ..fuzz_cli import fuzz_parser
from .conftest import Editor

ALPHABET = [
    "a", "x", " ", "=", "1", "é", "\n", "\r", "\r\n", "\f", "\v",
    "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", "😀", "𝔘",
]  # fmt: skip
ENCODINGS = ("utf-16", "utf-8", "utf-32")


def units(char: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(char.encode("utf-8"))
    if encoding == "utf-16":
        return 2 if ord(char) > 0xFFFF else 1
    return 1


def reference_lines(text: str) -> list[tuple[int, int]]:
    """(start, end) offsets of each line's content: only CR LF, CR and LF end a line."""
    lines = []
    start = index = 0
    while index < len(text):
        if text[index] == "\r" and text[index + 1 : index + 2] == "\n":
            lines.append((start, index))
            index += 2
            start = index
        elif text[index] in "\r\n":
            lines.append((start, index))
            index += 1
            start = index
        else:
            index += 1
    lines.append((start, len(text)))
    return lines


def reference_offset(text: str, line: int, column: int, encoding: str) -> int:
    lines = reference_lines(text)
    if line >= len(lines):
        return len(text)
    position, end = lines[line]
    counted = 0
    while position < end and counted + units(text[position], encoding) <= column:
        counted += units(text[position], encoding)
        position += 1
    return position


def reference_apply(
    text: str, change: types.TextDocumentContentChangePartial, encoding: str
) -> str:
    start = reference_offset(text, change.range.start.line, change.range.start.character, encoding)
    end = reference_offset(text, change.range.end.line, change.range.end.character, encoding)
    start, end = min(start, end), max(start, end)
    return text[:start] + change.text + text[end:]


def random_text(rng: random.Random, size: int, alphabet: list[str] = ALPHABET) -> str:
    return "".join(rng.choice(alphabet) for _ in range(size))


def random_change(
    rng: random.Random, text: str, alphabet: list[str] = ALPHABET
) -> types.TextDocumentContentChangePartial:
    line_count = len(reference_lines(text))
    longest = max(end - start for start, end in reference_lines(text)) * 4

    def position() -> types.Position:
        return types.Position(
            line=rng.randrange(line_count + 2), character=rng.randrange(longest + 3)
        )

    start = position()
    end = (
        position()
        if rng.random() < 0.3
        else types.Position(
            line=start.line + rng.randrange(2), character=rng.randrange(longest + 3)
        )
    )
    return types.TextDocumentContentChangePartial(
        range=types.Range(start=start, end=end), text=random_text(rng, rng.randrange(6), alphabet)
    )


@pytest.mark.parametrize("carriage_returns", [True, False])
@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("seed", range(8))
def test_random_edits_match_the_reference(encoding: str, seed: int, carriage_returns: bool) -> None:
    """With and without ``\\r`` in the text (line starts are found differently)."""
    alphabet = ALPHABET if carriage_returns else [char for char in ALPHABET if "\r" not in char]
    rng = random.Random(f"{encoding}-{seed}-{carriage_returns}")
    expected = random_text(rng, rng.randrange(60), alphabet)
    text = SourceText(expected)
    for _ in range(150):
        change = random_change(rng, expected, alphabet)
        expected = reference_apply(expected, change, encoding)
        text = apply_change(text, change, encoding)
        assert text.text == expected, change


def test_position_rules_on_examples() -> None:
    def edit(text: str, start: tuple[int, int], end: tuple[int, int], encoding: str) -> str:
        change = types.TextDocumentContentChangePartial(
            range=types.Range(
                start=types.Position(line=start[0], character=start[1]),
                end=types.Position(line=end[0], character=end[1]),
            ),
            text="|",
        )
        return apply_change(SourceText(text), change, encoding).text

    assert edit("a\fb\nc", (1, 0), (1, 0), "utf-16") == "a\fb\n|c"
    assert edit("x = 1\ny", (0, 4), (0, 99), "utf-16") == "x = |\ny"
    assert edit("x\r\ny", (0, 9), (0, 9), "utf-8") == "x|\r\ny"
    assert edit("x\ny", (7, 0), (9, 3), "utf-16") == "x\ny|"
    assert edit("😀b", (0, 1), (0, 1), "utf-16") == "|😀b"
    assert edit("😀b", (0, 3), (0, 3), "utf-8") == "|😀b"
    assert edit("😀b", (0, 1), (0, 1), "utf-32") == "😀|b"
    assert edit("abc", (0, 3), (0, 1), "utf-16") == "a|"


def test_a_change_without_range_replaces_the_text() -> None:
    changes = [
        types.TextDocumentContentChangeWholeDocument(text="new\f\ntext"),
        types.TextDocumentContentChangePartial(
            range=types.Range(
                start=types.Position(line=1, character=0), end=types.Position(line=1, character=4)
            ),
            text="line",
        ),
    ]
    assert apply_changes(SourceText("old"), changes, "utf-16").text == "new\f\nline"


async def test_an_edit_below_a_form_feed_lands_on_its_line(editor: Editor) -> None:
    """The issue's drift: with ``str.splitlines`` lines, renaming ``b`` renamed ``a``."""
    uri = editor.open("# \f page break\na = 1\nb = 2\nprint(a)\n")
    assert await editor.diagnostics(uri) == []
    editor.change(uri, (2, 0), (2, 1), "c")
    assert editor.texts[uri] == "# \f page break\na = 1\nc = 2\nprint(a)\n"
    assert await editor.diagnostics(uri) == []


async def test_an_edit_past_the_end_of_the_last_line_lands_at_its_end(editor: Editor) -> None:
    """The issue's ``x = 10`` that became ``x = 01`` (a syntax error) on the server: a column
    past the end of the last line (no line break after it) means its end."""
    uri = editor.open("y = 2\nx = 1")
    editor.versions[uri] += 1
    editor.texts[uri] = "y = 2\nx = 10"
    at_40 = types.Position(line=1, character=40)
    editor.client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(
                uri=uri, version=editor.versions[uri]
            ),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(start=at_40, end=at_40), text="0"
                )
            ],
        )
    )
    assert await editor.diagnostics(uri) == []


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("seed", range(4))
def test_one_notification_of_many_changes_matches_the_reference(encoding: str, seed: int) -> None:
    """All changes in one ``didChange`` (a multi-cursor edit) give the text the reference gets
    applying them one after the other."""
    rng = random.Random(f"batch-{encoding}-{seed}")
    original = expected = random_text(rng, rng.randrange(80), ALPHABET)
    changes = []
    for _ in range(120):
        change = random_change(rng, expected, ALPHABET)
        expected = reference_apply(expected, change, encoding)
        changes.append(change)
    assert apply_changes(SourceText(original), changes, encoding).text == expected


FUZZ_SEED = 304
FUZZ_SECONDS = 3.0


def fuzz_notifications(seed: int, seconds: float) -> tuple[int, int]:
    """Random notifications of 1 to 200 changes on random texts, in every encoding, against the
    reference applied change by change, for ``seconds``; (notifications, changes) made."""
    rng = random.Random(seed)
    notifications = made = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        encoding = rng.choice(ENCODINGS)
        original = expected = random_text(rng, rng.randrange(400), ALPHABET)
        changes = []
        for _ in range(rng.randint(1, 200)):
            change = (
                types.TextDocumentContentChangeWholeDocument(text=random_text(rng, 20, ALPHABET))
                if rng.random() < 0.01
                else random_change(rng, expected, ALPHABET)
            )
            expected = (
                change.text
                if isinstance(change, types.TextDocumentContentChangeWholeDocument)
                else reference_apply(expected, change, encoding)
            )
            changes.append(change)
        result = apply_changes(SourceText(original), changes, encoding).text
        assert result == expected, (seed, notifications, encoding)
        notifications += 1
        made += len(changes)
    return notifications, made


def test_fuzzed_notifications_match_the_reference() -> None:
    """Seeded, a few seconds in CI; at volume:
    ``python -m tests.server.test_text_sync --seconds 600 --seed 1``."""
    notifications, _ = fuzz_notifications(FUZZ_SEED, FUZZ_SECONDS)
    assert notifications >= 10


def test_replace_all_in_a_large_file() -> None:
    """A replace-all as an editor sends it: one change per occurrence, here 6,000 in a
    20,000-line file, last occurrence first."""
    lines = [f"value_{n} = old_name * {n}" if n % 10 < 3 else f"print({n})" for n in range(20_000)]
    text = "\n".join(lines) + "\n"
    changes = [
        types.TextDocumentContentChangePartial(
            range=types.Range(
                start=types.Position(line=number, character=line.index("old_name")),
                end=types.Position(line=number, character=line.index("old_name") + 8),
            ),
            text="new_name",
        )
        for number, line in reversed(list(enumerate(lines)))
        if "old_name" in line
    ]
    assert len(changes) == 6_000
    result = apply_changes(SourceText(text), changes, "utf-16")
    assert result.text == text.replace("old_name", "new_name")


def main() -> None:
    parser = fuzz_parser("Fuzz apply_changes against the reference.")
    arguments = parser.parse_args()
    notifications, changes = fuzz_notifications(arguments.seed, arguments.seconds)
    print(f"{notifications} notifications, {changes} changes, all equal to the reference")


if __name__ == "__main__":
    main()
