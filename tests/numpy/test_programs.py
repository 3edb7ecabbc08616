"""Realistic ML programs through ``analyse()``: clean programs give no diagnostic at all; each
injected bug gives exactly one diagnostic, at the line where NumPy fails, with NumPy's message.

Each program (clean and buggy) is also run under real NumPy, so the expectations are NumPy's own.
"""

from __future__ import annotations

import pytest
from tensorls.analyses import Severity, analyse

from .oracle import run_program
from .programs import PROGRAMS, Injection, Program

BUGGY = [(program, bug) for program in PROGRAMS for bug in program.bugs]


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda program: program.name)
def test_clean_program_runs_and_has_no_diagnostic(program: Program) -> None:
    assert run_program(program.source, program.name) is None
    assert analyse(program.source).diagnostics == ()


@pytest.mark.parametrize(
    ("program", "bug"), BUGGY, ids=[f"{program.name}-{bug.line}" for program, bug in BUGGY]
)
def test_injected_bug_is_reported_once_with_numpys_message(
    program: Program, bug: Injection
) -> None:
    source = program.with_bug(bug)
    failure = run_program(source, program.name)
    assert failure is not None, "the injected bug must make NumPy fail"
    line, message = failure
    assert line == bug.line
    diagnostics = analyse(source).diagnostics
    assert len(diagnostics) == 1, diagnostics
    (diagnostic,) = diagnostics
    assert diagnostic.span.start.line + 1 == bug.line
    assert diagnostic.code == bug.code
    assert diagnostic.severity is Severity.ERROR
    assert diagnostic.message == message
    assert diagnostic.related, "the diagnostic relates to where the operands' shapes come from"
