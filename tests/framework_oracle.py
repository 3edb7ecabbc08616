"""What the TensorFlow and PyTorch oracles share: running a batch of programs under the real
framework in its cached environment, the environment of such a subprocess, and the value
tensorls gives a program's ``result``."""

from __future__ import annotations

import ast
import json
import os
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from tensorls.analyses import Severity, analyse
from tensorls.analyses.domains.base import AbstractValue
from tensorls.analyses.facts import AnalysisSettings
from tensorls.analyses.interpreter import interpret

TIMEOUT_SECONDS = 900
HIDDEN_VARIABLES = frozenset({"VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "TENSORLS_UNSET_SIZE"})


def framework_environment(extra: Mapping[str, str]) -> dict[str, str]:
    """The environment of a framework subprocess: this one without the virtualenv's variables
    (and the size switch of abstract cases), with ``extra`` on top."""
    variables = {key: value for key, value in os.environ.items() if key not in HIDDEN_VARIABLES}
    variables.update(extra)
    return variables


def run_programs(
    python: Path, runner: Path, programs: Sequence[tuple[str, str]], extra: Mapping[str, str]
) -> dict[str, dict[str, object]]:
    """Each ``(id, source)`` program's outcome under ``runner`` run by ``python`` (one
    subprocess for all: importing a framework costs seconds)."""
    payload = json.dumps([{"id": name, "source": source} for name, source in programs])
    completed = subprocess.run(
        [str(python), str(runner)],
        input=payload,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
        env=framework_environment(extra),
    )
    assert completed.returncode == 0, completed.stderr[-4000:]
    return json.loads(completed.stdout)


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


def check_example(python: Path, path: Path, environment: Mapping[str, str]) -> None:
    """``path`` has one real shape bug, marked ``# BUG`` on its line: the framework fails there
    when the script runs under ``python``, and the analysis reports exactly that one error, with
    a message contained in the framework's (the traceback from that line on: some messages span
    several lines)."""
    source = path.read_text()
    marked = [number for number, text in enumerate(source.splitlines(), 1) if "# BUG" in text]
    assert len(marked) == 1
    completed = subprocess.run(
        [str(python), str(path)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
        env=dict(environment),
    )
    assert completed.returncode != 0, "the example must fail under its framework"
    location = f'File "{path}", line '
    stderr = completed.stderr
    raised = [
        int(text.split(location)[1].split(",")[0])
        for text in stderr.splitlines()
        if location in text
    ]
    assert raised[-1] == marked[0], stderr[-4000:]
    errors = [item for item in analyse(source).diagnostics if item.severity is Severity.ERROR]
    assert [item.span.start.line + 1 for item in errors] == marked
    assert errors[0].message in stderr[stderr.rindex(location) :]
