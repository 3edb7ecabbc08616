"""Open, edit, close: diagnostics follow the current version in both editors."""

from __future__ import annotations

from lsprotocol import types

from .conftest import Editor

VALID = "import numpy as np\n\nx = np.zeros((3, 4))\n"


async def test_open_valid_document_has_no_diagnostics(editor: Editor) -> None:
    uri = editor.open(VALID)
    assert await editor.diagnostics(uri) == []


async def test_syntax_error_is_one_diagnostic_at_the_error(editor: Editor) -> None:
    uri = editor.open("def f(:\n    pass\n")
    diagnostics = await editor.diagnostics(uri)
    assert len(diagnostics) == 1
    (diagnostic,) = diagnostics
    assert diagnostic.code == "syntax-error"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range.start == types.Position(line=0, character=6)


async def test_incremental_edits_break_and_repair_the_document(editor: Editor) -> None:
    uri = editor.open(VALID)
    assert await editor.diagnostics(uri) == []
    editor.change(uri, (2, 0), (2, 0), "y = (\n")
    broken = await editor.diagnostics(uri)
    assert [diagnostic.code for diagnostic in broken] == ["syntax-error"]
    assert broken[0].range.start.line == 2
    editor.change(uri, (2, 4), (2, 5), "1")
    assert editor.texts[uri] == "import numpy as np\n\ny = 1\nx = np.zeros((3, 4))\n"
    assert await editor.diagnostics(uri) == []


async def test_several_quick_edits_settle_on_the_last_version(editor: Editor) -> None:
    uri = editor.open("x = 1\n")
    for _ in range(5):
        editor.change(uri, (0, 5), (0, 5), " +")
    editor.change(uri, (0, 5), (0, 15), "")
    assert editor.texts[uri] == "x = 1\n"
    assert await editor.diagnostics(uri) == []


async def test_close_clears_diagnostics(editor: Editor) -> None:
    uri = editor.open("def f(:\n")
    assert len(await editor.diagnostics(uri)) == 1
    editor.close(uri)
    assert await editor.pushed(uri, None) == []
    report = await editor.pull(uri)
    assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
    assert list(report.items) == []


async def test_crlf_line_endings(editor: Editor) -> None:
    uri = editor.open("x = 1\r\ny = 2\r\ndef f(:\r\n")
    (diagnostic,) = await editor.diagnostics(uri)
    assert diagnostic.range.start == types.Position(line=2, character=6)
    editor.change(uri, (2, 6), (2, 7), "): pass")
    assert await editor.diagnostics(uri) == []
