"""The rank projections' call memo kept in a document's cache: after an edit the projections
replay what did not change, and the result is the result of a fresh analysis."""

from __future__ import annotations

import textwrap

import pytest
from tensorls.analyses import analyse
from tensorls.analyses.incremental import DocumentCache

SCRIPT = textwrap.dedent(
    """\
    import horovod.tensorflow as hvd
    import tensorflow as tf

    hvd.init()


    def train(steps):
        weights = tf.zeros((4, 4))
        for step in range(steps):
            weights = hvd.allreduce(weights)
        return weights


    def report(weights):
        if hvd.rank() == 0:
            print(weights)


    weights = train(3)
    report(weights)
    report(tf.ones((2, 2)))
    """
)
"""The last call's argument does not come from ``train``: an edit inside ``train`` re-parses it,
and a value established by its new nodes does not match a summary made with the old ones (see
``interpreter.anchored_spans``), so ``report(weights)`` runs again but ``report(tf.ones(...))``
replays."""

EDITS = [
    ("print(weights)", "print(weights, 'done')"),
    ("print(weights)", "hvd.barrier()"),
    ("if hvd.rank() == 0:", "if hvd.rank() == 1:"),
    ("for step in range(steps):", "for step in range(steps + hvd.rank()):"),
]


def reports(result: object) -> list[tuple[int, str, str]]:
    return sorted(
        (d.span.start.line, d.code or "", d.message)
        for d in result.diagnostics  # type: ignore[attr-defined]
    )


@pytest.mark.parametrize(("old", "new"), EDITS)
def test_an_edit_gives_the_fresh_result_and_replays_the_unchanged_calls(old: str, new: str) -> None:
    cache = DocumentCache()
    assert reports(analyse(SCRIPT, cache=cache)) == reports(analyse(SCRIPT))
    edited = SCRIPT.replace(old, new)
    assert reports(analyse(edited, cache=cache)) == reports(analyse(edited))
    assert cache.projection_memo.hits >= 1
