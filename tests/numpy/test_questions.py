"""Programs in the style of public questions, against NumPy: the analysis reports exactly the
failure NumPy raises (line and message), and nothing for programs that run."""

from __future__ import annotations

import pytest
from tensorls.analyses import Severity, analyse

from .oracle import run_program
from .questions import QUESTIONS, Question


@pytest.mark.parametrize(
    "question", QUESTIONS, ids=[f"{question.group}-{question.name}" for question in QUESTIONS]
)
def test_question_is_reported_as_numpy_fails(question: Question) -> None:
    failure = run_program(question.source, question.name)
    diagnostics = analyse(question.source).diagnostics
    errors = [
        (item.span.start.line + 1, item.message)
        for item in diagnostics
        if item.severity is Severity.ERROR
    ]
    assert errors == ([] if failure is None else [failure])
    assert all(item.severity is Severity.ERROR for item in diagnostics), diagnostics
