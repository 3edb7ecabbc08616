"""One program, one heap: a project split in modules is analysed as Python runs it.

Each folder of ``one_heap/`` is a small training project (models.py / config.py / data.py /
train.py) whose certain shape bug crosses an import through one kind of value Python shares
between modules: a list, a dict config, a dataclass instance, a closure, a generator, an
``nn.Module`` subclass and a ``keras.Model`` subclass. The layout follows small real training
projects (pytorch/examples ``mnist/main.py``'s ``Net`` and training loop; keras-io's subclassed
``keras.Model`` examples); the programs are our own, minimal.

For each project and its fixed twin (one text of train.py replaced): the program is run under its
real framework (NumPy in this interpreter, PyTorch and TensorFlow in their cached environments;
outcomes cached by content, ``tests/ground_truth.py``), and tensorls must report exactly what it
reports for the same code pasted into one file: the bug at the line Python fails on (a failure
inside another module's code placed at train.py's call, naming the function and module), nothing
for the twin.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from tensorls.analyses import AnalysisSettings, Severity, analyse
from tensorls.analyses.workspace import ModuleSearch, Workspace

from tensorls.files import read_module_text

from ..ground_truth import GroundTruth, environment_identity

PROJECTS = Path(__file__).parent / "one_heap"
FIXES = {
    "list": ("(8, 1)", "(10, 1)"),
    "dict": ("(4, 16)", "(4, 32)"),
    "dataclass": ("(4, 16)", "(4, 32)"),
    "closure": ("(4, 16)", "(4, 32)"),
    "generator": ("(100, 16)", "(100, 32)"),
    "torch_module": ("(32, 1)", "(10, 1)"),
    "keras_model": ("(32, 1)", "(10, 1)"),
}
FRAMEWORK_PYTHON = {
    "torch_module": "TENSORLS_TORCH_PYTHON",
    "keras_model": "TENSORLS_HOROVOD_PYTHON",
}
"""The environment variable naming the interpreter of a project's framework (default: this one)."""
RUN_SCRIPT = """
import json, runpy, sys, traceback
sys.path.insert(0, sys.argv[2])
try:
    runpy.run_path(sys.argv[1], run_name="__main__")
except Exception as error:
    frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename == sys.argv[1]]
    print(json.dumps(frames[-1].lineno if frames else 0))
else:
    print(json.dumps(None))
"""
SUFFIX = re.compile(r" \(in [^()]*\(\) of [\w.]+\)$")
"""The part of a message naming the function and module a failure was found in."""


def python_for(project: str) -> Path:
    variable = FRAMEWORK_PYTHON.get(project)
    if variable is None:
        return Path(sys.executable)
    configured = os.environ.get(variable)
    if not configured:
        pytest.fail(f"{variable} is not set: the framework oracle of {project!r} cannot run")
    return Path(configured)


def failing_line(project: str, folder: Path) -> int | None:
    """The line of train.py the real run fails on (0: not in train.py), None when it runs."""
    python = python_for(project)
    texts = [f"{path.name}\n{path.read_text()}" for path in sorted(folder.glob("*.py"))]
    truth = GroundTruth("one-heap-projects", RUN_SCRIPT + environment_identity(python))
    key = truth.key(*texts)
    cached = truth.get(key)
    if isinstance(cached, dict):
        return cached["line"]  # type: ignore[no-any-return]
    environment = {name: value for name, value in os.environ.items() if name not in ("PYTHONPATH",)}
    environment["CUDA_VISIBLE_DEVICES"] = ""
    environment["TF_CPP_MIN_LOG_LEVEL"] = "3"
    completed = subprocess.run(
        [str(python), "-c", RUN_SCRIPT, str(folder / "train.py"), str(folder)],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
        stdin=subprocess.DEVNULL,
        cwd=folder,
        env=environment,
    )
    line = json.loads(completed.stdout.strip().splitlines()[-1])
    truth.put(key, {"line": line})
    return line  # type: ignore[no-any-return]


def errors_split(folder: Path) -> list[tuple[int, str]]:
    workspace = Workspace(ModuleSearch((str(folder),), read_module_text))
    script = folder / "train.py"
    result = analyse(script.read_text(), AnalysisSettings(), workspace=workspace, path=str(script))
    assert not result.internal_errors
    return [
        (item.span.start.line + 1, item.message)
        for item in result.diagnostics
        if item.severity is Severity.ERROR
    ]


def one_file(folder: Path) -> str:
    """The project pasted into one file: the other modules first, then train.py, without the
    imports of the project's own modules."""
    modules = sorted(path for path in folder.glob("*.py") if path.name != "train.py")
    names = "|".join(path.stem for path in modules)
    own_import = re.compile(rf"(from ({names}) import .*|import ({names}))$")
    lines = [
        line
        for path in [*modules, folder / "train.py"]
        for line in path.read_text().splitlines()
        if not own_import.fullmatch(line)
    ]
    return "\n".join(lines) + "\n"


def errors_in_one_file(folder: Path) -> list[str]:
    result = analyse(one_file(folder), AnalysisSettings())
    return [item.message for item in result.diagnostics if item.severity is Severity.ERROR]


def project_copy(project: str, tmp_path: Path, fixed: bool) -> Path:
    folder = tmp_path / project
    shutil.copytree(PROJECTS / project, folder)
    if fixed:
        script = folder / "train.py"
        old, new = FIXES[project]
        assert old in script.read_text()
        script.write_text(script.read_text().replace(old, new))
    return folder


@pytest.mark.parametrize("project", sorted(FIXES))
def test_the_bug_crossing_an_import_is_found_as_in_one_file(project: str, tmp_path: Path) -> None:
    folder = project_copy(project, tmp_path, fixed=False)
    line = failing_line(project, folder)
    assert line, f"{project}: the program does not fail in train.py"
    found = errors_split(folder)
    assert [where for where, _ in found] == [line]
    assert [SUFFIX.sub("", message) for _, message in found] == errors_in_one_file(folder)


@pytest.mark.parametrize("project", sorted(FIXES))
def test_the_fixed_twin_runs_and_nothing_is_reported(project: str, tmp_path: Path) -> None:
    folder = project_copy(project, tmp_path, fixed=True)
    assert failing_line(project, folder) is None
    assert errors_split(folder) == []
    assert errors_in_one_file(folder) == []


def test_a_failure_inside_the_other_module_names_its_function_and_module(tmp_path: Path) -> None:
    folder = project_copy("closure", tmp_path, fixed=False)
    [(_, message)] = errors_split(folder)
    assert message.endswith(" (in make_layer.<locals>.layer() of models.py)")
