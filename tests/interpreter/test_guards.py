"""Guards that decide a branch (``hasattr``, ``callable``, ``isinstance``/``issubclass`` against
builtin, user and library classes and ``type(expr)``, ``type(x) is``/``==``, ``__class__``,
``__module__``/``__name__`` comparisons, combined with ``not``/``and``/``or``).

Each program of ``guard_programs`` is written in the idiom of real public code (named in its
docstring) and is both analysed and run under its real framework (NumPy and plain Python in this
interpreter, TensorFlow 2.12 under ``TENSORLS_HOROVOD_PYTHON``, PyTorch under
``TENSORLS_TORCH_PYTHON``; one subprocess per framework): a program without a ``# BUG`` line runs
to completion and tensorls reports no error in it (the branches its guards rule out are dead); a
program with one runs until the marked line raises, and tensorls reports exactly that error there
(a guard that holds keeps its branch live).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tensorls.analyses import Severity, analyse

from ..framework_oracle import Framework, OracleCase, Outcomes
from ..tensorflow.conftest import tf_python
from ..torch.conftest import torch_python

PROGRAMS = Path(__file__).resolve().parent / "guard_programs"
RUNNER = Path(__file__).resolve().parent / "program_runner.py"
FRAMEWORKS = {
    "python": Framework(RUNNER, "", {}),
    "numpy": Framework(RUNNER, "", {}),
    "tensorflow": Framework(RUNNER, "tf_python", {"CUDA_VISIBLE_DEVICES": ""}),
    "torch": Framework(
        RUNNER, "torch_python", {"CUDA_VISIBLE_DEVICES": "", "OMP_NUM_THREADS": "1"}
    ),
}
"""Each program's framework is the start of its file name."""

__all__ = ["tf_python", "torch_python"]


def _programs(framework: str) -> list[Path]:
    return sorted(PROGRAMS.glob(f"{framework}_*.py"))


def _bug_line(source: str) -> int | None:
    marked = [number for number, text in enumerate(source.splitlines(), 1) if "# BUG" in text]
    assert len(marked) <= 1
    return marked[0] if marked else None


def _outcomes(framework: str, python: Path) -> Outcomes:
    cases = [OracleCase(path.stem, path.read_text()) for path in _programs(framework)]
    return FRAMEWORKS[framework].run_cases(python, cases)


@pytest.fixture(scope="module")
def python_outcomes() -> Outcomes:
    return {**_outcomes("python", Path(sys.executable)), **_outcomes("numpy", Path(sys.executable))}


@pytest.fixture(scope="module")
def tensorflow_outcomes(tf_python: Path) -> Outcomes:
    return _outcomes("tensorflow", tf_python)


@pytest.fixture(scope="module")
def torch_outcomes(torch_python: Path) -> Outcomes:
    return _outcomes("torch", torch_python)


def _errors(source: str) -> list[tuple[int, str]]:
    return [
        (item.span.start.line + 1, item.message)
        for item in analyse(source).diagnostics
        if item.severity is Severity.ERROR
    ]


def _check(path: Path, outcomes: Outcomes) -> None:
    source = path.read_text()
    outcome = outcomes[path.stem]
    errors = _errors(source)
    bug = _bug_line(source)
    if bug is None:
        assert outcome == {}, outcome
        assert errors == [], errors
        return
    assert outcome.get("line") == bug, outcome
    assert [line for line, _ in errors] == [bug], errors
    assert errors[0][1] in str(outcome["message"]), (errors, outcome)


@pytest.mark.parametrize(
    "path", _programs("python") + _programs("numpy"), ids=lambda path: path.stem
)
def test_python_and_numpy_guards(path: Path, python_outcomes: Outcomes) -> None:
    _check(path, python_outcomes)


@pytest.mark.parametrize("path", _programs("tensorflow"), ids=lambda path: path.stem)
def test_tensorflow_guards(path: Path, tensorflow_outcomes: Outcomes) -> None:
    _check(path, tensorflow_outcomes)


@pytest.mark.parametrize("path", _programs("torch"), ids=lambda path: path.stem)
def test_torch_guards(path: Path, torch_outcomes: Outcomes) -> None:
    _check(path, torch_outcomes)
