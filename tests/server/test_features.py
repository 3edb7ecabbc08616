"""Shape diagnostics, hover, inlay hints and the Horovod code action, end to end."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from tensorls.analyses.horovod import distribute

from .conftest import Editor, SessionClient, start_editor

SHAPES = """import numpy as np

a = np.zeros((3, 4))
b = np.zeros((5, 6))
c = a @ b
h = np.ones((64, 128))
"""
EXAMPLE = Path(__file__).parents[2] / "examples" / "tf2" / "keras_sequential_fit.py"


async def test_matmul_mismatch_is_reported_with_numpy_wording(editor: Editor) -> None:
    uri = editor.open(SHAPES)
    (diagnostic,) = await editor.diagnostics(uri)
    assert diagnostic.code == "shape-matmul"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert "mismatch in its core dimension 0" in diagnostic.message
    assert diagnostic.range.start == types.Position(line=4, character=4)
    assert diagnostic.range.end == types.Position(line=4, character=9)
    related = diagnostic.related_information or []
    assert [
        (item.location.uri, item.location.range.start.line, item.message) for item in related
    ] == [
        (uri, 2, "shape (3, 4) established here"),
        (uri, 3, "shape (5, 6) established here"),
    ]


async def test_hover_shows_the_inferred_shape_in_markdown(editor: Editor) -> None:
    uri = editor.open(SHAPES)
    await editor.diagnostics(uri)
    hover = await editor.hover(uri, 5, 0)
    assert hover is not None
    assert isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert "(64, 128)" in hover.contents.value
    assert hover.range == types.Range(
        start=types.Position(line=5, character=0), end=types.Position(line=5, character=1)
    )


async def test_hover_after_astral_characters_uses_the_negotiated_encoding(editor: Editor) -> None:
    line = 'note = "😀 𝔘"; größe = np.ones((2, 3))'
    uri = editor.open("import numpy as np\n" + line + "\n")
    await editor.diagnostics(uri)
    column = line.index("größe")
    hover = await editor.hover(uri, 1, column + 2)
    assert hover is not None
    assert isinstance(hover.contents, types.MarkupContent)
    assert "(2, 3)" in hover.contents.value
    assert hover.range is not None
    assert hover.range.start == types.Position(line=1, character=editor.column(line, column))
    assert hover.range.end == types.Position(line=1, character=editor.column(line, column + 5))


async def test_hover_keeps_answering_from_the_last_good_analysis(editor: Editor) -> None:
    uri = editor.open(SHAPES)
    await editor.diagnostics(uri)
    before = await editor.hover(uri, 5, 0)
    assert before is not None
    editor.change(uri, (0, 0), (0, 0), "broken = (\n")
    (syntax_error,) = await editor.diagnostics(uri)
    assert syntax_error.code == "syntax-error"
    after = await editor.hover(uri, 6, 0)
    assert after is not None
    assert after.contents == before.contents
    assert after.range is not None
    assert after.range.start.line == 6
    assert await editor.hover(uri, 0, 0) is None
    editor.change(uri, (0, 0), (1, 0), "")
    assert [item.code for item in await editor.diagnostics(uri)] == ["shape-matmul"]
    assert await editor.hover(uri, 5, 0) == before


async def test_plaintext_hover_for_clients_that_prefer_it(neovim_client: SessionClient) -> None:
    def plain_text_hover(capabilities: types.ClientCapabilities) -> None:
        assert capabilities.text_document is not None
        assert capabilities.text_document.hover is not None
        capabilities.text_document.hover.content_format = [types.MarkupKind.PlainText]

    neovim = await start_editor(neovim_client, "neovim", adjust=plain_text_hover)
    uri = neovim.open(SHAPES)
    await neovim.diagnostics(uri)
    hover = await neovim.hover(uri, 5, 0)
    assert hover is not None
    assert isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.kind == types.MarkupKind.PlainText
    assert "```" not in hover.contents.value
    assert "(64, 128)" in hover.contents.value


async def inlay_hints(editor: Editor, uri: str) -> list[types.InlayHint]:
    lines = editor.texts[uri].splitlines()
    whole = types.Range(
        start=types.Position(line=0, character=0),
        end=types.Position(line=len(lines), character=0),
    )
    hints = await editor.client.text_document_inlay_hint_async(
        types.InlayHintParams(text_document=types.TextDocumentIdentifier(uri=uri), range=whole)
    )
    return list(hints or [])


async def test_inlay_hints_after_array_assignments(neovim_client: SessionClient) -> None:
    neovim = await start_editor(neovim_client, "neovim")
    uri = neovim.open(SHAPES)
    await neovim.diagnostics(uri)
    hints = await inlay_hints(neovim, uri)
    assert [(hint.position.line, hint.label) for hint in hints] == [
        (2, ": (3, 4)"),
        (3, ": (5, 6)"),
        (5, ": (64, 128)"),
    ]
    assert all(hint.kind == types.InlayHintKind.Type for hint in hints)
    assert hints[0].position == types.Position(line=2, character=1)
    assert neovim_client.inlay_refreshes >= 1


async def test_horovod_rewrite_offered_as_quick_fix_and_resolved(editor: Editor) -> None:
    source = EXAMPLE.read_text(encoding="utf-8")
    uri = editor.open(source)
    diagnostics = await editor.diagnostics(uri)
    training = [item for item in diagnostics if item.code == "single-device-training"]
    assert len(training) == 1
    actions = await editor.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=training[0].range,
            context=types.CodeActionContext(diagnostics=training),
        )
    )
    assert actions is not None
    (action,) = actions
    assert isinstance(action, types.CodeAction)
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.title == "Distribute with Horovod"
    if action.edit is None:
        action = await editor.client.code_action_resolve_async(action)
    assert action.edit is not None
    expected = distribute(source)
    if action.edit.document_changes:
        (change,) = action.edit.document_changes
        assert isinstance(change, types.TextDocumentEdit)
        edits = list(change.edits)
    else:
        assert action.edit.changes is not None
        edits = list(action.edit.changes[uri])
    assert len(edits) == len(expected.edits)
    assert apply_edits(source, edits, editor) == expected.new_source


async def test_rewrite_edit_computed_when_listing_for_clients_without_resolve(
    bare_client: SessionClient,
) -> None:
    def without_resolve(capabilities: types.ClientCapabilities) -> None:
        assert capabilities.text_document is not None
        assert capabilities.text_document.code_action is not None
        capabilities.text_document.code_action.resolve_support = None

    editor = await start_editor(bare_client, bare_client.editor_name, adjust=without_resolve)
    source = EXAMPLE.read_text(encoding="utf-8")
    uri = editor.open(source)
    training = [
        item for item in await editor.diagnostics(uri) if item.code == "single-device-training"
    ]
    actions = await editor.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=training[0].range,
            context=types.CodeActionContext(diagnostics=training),
        )
    )
    assert actions is not None
    (action,) = actions
    assert isinstance(action, types.CodeAction)
    assert action.edit is not None
    edits = (
        list(action.edit.document_changes[0].edits)  # type: ignore[union-attr]
        if action.edit.document_changes
        else list((action.edit.changes or {})[uri])
    )
    assert apply_edits(source, edits, editor) == distribute(source).new_source


async def test_source_action_is_listed_only_when_asked_for(editor: Editor) -> None:
    uri = editor.open(EXAMPLE.read_text(encoding="utf-8"))
    await editor.diagnostics(uri)
    start = types.Range(
        start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
    )

    async def kinds(only: list[types.CodeActionKind] | None) -> list[str]:
        actions = await editor.client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=start,
                context=types.CodeActionContext(diagnostics=[], only=only),
            )
        )
        return [
            str(action.kind) for action in actions or [] if isinstance(action, types.CodeAction)
        ]

    assert await kinds(None) == []
    assert await kinds([types.CodeActionKind.Source]) == ["source"]


def apply_edits(source: str, edits: list[types.TextEdit], editor: Editor) -> str:
    """Apply LSP edits (in the client's encoding) the way an editor does, last first."""
    lines = source.splitlines(keepends=True)

    def offset(position: types.Position) -> int:
        line_text = lines[position.line] if position.line < len(lines) else ""
        characters = 0
        while (
            characters < len(line_text)
            and editor.column(line_text, characters) < position.character
        ):
            characters += 1
        return sum(len(line) for line in lines[: position.line]) + characters

    result = source
    for edit in sorted(
        edits, key=lambda item: (item.range.start.line, item.range.start.character), reverse=True
    ):
        result = (
            result[: offset(edit.range.start)] + edit.new_text + result[offset(edit.range.end) :]
        )
    return result


async def test_hover_while_an_edit_waits_for_analysis(bare_client: SessionClient) -> None:
    """With a long debounce the edit is not analysed yet: unchanged lines answer from the
    previous analysis (shifted by the inserted lines), edited lines answer nothing."""
    editor = await start_editor(bare_client, bare_client.editor_name, {"debounceMs": 10_000})
    uri = editor.open(SHAPES)
    await editor.diagnostics(uri)
    before = await editor.hover(uri, 5, 0)
    assert before is not None
    editor.change(uri, (3, 0), (3, 0), "extra = 1\nmore = 2\n")
    shifted = await editor.hover(uri, 7, 0)
    assert shifted is not None
    assert shifted.contents == before.contents
    assert shifted.range is not None
    assert shifted.range.start.line == 7
    assert await editor.hover(uri, 3, 0) is None
    above = await editor.hover(uri, 2, 0)
    assert above is not None
    assert isinstance(above.contents, types.MarkupContent)
    assert "(3, 4)" in above.contents.value


EDITED = """import numpy as np

def scale(x, k):
    return x * k

a = np.zeros((3, 4))
b = scale(a, 2.0)
for step in range(3):
    b = b + np.ones((3, 4))
c = np.ones((5, 6)) @ np.ones((6, 2))
"""


async def every_hover_and_hint(editor: Editor, uri: str) -> tuple[object, ...]:
    """The inlay hints of the whole document and the hover at every character of it."""
    lines = editor.texts[uri].split("\n")
    hovers = [
        await editor.hover(uri, line, character)
        for line, content in enumerate(lines)
        for character in range(len(content) + 1)
    ]
    hints = [(hint.position, hint.label, hint.tooltip) for hint in await inlay_hints(editor, uri)]
    return tuple(hints), tuple(hovers)


async def test_hover_and_inlay_hints_after_edits_are_those_of_the_text_opened_afresh(
    editor: Editor,
) -> None:
    """Enter above module-level code (its lines move), a statement appended, a line deleted:
    after each edit the document answers every hover and its inlay hints exactly as a new
    document holding the same text does."""
    uri = editor.open(EDITED)
    await editor.diagnostics(uri)
    edits = [
        ((5, 0), (5, 0), "\n"),
        ((11, 0), (11, 0), "d = scale(c, 0.5)\n"),
        ((4, 0), (5, 0), ""),
    ]
    for start, end, new_text in edits:
        editor.change(uri, start, end, new_text)
        await editor.diagnostics(uri)
        fresh = editor.open(editor.texts[uri])
        await editor.diagnostics(fresh)
        edited_facts = await every_hover_and_hint(editor, uri)
        assert edited_facts == await every_hover_and_hint(editor, fresh)
        assert sum(hover is not None for hover in edited_facts[1]) > 50
    hints = await inlay_hints(editor, uri)
    assert [(hint.position.line, hint.label) for hint in hints] == [
        (5, ": (3, 4)"),
        (6, ": (3, 4)"),
        (8, ": (3, 4)"),
        (9, ": (5, 2)"),
        (10, ": (5, 2)"),
    ]


async def test_rewrite_offered_right_after_an_edit(bare_client: SessionClient) -> None:
    """A code action request made right after an edit (an undo, then "Distribute") is answered
    once the new text's analysis lands, not with "no rewrite offered" (issue 31, item 6)."""
    editor = await start_editor(bare_client, bare_client.editor_name, {"debounceMs": 1500})
    source = EXAMPLE.read_text(encoding="utf-8")
    uri = editor.open(source)
    training = [
        item for item in await editor.diagnostics(uri) if item.code == "single-device-training"
    ]
    editor.change(uri, (0, 0), (0, 0), "\n")
    moved = training[0].range
    moved = types.Range(
        start=types.Position(line=moved.start.line + 1, character=moved.start.character),
        end=types.Position(line=moved.end.line + 1, character=moved.end.character),
    )
    actions = await editor.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=moved,
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert [action.title for action in actions or []] == ["Distribute with Horovod"]
