"""jaxtyping contracts against the real jaxtyping + beartype: a call the run-time checker rejects
is reported as an error on that line, and nothing else is an error."""

from __future__ import annotations

import pytest
from tensorls.analyses import Severity, analyse

from .generators import Program, all_programs
from .oracle import checker_failure

PROGRAMS = all_programs()


def _errors(program: Program) -> set[tuple[int, str]]:
    return {
        (item.span.start.line + 1, item.code)
        for item in analyse(program.source).diagnostics
        if item.severity is Severity.ERROR
    }


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_reports_exactly_what_the_checker_rejects(program: Program) -> None:
    failing_line = checker_failure(program.source, program.name)
    expected = set() if failing_line is None else {(failing_line, "shape-hint-violation")}
    assert _errors(program) == expected, program.source
