"""Each rank's view of a distributed script, end to end: the rank reports with related
locations, faded rank-only code, the rank-varying hover, and the "Show the script as rank R runs
it" code actions running the command that returns the projected program."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from tensorls.analyses.ranks.program_text import projected_program

from .conftest import Editor

SCRIPT = textwrap.dedent(
    """\
    import horovod.tensorflow as hvd
    import tensorflow as tf

    hvd.init()
    lead = hvd.rank() == 0
    if lead:
        total = hvd.allreduce(tf.ones((2,)))
    else:
        print("waiting")
    hvd.barrier()
    """
)


async def test_divergent_collective_and_faded_rank_only_blocks(editor: Editor) -> None:
    uri = editor.open(SCRIPT)
    diagnostics = await editor.diagnostics(uri)
    (divergent,) = [d for d in diagnostics if d.code == "rank-divergent-collective"]
    assert divergent.severity == types.DiagnosticSeverity.Error
    assert divergent.range.start == types.Position(line=6, character=12)
    assert [
        (item.location.range.start.line, item.message)
        for item in divergent.related_information or []
    ] == [(5, "rank-dependent condition: true on rank 0 only")]
    faded = [d for d in diagnostics if d.code == "rank-only"]
    assert [(d.range.start.line, d.severity, list(d.tags or [])) for d in faded] == [
        (6, types.DiagnosticSeverity.Hint, [types.DiagnosticTag.Unnecessary]),
        (8, types.DiagnosticSeverity.Hint, [types.DiagnosticTag.Unnecessary]),
    ]


async def test_hover_on_a_rank_varying_value(editor: Editor) -> None:
    uri = editor.open(SCRIPT)
    await editor.diagnostics(uri)
    hover = await editor.hover(uri, 4, 0)
    assert hover is not None
    assert isinstance(hover.contents, types.MarkupContent)
    assert "rank-varying: True on rank 0, False on the other ranks" in hover.contents.value


async def test_show_the_script_as_each_rank_runs_it(editor: Editor) -> None:
    uri = editor.open(SCRIPT)
    await editor.diagnostics(uri)
    actions = await editor.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(
                start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)
            ),
            context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.Source]),
        )
    )
    views = [as_code_action(action) for action in actions or []]
    assert [(action.title, action.kind) for action in views] == [
        ("Show the script as rank 0 runs it", types.CodeActionKind.Source),
        ("Show the script as rank 1 runs it", types.CodeActionKind.Source),
    ]
    for rank, action in enumerate(views):
        assert action.command is not None
        text = await editor.client.workspace_execute_command_async(
            types.ExecuteCommandParams(
                command=action.command.command, arguments=action.command.arguments
            )
        )
        assert text == projected_program(SCRIPT, rank)
        shown = editor.client.shown_documents[-1]
        assert shown.take_focus is True
        assert shown.uri.endswith(f".rank{rank}.py")
        assert Path(unquote(urlparse(shown.uri).path)).read_text(encoding="utf-8") == text
    assert 'print("waiting")' in projected_program(SCRIPT, 1)
    assert "allreduce" not in projected_program(SCRIPT, 1)


def as_code_action(item: types.Command | types.CodeAction) -> types.CodeAction:
    """The code action the server sent. pytest-lsp's client structures the answer's
    ``(Command | CodeAction)[]`` trying ``Command`` first, which takes a code action carrying a
    command for a command whose ``command`` is the nested object's text: rebuild it from that."""
    if isinstance(item, types.CodeAction):
        return item
    nested = ast.literal_eval(item.command)
    return types.CodeAction(
        title=item.title,
        kind=types.CodeActionKind.Source,
        command=types.Command(
            title=nested["title"], command=nested["command"], arguments=nested["arguments"]
        ),
    )


async def test_the_command_answers_nothing_for_bad_arguments(editor: Editor) -> None:
    uri = editor.open(SCRIPT)
    await editor.diagnostics(uri)
    for arguments in ([uri], [uri, -1], [uri, "zero"], ["file:///nowhere.py", 0]):
        result = await editor.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command="tensorls.showRankProgram", arguments=arguments)
        )
        assert result is None
