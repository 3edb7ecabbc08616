"""Running the programs of this package under their real framework, and checking tensorls
against the outcome."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from tensorls.analyses import Diagnostic, Severity

from ..framework_oracle import HIDDEN_VARIABLES, TIMEOUT_SECONDS

RUNNER = Path(__file__).resolve().parent / "runner.py"
PYTHON_FIXTURES = {"numpy": None, "tensorflow": "tf_python", "torch": "torch_python"}
"""The fixture naming each framework's interpreter (None: this test run's own, with its NumPy)."""
QUIET = {"TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": "", "OMP_NUM_THREADS": "1"}

Outcomes = dict[str, dict[str, object]]


def run_programs(python: Path | str, cases: Sequence[dict[str, object]]) -> Outcomes:
    """Each case's outcome (see ``runner.py``), all run by one ``python`` subprocess."""
    environment = {k: v for k, v in os.environ.items() if k not in HIDDEN_VARIABLES}
    environment.update(QUIET)
    completed = subprocess.run(
        [str(python), str(RUNNER)],
        input=json.dumps(list(cases)),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
        env=environment,
    )
    assert completed.returncode == 0, completed.stderr[-4000:]
    return json.loads(completed.stdout)


def this_python() -> str:
    return sys.executable


def errors(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    return [item for item in diagnostics if item.severity is Severity.ERROR]


def bug_line(source: str) -> int:
    """The 1-based line marked ``# BUG`` (exactly one)."""
    (line,) = [number for number, text in enumerate(source.splitlines(), 1) if "# BUG" in text]
    return line


def check_twin(source: str, diagnostics: Sequence[Diagnostic], outcome: dict[str, object]) -> None:
    """The framework fails on the ``# BUG`` line and tensorls reports exactly one error there,
    with a message contained in the framework's."""
    line = bug_line(source)
    assert outcome.get("line") == line, outcome
    found = errors(diagnostics)
    assert [item.span.start.line + 1 for item in found] == [line], diagnostics
    assert found[0].message in str(outcome["message"]), (found[0].message, outcome)
