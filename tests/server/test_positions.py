"""Positions in the negotiated encoding: UTF-16 for VS Code, UTF-8 for Neovim 0.11.

Every line puts non-ASCII text (identifiers, strings, comments, an astral emoji) before the
position that matters, so a server counting in the wrong unit would be visibly off.
"""

from __future__ import annotations

from .conftest import Editor

# A syntax error (an unclosed parenthesis) after an identifier, a string with an astral
# character and a comment-free prefix; the error is reported at the parenthesis.
BROKEN = 'größe = "😀 naïve 𝔘" + (\n'
PARENTHESIS = BROKEN.index("(")


def test_negotiated_encoding_matches_the_editor(editor: Editor) -> None:
    expected = {"vscode": "utf-16", "neovim": "utf-8"}[editor.name]
    assert editor.encoding == expected


async def test_diagnostic_column_counts_in_the_negotiated_encoding(editor: Editor) -> None:
    uri = editor.open("# ünïcödé 🚀 comment\n" + BROKEN)
    (diagnostic,) = await editor.diagnostics(uri)
    assert diagnostic.range.start.line == 1
    assert diagnostic.range.start.character == editor.column(BROKEN, PARENTHESIS)
    assert editor.column(BROKEN, PARENTHESIS) != PARENTHESIS


async def test_incremental_edit_after_astral_characters(editor: Editor) -> None:
    uri = editor.open("# ünïcödé 🚀 comment\n" + BROKEN)
    assert len(await editor.diagnostics(uri)) == 1
    editor.change(uri, (1, PARENTHESIS), (1, PARENTHESIS + 1), '"✓"  # fertig 🎉')
    assert editor.texts[uri].splitlines()[1] == 'größe = "😀 naïve 𝔘" + "✓"  # fertig 🎉'
    assert await editor.diagnostics(uri) == []
    before_comment = editor.texts[uri].splitlines()[1].index("  #")
    editor.change(uri, (1, before_comment), (1, before_comment), " + (")
    (diagnostic,) = await editor.diagnostics(uri)
    line = editor.texts[uri].splitlines()[1]
    assert diagnostic.range.start.character == editor.column(line, line.index("("))
