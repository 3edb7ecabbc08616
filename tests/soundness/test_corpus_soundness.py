"""Differential soundness and no-false-positive tests over the corpus (issue 3, tests 2 and 3).

Each corpus program runs under CPython with the tracer; its original source is analysed by
tensorls. Every recorded concrete value must be contained in the abstract value at its point, every
point reached concretely must have an abstract value (unless the analysis ran out of budget), and a
program that CPython runs to completion must get no error-severity diagnostic.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .harness import Worker, corpus_files
from .summary import SUMMARY

PROGRAM_TIMEOUT_SECONDS = 60.0

# Both tests of a program share one judgment; under pytest-xdist run with ``--dist loadgroup`` so
# that they land in the same process.
CORPUS_PARAMETERS = [
    pytest.param(path, id=path.name, marks=pytest.mark.xdist_group(path.name))
    for path in corpus_files()
]


def _judgment(worker: Worker, judgments: dict[str, dict[str, Any]], path: Path) -> dict[str, Any]:
    if path.name not in judgments:
        answer = worker.judge(path.name, path.read_text(encoding="utf-8"), PROGRAM_TIMEOUT_SECONDS)
        judgments[path.name] = answer
        SUMMARY.add("corpus programs judged")
        SUMMARY.add("corpus points reached", answer.get("points_reached", 0))
        SUMMARY.add("corpus concrete values checked", answer.get("values_checked", 0))
        SUMMARY.add(
            "corpus points whose abstract value is unknown", answer.get("unknown_points", 0)
        )
        SUMMARY.add("corpus unsound values", len(answer.get("unsound", ())))
        SUMMARY.add("corpus points missing", len(answer.get("missing", ())))
        SUMMARY.add(
            "corpus programs over the analysis budget", int(answer.get("budget_exceeded", False))
        )
    return judgments[path.name]


def _assert_analysed(answer: dict[str, Any]) -> None:
    assert "timeout" not in answer, "tracing + analysis exceeded the timeout (hang?)"
    assert "harness_error" not in answer, answer.get("harness_error")
    assert answer["crash"] is None, f"the analysis raised:\n{answer['crash']}"
    assert not answer["internal_errors"], "internal errors:\n" + "\n".join(
        answer["internal_errors"]
    )


@pytest.mark.parametrize("path", CORPUS_PARAMETERS)
def test_concrete_values_are_contained(
    worker: Worker, judgments: dict[str, dict[str, Any]], path: Path
) -> None:
    answer = _judgment(worker, judgments, path)
    _assert_analysed(answer)
    problems = answer["unsound"] + [
        f"{where}: reached but has no abstract value" for where in answer["missing"]
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", CORPUS_PARAMETERS)
def test_no_error_diagnostic(
    worker: Worker, judgments: dict[str, dict[str, Any]], path: Path
) -> None:
    answer = _judgment(worker, judgments, path)
    _assert_analysed(answer)
    assert answer["completed"], f"corpus programs must run to completion: {answer['exception']}"
    assert not answer["errors"], "\n".join(answer["errors"])
