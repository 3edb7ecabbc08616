"""``examples/tf2_shapes``: each script has one real shape bug, marked ``# BUG`` on its line.
TensorFlow 2.12 fails there when the script runs, and the analysis reports exactly that one error,
whose message is contained in TensorFlow's."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..framework_oracle import check_example
from .oracle import TENSORFLOW

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "tf2_shapes").glob("*.py"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_example_bug_is_reported_where_tensorflow_fails(tf_python: Path, path: Path) -> None:
    check_example(tf_python, path, TENSORFLOW)


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 2
