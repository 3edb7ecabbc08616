"""Classes changed at run time and namespace views (issue 25, classes 3 and 5): each program of
``programs`` runs under its real framework and tensorls reports nothing on it; each twin fails
for real on its ``# BUG`` line and tensorls reports exactly that error (the dynamic code before
it no longer hides it)."""

from __future__ import annotations

import pytest
from tensorls.analyses import analyse

from .harness import PYTHON_FIXTURES, Outcomes, check_twin, run_programs, this_python
from .programs import PROGRAMS, Program


@pytest.fixture(scope="module")
def outcomes_by_framework() -> dict[str, Outcomes]:
    return {}


def outcomes(
    framework: str, cache: dict[str, Outcomes], request: pytest.FixtureRequest
) -> Outcomes:
    """Every program of ``framework`` and its twin, run once per test module."""
    if framework not in cache:
        fixture = PYTHON_FIXTURES[framework]
        python = this_python() if fixture is None else request.getfixturevalue(fixture)
        cases: list[dict[str, object]] = []
        for program in PROGRAMS:
            if program.framework != framework:
                continue
            cases.append({"id": program.name, "source": program.source})
            if program.twin is not None:
                cases.append({"id": f"{program.name}-twin", "source": program.twin})
        cache[framework] = run_programs(python, cases)
    return cache[framework]


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda program: program.name)
def test_program_runs_and_tensorls_reports_nothing(
    program: Program, outcomes_by_framework: dict[str, Outcomes], request: pytest.FixtureRequest
) -> None:
    assert analyse(program.source).diagnostics == ()
    outcome = outcomes(program.framework, outcomes_by_framework, request)[program.name]
    assert outcome == {}, outcome


TWINS = [program for program in PROGRAMS if program.twin is not None]


@pytest.mark.parametrize("program", TWINS, ids=lambda program: program.name)
def test_twin_bug_is_reported_where_the_framework_fails(
    program: Program, outcomes_by_framework: dict[str, Outcomes], request: pytest.FixtureRequest
) -> None:
    twin = program.twin
    assert twin is not None
    outcome = outcomes(program.framework, outcomes_by_framework, request)[f"{program.name}-twin"]
    check_twin(twin, analyse(twin).diagnostics, outcome)
