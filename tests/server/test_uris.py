"""Document identity: the exact URI for synchronisation, RFC 3986 equivalence for requests."""

from __future__ import annotations

from lsprotocol import types
from tensorls.server.uris import same_resource_key

from .conftest import Editor


def open_as(editor: Editor, uri: str, text: str) -> None:
    editor.versions[uri] = 1
    editor.texts[uri] = text
    editor.client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="python", version=1, text=text
            )
        )
    )


async def test_two_spellings_opened_are_two_buffers(editor: Editor) -> None:
    """``pA.py`` and ``p%41.py`` opened by the client stay apart: an edit of one never lands in
    the other (the issue: they shared one buffer)."""
    plain, encoded = "file:///workspace/pA.py", "file:///workspace/p%41.py"
    open_as(editor, plain, "import numpy as np\nx = 1\n")
    open_as(editor, encoded, "y = (\n")
    assert await editor.diagnostics(plain) == []
    assert [item.code for item in await editor.diagnostics(encoded)] == ["syntax-error"]
    editor.change(plain, (1, 4), (1, 5), "np.zeros((2,)) + np.ones((3,))")
    editor.change(encoded, (0, 5), (0, 5), ")")
    assert [item.code for item in await editor.diagnostics(plain)] == ["shape-broadcast"]
    assert await editor.diagnostics(encoded) == []


async def test_a_request_may_spell_the_uri_differently(editor: Editor) -> None:
    opened = "file:///workspace/shapes%5Fq.py"
    open_as(editor, opened, "import numpy as np\n\nx = np.zeros((64, 128))\n")
    await editor.diagnostics(opened)
    hover = await editor.client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri="file:///workspace/shapes_q.py"),
            position=types.Position(line=2, character=0),
        )
    )
    assert hover is not None
    assert isinstance(hover.contents, types.MarkupContent)
    assert "(64, 128)" in hover.contents.value


def test_equivalent_uris() -> None:
    assert same_resource_key("file:///w/pA.py") == same_resource_key("file:///w/p%41.py")
    assert same_resource_key("FILE:///c%3A/x.py") == same_resource_key("file:///C:/x.py")
    assert same_resource_key("untitled:Untitled-%31") == same_resource_key("untitled:Untitled-1")
    assert same_resource_key("https://h/a%2fb") == same_resource_key("https://H/a%2Fb")
    assert same_resource_key("https://h/a%2Fb") != same_resource_key("https://h/a/b")
    assert same_resource_key("file:///w/a.py") != same_resource_key("file:///w/A.py")
