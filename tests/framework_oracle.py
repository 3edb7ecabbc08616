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
