"""Programs in the style of public questions, against NumPy: the analysis reports exactly the
failure NumPy raises (line and message), and nothing for programs that run."""

from __future__ import annotations

import traceback

import pytest
from tensorls.analyses import Severity, analyse

from .questions import QUESTIONS, Question


def _run(source: str, name: str) -> tuple[int, str] | None:
    """Run ``source`` under NumPy: ``None`` if it completes, else the failing line and message."""
    try:
        exec(compile(source, name, "exec"), {"__name__": name})
    except Exception as error:
        frames = [
            frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == name
        ]
        return frames[-1].lineno or 0, str(error)
    return None


@pytest.mark.parametrize(
    "question", QUESTIONS, ids=[f"{question.group}-{question.name}" for question in QUESTIONS]
)
def test_question_is_reported_as_numpy_fails(question: Question) -> None:
    failure = _run(question.source, question.name)
    diagnostics = analyse(question.source).diagnostics
    errors = [
        (item.span.start.line + 1, item.message)
        for item in diagnostics
        if item.severity is Severity.ERROR
    ]
    assert errors == ([] if failure is None else [failure])
    assert all(item.severity is Severity.ERROR for item in diagnostics), diagnostics
