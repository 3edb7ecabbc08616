"""Differential soundness on hypothesis-generated programs (see ``programs.py``).

Each generated program is traced under CPython and analysed; concrete values must be contained in
the abstract values, reached points must have one, and a program that ran to completion must get
no error diagnostic. A failing example is shrunk by hypothesis and printed as source.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from .harness import Worker
from .programs import programs
from .summary import SUMMARY

GENERATED_TIMEOUT_SECONDS = 60.0


@settings(
    max_examples=100,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(source=programs())
def test_generated_program_is_analysed_soundly(worker: Worker, source: str) -> None:
    answer = worker.judge("<generated>", source, GENERATED_TIMEOUT_SECONDS)
    assert "timeout" not in answer, "tracing + analysis exceeded the timeout (hang?)"
    assert "harness_error" not in answer, answer.get("harness_error")
    assert answer["crash"] is None, f"the analysis raised:\n{answer['crash']}"
    assert not answer["internal_errors"], "internal errors:\n" + "\n".join(
        answer["internal_errors"]
    )
    SUMMARY.add("generated programs judged")
    SUMMARY.add("generated concrete values checked", answer["values_checked"])
    SUMMARY.add("generated programs over the analysis budget", int(answer["budget_exceeded"]))
    problems = answer["unsound"] + [
        f"{where}: reached but has no abstract value" for where in answer["missing"]
    ]
    assert not problems, "\n".join(problems)
    assert answer["completed"], f"generated programs run to completion: {answer['exception']}"
    assert not answer["errors"], "\n".join(answer["errors"])
