"""The rank corpus is as large as required and every script states its expectations."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ranks.corpus_format import (
    REPORT_CODES,
    buggy_scripts,
    correct_scripts,
    docstring,
    expected_reports,
    predicted_failure,
    scripts,
)

MIN_SCRIPTS_PER_FAMILY = 18


@pytest.mark.parametrize("family", ["buggy", "correct"])
def test_family_is_large_enough(family: str) -> None:
    assert len(scripts(family)) >= MIN_SCRIPTS_PER_FAMILY


@pytest.mark.parametrize("script", buggy_scripts(), ids=lambda path: path.name)
def test_buggy_script_states_its_reports_and_failure(script: Path) -> None:
    reports = expected_reports(script)
    assert reports, "a buggy script marks at least one # expect: line"
    assert {report.code for report in reports} <= REPORT_CODES, reports
    assert docstring(script), "a buggy script says in its docstring what is wrong"
    prediction = predicted_failure(script)
    assert prediction.hangs != (prediction.error_fragment is not None), (
        "the docstring says either that the run hangs or which error it prints, in double quotes"
    )


@pytest.mark.parametrize("script", correct_scripts(), ids=lambda path: path.name)
def test_correct_script_expects_nothing(script: Path) -> None:
    assert expected_reports(script) == []
    assert docstring(script), "a correct script says in its docstring why it is correct"


def test_script_names_are_unique_across_families() -> None:
    names = [path.name for path in [*buggy_scripts(), *correct_scripts()]]
    assert len(names) == len(set(names))
