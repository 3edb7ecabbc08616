"""``tests/torch/bugs``: real PyTorch shape bugs reported by users (GitHub issues, forum and
blog posts), each rebuilt as a small runnable script close to the reporter's code and recorded
with its source in its docstring, next to its fixed twin (``<name>_fixed.py``).

Each bug script marks the line PyTorch 2.13 raises on with ``# BUG``: it must fail there under
real PyTorch, and tensorls must report exactly that one error, in words contained in PyTorch's.
Each fixed twin must run to completion under PyTorch, with no error from tensorls.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ..framework_oracle import check_example, check_fixed_twin
from .oracle import TORCH

CORPUS = Path(__file__).resolve().parent / "bugs"
BUGS = sorted(path for path in CORPUS.glob("*.py") if not path.stem.endswith("_fixed"))
TWINS = sorted(CORPUS.glob("*_fixed.py"))


@pytest.mark.parametrize("path", BUGS, ids=lambda path: path.stem)
def test_bug_is_reported_where_pytorch_fails(torch_python: Path, path: Path) -> None:
    check_example(torch_python, path, TORCH)


@pytest.mark.parametrize("path", TWINS, ids=lambda path: path.stem)
def test_fixed_twin_runs_without_error(torch_python: Path, path: Path) -> None:
    check_fixed_twin(torch_python, path, TORCH)


def test_every_bug_has_a_twin_and_a_source() -> None:
    assert len(BUGS) >= 10
    assert [path.stem for path in TWINS] == [f"{path.stem}_fixed" for path in BUGS]
    for path in (*BUGS, *TWINS):
        assert re.search(r"https://\S+", path.read_text()), path
