"""Results keep coming while the user types without pause (bounded staleness).

Typing in ``softmax``, used 38 times across the 3,000-line corpus file, every 50 ms: each
analysis takes longer than the gap between edits, so a scheduler that always supersedes the
running analysis would deliver nothing until typing stops. The edits go on until a result
arrives during them: a push for an edited version (VS Code), an answer to a pull sent during
the stream (Neovim). :data:`STREAM_LIMIT_SECONDS` only detects starvation; it is no benchmark.
"""

from __future__ import annotations

import asyncio

import pytest
from lsprotocol import types

from benchmarks.corpus_files import corpus_file

from .conftest import Editor

CORPUS = corpus_file("medium")
EDIT_INTERVAL_SECONDS = 0.05
STREAM_LIMIT_SECONDS = 30.0
SOFTMAX_BODY_LINE = 16
pytestmark = pytest.mark.slow


async def test_results_arrive_while_edits_keep_coming(editor: Editor) -> None:
    text = CORPUS.read_text(encoding="utf-8")
    uri = editor.open(text, name="typing")
    await editor.diagnostics(uri)
    line = text.split("\n")[SOFTMAX_BODY_LINE]
    end_of_line = (SOFTMAX_BODY_LINE, len(line))
    editor.change(uri, end_of_line, end_of_line, "\n    s = 1")
    typed_line, column = SOFTMAX_BODY_LINE + 1, len("    s = 1")
    pulls: list[asyncio.Task[types.DocumentDiagnosticReport]] = []

    def result_arrived() -> bool:
        if editor.pulls:
            return any(pull.done() for pull in pulls)
        return any(
            params.uri == uri and params.version is not None and params.version >= 2
            for params in editor.client.published
        )

    loop = asyncio.get_running_loop()
    limit = loop.time() + STREAM_LIMIT_SECONDS
    while not result_arrived() and loop.time() < limit:
        editor.change(uri, (typed_line, column), (typed_line, column), "1")
        column += 1
        if editor.pulls:
            pulls.append(loop.create_task(editor.pull(uri)))
        await asyncio.sleep(EDIT_INTERVAL_SECONDS)
    assert result_arrived()
    reports = await asyncio.gather(*pulls)
    assert all(isinstance(report, types.RelatedFullDocumentDiagnosticReport) for report in reports)
    final = await editor.diagnostics(uri)
    assert [item for item in final if item.severity == types.DiagnosticSeverity.Error] == []
