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
from tensorls.analyses.domains.base import TOP
from tensorls.analyses.domains.bools import BoolValue
from tensorls.analyses.domains.sequences import TupleValue

from ..framework_oracle import Framework, OracleCase, Outcomes, result_value
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


PLAIN_CLASSES = (
    "import abc\n"
    "def plain(cls):\n"
    "    checks = [k for k in type(cls).__mro__ if '__instancecheck__' in vars(k)]\n"
    "    if checks[0] is type:\n"
    "        return True\n"
    "    hooks = [k for k in cls.__mro__[:-1] if '__subclasshook__' in vars(k)]\n"
    "    return checks[0] is abc.ABCMeta and not abc._get_dump(cls)[0] and not hooks\n"
)
"""``plain(cls)``: ``isinstance(x, cls)`` is decided by ``type(x).__mro__`` alone (no
``__instancecheck__`` but ``type``'s, or ``abc.ABCMeta``'s with nothing registered and no
``__subclasshook__``), as ``LibraryClass`` assumes of every modelled class."""
GUARD_VALUES = {
    "python": (
        "class Base:\n"
        "    pass\n"
        "class Step(Base):\n"
        "    def __call__(self):\n"
        "        return 1\n"
        "class Meta(type):\n"
        "    pass\n"
        "class Tagged(metaclass=Meta):\n"
        "    pass\n"
        "base, step = Base(), Step()\n"
        "result = (\n"
        "    isinstance(step, Base), isinstance(base, Step), issubclass(Step, (int, Base)),\n"
        "    issubclass(Base, Step), callable(base), callable(step), callable(Base), callable(3),\n"
        "    callable(len), hasattr(base, 'rate'), hasattr(step, '__call__'), hasattr([], 'append'),\n"
        "    hasattr('text', 'ndim'), type(base) is Base, type(step) == Base, step.__class__ is Step,\n"
        "    type(3) is int, type([]) == tuple, Base.__name__ == 'Base',\n"
        "    [].__class__.__name__ == 'list', not isinstance(3, str) and isinstance('s', str),\n"
        "    isinstance(None, Base) or callable(None), base.__module__ == __name__,\n"
        "    isinstance(Tagged, Meta), isinstance(3, Tagged), isinstance(Tagged(), Tagged),\n"
        ")\n"
    ),
    "numpy": (
        "import numpy as np\n"
        "x = np.zeros((2, 3))\n"
        "m = np.matrix([[1.0, 2.0]])\n"
        "result = (\n"
        "    isinstance(x, np.ndarray), isinstance([1], np.ndarray),\n"
        "    isinstance(3.0, (np.ndarray, np.generic)), isinstance(x.sum(), np.generic),\n"
        "    hasattr(x, 'ndim'), hasattr([1], 'ndim'), type(x) is np.ndarray,\n"
        "    type([1]) is np.ndarray, issubclass(list, np.ndarray), np.ndarray.__name__ == 'ndarray',\n"
        "    x.__class__ is np.ndarray, isinstance(x, (list, tuple)),\n"
        "    type(np.asanyarray(m)) is np.ndarray, type(np.asarray(m)) is np.ndarray,\n"
        "    type(x + 1) is np.ndarray, type(np.zeros_like(m)) is np.ndarray,\n"
        ")\n"
    ),
    "tensorflow": (
        "import tensorflow as tf\n"
        "from tensorflow.keras import layers\n"
        "t = tf.constant([1.0, 2.0])\n"
        "v = tf.Variable([1.0])\n"
        "layer = layers.Dense(2)\n"
        "model = tf.keras.Sequential([layer])\n"
        "result = (\n"
        "    isinstance(t, tf.Tensor), isinstance(b'x', type(t)), isinstance(t, type(tf.constant(0))),\n"
        "    isinstance(v, tf.Variable), isinstance(v, tf.Tensor), isinstance(layer, layers.Layer),\n"
        "    isinstance(model, tf.keras.Model), isinstance(model, layers.Layer),\n"
        "    isinstance(layer, tf.keras.Model), isinstance([t], tf.Tensor),\n"
        "    issubclass(tf.keras.Model, layers.Layer), hasattr(t, 'shape'),\n"
        "    tf.Tensor.__name__ == 'Tensor', type(3) is tf.Tensor, callable(layer),\n"
        "    isinstance(model, tf.keras.models.Sequential), type(t) == type(t),\n"
        "    isinstance(v, type(t)),\n"
        ")\n"
        f"{PLAIN_CLASSES}"
        "assert all(map(plain, (tf.Tensor, tf.Variable, layers.Layer, tf.keras.Model)))\n"
        "assert plain(tf.keras.Sequential)\n"
    ),
    "torch": (
        "import torch\n"
        "from torch import nn\n"
        "from torch.optim import lr_scheduler\n"
        "class Net(nn.Module):\n"
        "    def forward(self, x):\n"
        "        return x\n"
        "class Schedule:\n"
        "    pass\n"
        "t = torch.ones(2, 3)\n"
        "net = Net()\n"
        "result = (\n"
        "    isinstance(t, torch.Tensor), isinstance(net, nn.Module), isinstance(nn.Linear(2, 3), nn.Module),\n"
        "    isinstance(3, (torch.Tensor, nn.Module)), issubclass(Net, nn.Module),\n"
        "    issubclass(Schedule, nn.Module), Schedule().__module__ == lr_scheduler.__name__,\n"
        "    Net.__module__ != torch.__name__, callable(net), hasattr(t, 'shape'),\n"
        "    type(t) is torch.Tensor, type(net) is Net, isinstance(net, torch.Tensor),\n"
        ")\n"
        f"{PLAIN_CLASSES}"
        "assert all(map(plain, (torch.Tensor, nn.Module)))\n"
    ),
}
"""One program per framework whose ``result`` is a tuple of guards: tensorls's value of each must
contain the real one, and be the real one where it decides. The TensorFlow and PyTorch programs
also check that the modelled classes are ``plain``."""
DECIDED = {
    "python": 22,
    "numpy": 12,
    "tensorflow": 17,
    "torch": 11,
}
"""How many of each program's guards tensorls decides (the others are undecided, soundly):
``type(x) is np.ndarray`` and ``x.__class__ is np.ndarray`` of an array ``np.zeros`` made, and
``type(np.asarray(m)) is np.ndarray`` of a matrix, ``isinstance(t, type(tf.constant(0)))``,
``type(t) == type(t)`` and ``isinstance(v, type(t))`` of an eager tensor ``t`` and a variable
``v``, are decided by the exact classes the models know; ``np.asanyarray``/``np.zeros_like`` of a
matrix and an array made by an operation stay undecided."""


def _programs(framework: str) -> list[Path]:
    return sorted(PROGRAMS.glob(f"{framework}_*.py"))


def _bug_line(source: str) -> int | None:
    marked = [number for number, text in enumerate(source.splitlines(), 1) if "# BUG" in text]
    assert len(marked) <= 1
    return marked[0] if marked else None


def _outcomes(framework: str, python: Path) -> Outcomes:
    cases = [OracleCase(path.stem, path.read_text()) for path in _programs(framework)]
    cases.append(OracleCase(f"{framework}_values", GUARD_VALUES[framework]))
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
        assert "error" not in outcome, outcome
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


@pytest.mark.parametrize("framework", list(GUARD_VALUES))
def test_guard_values(framework: str, request: pytest.FixtureRequest) -> None:
    fixture = "python_outcomes" if framework in ("python", "numpy") else f"{framework}_outcomes"
    outcome = request.getfixturevalue(fixture)[f"{framework}_values"]
    assert "error" not in outcome, outcome
    real = [text.strip() == "True" for text in str(outcome["result"]).strip("()").split(",")]
    real = real[: len(real) - (str(outcome["result"]).endswith(",)"))]
    value = result_value(GUARD_VALUES[framework])
    assert isinstance(value, TupleValue) and value.items is not None, value
    assert len(value.items) == len(real), (value, real)
    decided = 0
    for index, (item, truth) in enumerate(zip(value.items, real, strict=True)):
        if item is TOP:
            continue
        assert isinstance(item, BoolValue), (index, item)
        assert item.value in (None, truth), (index, item, truth)
        decided += item.value is not None
    assert decided == DECIDED[framework], (decided, value)
