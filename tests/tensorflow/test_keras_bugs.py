"""``tests/tensorflow/bugs_keras``: real Keras shape bugs reported by users (StackOverflow
questions and GitHub issues), each rebuilt as a small runnable script close to the reporter's
code and recorded with its source in its docstring, next to its fixed twin
(``<name>_fixed.py``).

Each bug script marks the line TensorFlow 2.12 raises on with ``# BUG``: it must fail there
under real TensorFlow, and tensorls must report exactly that one error, in words contained in
TensorFlow's. A bug listed in ``MISSED`` (see the corpus README) must still fail under
TensorFlow, and tensorls must report no error in it. Each fixed twin must run to completion
under TensorFlow, with no error from tensorls.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tensorls.analyses import Severity, analyse

from ..framework_oracle import check_example, check_fixed_twin, run_script
from .oracle import TENSORFLOW

CORPUS = Path(__file__).resolve().parent / "bugs_keras"
BUGS = sorted(path for path in CORPUS.glob("*.py") if not path.stem.endswith("_fixed"))
TWINS = sorted(CORPUS.glob("*_fixed.py"))
MISSED = {
    "lstm_stock_extra_axis",
    "next_word_integer_targets",
    "predict_resized_frame",
    "seeker_transposed_onehot",
    "sparse_loss_one_hot_sequence",
    "to_categorical_from_one",
}
"""The bugs tensorls does not find (silently), with their reasons in the README."""


@pytest.mark.parametrize("path", BUGS, ids=lambda path: path.stem)
def test_bug_is_reported_where_tensorflow_fails(tf_python: Path, path: Path) -> None:
    if path.stem not in MISSED:
        check_example(tf_python, path, TENSORFLOW)
        return
    assert run_script(tf_python, path, TENSORFLOW)["returncode"] != 0
    diagnostics = analyse(path.read_text()).diagnostics
    assert [item for item in diagnostics if item.severity is Severity.ERROR] == []


@pytest.mark.parametrize("path", TWINS, ids=lambda path: path.stem)
def test_fixed_twin_runs_without_error(tf_python: Path, path: Path) -> None:
    check_fixed_twin(tf_python, path, TENSORFLOW)


def test_every_bug_has_a_twin_and_a_source() -> None:
    assert len(BUGS) >= 20
    assert [path.stem for path in TWINS] == [f"{path.stem}_fixed" for path in BUGS]
    for path in (*BUGS, *TWINS):
        assert re.search(r"https://\S+", path.read_text()), path
