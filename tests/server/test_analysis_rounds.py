"""Long documents finished in rounds (``scheduler``, "Long documents are finished in rounds"):
a document whose analysis runs out of its time budget is analysed again, from what its cache
kept, until the analysis reaches its end; both clients see the final diagnostics without an
edit (pushed again for the same version, or pulled again after ``workspace/diagnostic/refresh``).
"""

from __future__ import annotations

from lsprotocol import types

from .conftest import SessionClient, latest_diagnostics, start_editor

BUDGET_MS = 300


def long_script(statements: int) -> str:
    """A module-level NumPy script whose last line is a certain matmul error (about 0.8 s of
    CPU for 2,000 statements on the benchmark machine: several budgets of ``BUDGET_MS``)."""
    lines = ["import numpy as np", "", "w = np.ones((8, 16))"]
    lines += [f"h{i} = np.tanh(w @ np.ones((16, {i % 7 + 1}))) * {i}" for i in range(statements)]
    lines.append("bad = np.ones((2, 3)) @ np.ones((4, 5))")
    return "\n".join(lines) + "\n"


def codes(diagnostics: list[types.Diagnostic]) -> list[str]:
    return [str(diagnostic.code) for diagnostic in diagnostics]


async def test_a_long_document_is_analysed_to_its_end_in_rounds(
    bare_client: SessionClient,
) -> None:
    editor = await start_editor(
        bare_client, bare_client.editor_name, {"timeBudgetMs": BUDGET_MS, "debounceMs": 0}
    )
    source = long_script(2000)
    uri = editor.open(source, name="rounds")
    first = await editor.diagnostics(uri)
    assert codes(first) == ["analysis-budget"]
    final = await latest_diagnostics(editor, uri, lambda items: "shape-matmul" in codes(items))
    assert codes(final) == ["shape-matmul"]
    assert final[0].range.start.line == len(source.splitlines()) - 1
    if not editor.pulls:
        versions = {params.version for params in bare_client.published if params.uri == uri}
        assert versions == {1}


async def test_an_edit_starts_the_rounds_afresh(bare_client: SessionClient) -> None:
    editor = await start_editor(
        bare_client, bare_client.editor_name, {"timeBudgetMs": BUDGET_MS, "debounceMs": 0}
    )
    uri = editor.open(long_script(2000), name="rounds_edit")
    await editor.diagnostics(uri)
    editor.change(uri, (0, 0), (0, 0), "import math\n")
    final = await latest_diagnostics(editor, uri, lambda items: "shape-matmul" in codes(items))
    assert codes(final) == ["shape-matmul"]
    if not editor.pulls:
        pushed = [params for params in bare_client.published if params.uri == uri]
        assert pushed[-1].version == 2
