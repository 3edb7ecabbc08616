"""``SourceText``: line splitting as CPython and LSP count lines, and exact column conversions."""

import ast

from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses.text import SourceText


def test_lines_break_only_at_newline_sequences() -> None:
    text = SourceText("a = 1\r\n\x0cb = 2\rc\u2028d = 3\n")
    assert text.lines == ["a = 1", "\x0cb = 2", "c\u2028d = 3", ""]


def test_node_spans_after_a_form_feed_line_match_the_parser() -> None:
    source = "x = 1\n\x0c\ny\u00e9 = 'π😀' + z\n"
    node = ast.parse(source).body[1]
    span = SourceText(source).span_of_node(node)
    assert (span.start.line, span.start.character) == (2, 0)
    assert source.split("\n")[2][span.start.character : span.end.character] == "y\u00e9 = 'π😀' + z"


@given(st.text(alphabet=st.sampled_from(["a", "é", "😀", "π", " "]), max_size=20), st.data())
def test_column_conversions_round_trip(line: str, data: st.DataObject) -> None:
    text = SourceText(line + "\n")
    character = data.draw(st.integers(min_value=0, max_value=len(line)))
    utf8 = text.utf8_from_character(0, character)
    utf16 = text.utf16_from_character(0, character)
    assert utf8 == len(line[:character].encode("utf-8"))
    assert utf16 == len(line[:character].encode("utf-16-le")) // 2
    assert text.character_from_utf8(0, utf8) == character
    assert text.character_from_utf16(0, utf16) == character


def test_offsets_inside_a_character_count_as_its_start() -> None:
    text = SourceText("a😀é\n")
    assert text.character_from_utf16(0, 2) == 1
    assert text.character_from_utf16(0, 3) == 2
    assert text.character_from_utf8(0, 3) == 1
    assert text.character_from_utf8(0, 6) == 2
    assert text.character_from_utf8(0, 99) == text.character_from_utf16(0, 99) == 3
