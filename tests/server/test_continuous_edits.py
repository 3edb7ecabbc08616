"""Results keep coming while the user types without pause (bounded staleness).

Typing in ``softmax``, used 38 times across the 3,000-line corpus file, every 50 ms for 4 s:
each analysis takes longer than the gap between edits, so a scheduler that always supersedes
the running analysis would deliver nothing until typing stops. Some result must arrive during
the stream: a push for a newer version (VS Code), an answer to a pull sent during it (Neovim).
The bound is generous; this detects starvation, it does not measure speed.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types

from .conftest import Editor

CORPUS = Path(__file__).parents[2] / "benchmarks" / "corpus" / "ml_medium.py"
EDIT_INTERVAL_SECONDS = 0.05
STREAM_SECONDS = 4.0
SOFTMAX_BODY_LINE = 16
pytestmark = pytest.mark.slow


async def test_results_arrive_while_edits_keep_coming(editor: Editor) -> None:
    text = CORPUS.read_text(encoding="utf-8")
    uri = editor.open(text, name="typing")
    await editor.diagnostics(uri)
    line = text.split("\n")[SOFTMAX_BODY_LINE]
    editor.change(
        uri, (SOFTMAX_BODY_LINE, len(line)), (SOFTMAX_BODY_LINE, len(line)), "\n    s = 1"
    )
    typed_line, column = SOFTMAX_BODY_LINE + 1, len("    s = 1")
    answered_during_stream: list[types.DocumentDiagnosticReport] = []
    pulls: list[asyncio.Task[types.DocumentDiagnosticReport]] = []
    streaming = True

    def note_answer(task: asyncio.Task[types.DocumentDiagnosticReport]) -> None:
        if streaming and not task.cancelled() and task.exception() is None:
            answered_during_stream.append(task.result())

    loop = asyncio.get_running_loop()
    end = loop.time() + STREAM_SECONDS
    while loop.time() < end:
        editor.change(uri, (typed_line, column), (typed_line, column), "1")
        column += 1
        if editor.pulls:
            pull = loop.create_task(editor.pull(uri))
            pull.add_done_callback(note_answer)
            pulls.append(pull)
        await asyncio.sleep(EDIT_INTERVAL_SECONDS)
    streaming = False
    pushed_during_stream = [
        params.version
        for params in editor.client.published
        if params.uri == uri and params.version is not None and params.version >= 2
    ]
    await asyncio.gather(*pulls)
    if editor.pulls:
        assert answered_during_stream
        assert all(
            isinstance(report, types.RelatedFullDocumentDiagnosticReport)
            for report in answered_during_stream
        )
    else:
        assert pushed_during_stream
    assert await editor.diagnostics(uri) == []
