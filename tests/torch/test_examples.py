"""``examples/torch_shapes``: each script has one real shape bug, marked ``# BUG`` on its line.
PyTorch 2.13 fails there when the script runs, and the analysis reports exactly that one error,
whose message is contained in PyTorch's."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..framework_oracle import check_example
from .oracle import TORCH

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "torch_shapes").glob("*.py"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_example_bug_is_reported_where_pytorch_fails(torch_python: Path, path: Path) -> None:
    check_example(torch_python, path, TORCH)


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 2
