"""What the TensorFlow and PyTorch oracles share: a case (a program whose last statement assigns
``result``, after the framework's prelude), running a batch of cases under the real framework in
its cached environment, the value tensorls gives a case's ``result``, and the check of a case the
framework failed on.

Each framework's ``oracle`` module keeps only what differs: its prelude, runner, environment
variables and the comparison of a successful outcome with tensorls's value.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, TypeVar

import pytest
from tensorls.analyses import Diagnostic, Severity, analyse
from tensorls.analyses.domains.base import AbstractValue
from tensorls.analyses.facts import AnalysisSettings
from tensorls.analyses.interpreter import interpret

from .ground_truth import GroundTruth, environment_identity, runner_identity

TIMEOUT_SECONDS = 900
SCRIPT_PLACEHOLDER = "<tensorls-script>"
"""Stands for a script's path in its stored standard error."""
HIDDEN_VARIABLES = frozenset({"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "TENSORLS_UNSET_SIZE"})
Outcomes = dict[str, dict[str, object]]
"""The outcome of each case under the framework, by case id (see the framework's runner)."""
CaseType = TypeVar("CaseType", bound="OracleCase")


@dataclass(frozen=True)
class OracleCase:
    """One oracle program: ``body`` (after the framework's ``prelude``) ends by assigning
    ``result``.

    ``abstract``: some sizes are unknown to tensorls. ``unmodelled``: the framework raises an error
    tensorls deliberately does not report (it must then stay silent).
    """

    id: str
    body: str
    abstract: bool = False
    unmodelled: bool = False
    prelude: ClassVar[str] = ""

    @property
    def source(self) -> str:
        return self.prelude + self.body

    @classmethod
    def cases_of(
        cls: type[CaseType],
        exact: dict[str, str],
        imprecise: dict[str, str] | None = None,
        unmodelled: dict[str, str] | None = None,
    ) -> list[CaseType]:
        """Cases from programs named by id: ``exact`` ones, ``imprecise`` ones (some sizes unknown
        to tensorls: ``abstract``) and ``unmodelled`` ones (tensorls must stay silent)."""
        return (
            [cls(name, body) for name, body in exact.items()]
            + [cls(name, body, abstract=True) for name, body in (imprecise or {}).items()]
            + [cls(name, body, unmodelled=True) for name, body in (unmodelled or {}).items()]
        )


@dataclass(frozen=True)
class Framework:
    """A framework used as an oracle: the ``runner`` script that runs a batch of cases under it,
    the session fixture naming its interpreter (``python_fixture``) and the environment variables
    its subprocesses need on top of this one's."""

    runner: Path
    python_fixture: str
    extra_environment: Mapping[str, str]

    def environment(self) -> dict[str, str]:
        """The environment of a framework subprocess: this one without the virtualenv's variables
        (and the size switch of abstract cases), with the framework's on top."""
        variables = {key: value for key, value in os.environ.items() if key not in HIDDEN_VARIABLES}
        variables.update(self.extra_environment)
        return variables

    def run_cases(self, python: Path, cases: Sequence[OracleCase]) -> Outcomes:
        """Every case's outcome under the framework run by ``python``: taken from the ground-truth
        cache by the case's id and source, the others run in one subprocess (importing a
        framework costs seconds) and then stored."""
        truth = GroundTruth(
            f"oracle-{self.runner.stem}",
            runner_identity(self.runner, python, dict(self.extra_environment)),
        )
        keys = {case.id: truth.key(case.id, case.source) for case in cases}
        outcomes: Outcomes = {}
        for case in cases:
            stored = truth.get(keys[case.id])
            if isinstance(stored, dict):
                outcomes[case.id] = stored
        missing = [case for case in cases if case.id not in outcomes]
        if not missing:
            return outcomes
        payload = json.dumps([{"id": case.id, "source": case.source} for case in missing])
        completed = subprocess.run(
            [str(python), str(self.runner)],
            input=payload,
            capture_output=True,
            text=True,
            timeout=TIMEOUT_SECONDS,
            check=False,
            env=self.environment(),
        )
        assert completed.returncode == 0, completed.stderr[-4000:]
        fresh: Outcomes = json.loads(completed.stdout)
        for case in missing:
            truth.put(keys[case.id], fresh[case.id])
        return outcomes | fresh

    def outcomes_fixture(self, cases: Sequence[OracleCase]) -> Callable[..., Outcomes]:
        """A test module's ``outcomes`` fixture: every case of ``cases`` run under the framework,
        once per module."""

        @pytest.fixture(scope="module", name="outcomes")
        def outcomes(request: pytest.FixtureRequest) -> Outcomes:
            return self.run_cases(request.getfixturevalue(self.python_fixture), cases)

        return outcomes


def check_failure(
    case: OracleCase, outcome: dict[str, object], diagnostics: Sequence[Diagnostic]
) -> bool:
    """When the framework raised on ``case`` (on line L), assert that tensorls reports exactly one
    error, on line L, whose message is contained in the framework's (an ``abstract`` case may also
    report nothing; an ``unmodelled`` one must report nothing), and return True. False when the
    framework succeeded."""
    if "error" not in outcome:
        return False
    message = str(outcome["message"])
    if (case.abstract or case.unmodelled) and not diagnostics:
        return True
    assert not case.unmodelled, (case.body, message, diagnostics)
    assert len(diagnostics) == 1, (case.body, message, diagnostics)
    (diagnostic,) = diagnostics
    assert diagnostic.severity is Severity.ERROR, diagnostic
    assert diagnostic.message in message, (case.body, diagnostic.message, message)
    assert diagnostic.span.start.line + 1 == outcome["line"], (case.body, diagnostic, outcome)
    return True


def result_value(source: str) -> AbstractValue | None:
    """The value tensorls gives the last expression assigned to ``result`` in ``source``."""
    interpretation = interpret(source, AnalysisSettings())
    tree = ast.parse(source)
    assignments = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(target, ast.Name) and target.id == "result" for target in node.targets)
    ]
    assert assignments, "the case assigns no result"
    node = assignments[-1].value
    key = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
    return interpretation.expression_values.get(key)


def run_script(python: Path, path: Path, framework: Framework) -> dict[str, object]:
    """The return code and standard error of running the script ``path`` under ``python``,
    taken from the ground-truth cache by the script's name and source when there (the script's
    path is stored as ``SCRIPT_PLACEHOLDER``, so a clone in another folder reuses the entry)."""
    truth = GroundTruth(
        "examples",
        environment_identity(python) + json.dumps(sorted(framework.extra_environment.items())),
    )
    key = truth.key(path.name, path.read_text())
    stored = truth.get(key)
    if not isinstance(stored, dict):
        completed = subprocess.run(
            [str(python), str(path)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT_SECONDS,
            check=False,
            env=framework.environment(),
        )
        stderr = completed.stderr.replace(str(path), SCRIPT_PLACEHOLDER)
        stored = {"returncode": completed.returncode, "stderr": stderr}
        truth.put(key, stored)
    return {**stored, "stderr": str(stored["stderr"]).replace(SCRIPT_PLACEHOLDER, str(path))}


def check_example(python: Path, path: Path, framework: Framework) -> None:
    """``path`` has one real shape bug, marked ``# BUG`` on its line: the framework fails there
    when the script runs under ``python``, and the analysis reports errors on that line only (two
    calls on the line failing alike count once), each with a message contained in the
    framework's (the traceback from that line on: some messages span several lines)."""
    source = path.read_text()
    marked = [number for number, text in enumerate(source.splitlines(), 1) if "# BUG" in text]
    assert len(marked) == 1
    stored = run_script(python, path, framework)
    assert stored["returncode"] != 0, "the example must fail under its framework"
    location = f'File "{path}", line '
    stderr = str(stored["stderr"])
    raised = [
        int(text.split(location)[1].split(",")[0])
        for text in stderr.splitlines()
        if location in text
    ]
    assert raised[-1] == marked[0], stderr[-4000:]
    errors = [item for item in analyse(source).diagnostics if item.severity is Severity.ERROR]
    assert sorted({item.span.start.line + 1 for item in errors}) == marked
    assert all(item.message in stderr[stderr.rindex(location) :] for item in errors)


def check_fixed_twin(python: Path, path: Path, framework: Framework) -> None:
    """``path``, the fixed twin of a real bug, runs to completion under ``python`` and the
    analysis reports no error in it."""
    stored = run_script(python, path, framework)
    assert stored["returncode"] == 0, str(stored["stderr"])[-4000:]
    source = path.read_text()
    errors = [item for item in analyse(source).diagnostics if item.severity is Severity.ERROR]
    assert errors == []
