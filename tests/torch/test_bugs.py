"""``tests/torch/bugs``: real PyTorch shape bugs reported by users (GitHub issues, forum and
blog posts), each rebuilt as a small runnable script close to the reporter's code and recorded
with its source in its docstring, next to its fixed twin (``<name>_fixed.py``).

Each bug script marks the line PyTorch 2.13 raises on with ``# BUG``: it must fail there under
real PyTorch, and tensorls must report errors on that line only, in words contained in PyTorch's
(two calls failing on the line count once: the second is a latent bug of the same line). The
bugs tensorls knowingly misses (``MISSED``, with the reason) must still fail there under PyTorch,
and tensorls must report no error in them. Each fixed twin must run to completion under
PyTorch, with no error from tensorls.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tensorls.analyses import Severity, analyse

from ..framework_oracle import check_example, check_fixed_twin, run_script
from .oracle import TORCH

CORPUS = Path(__file__).resolve().parent / "bugs"
BUGS = sorted(path for path in CORPUS.glob("*.py") if not path.stem.endswith("_fixed"))
TWINS = sorted(CORPUS.glob("*_fixed.py"))
MISSED = {
    "pytorch_gan_dcgan_img_size": "the sizes come from argparse options (the command line)",
    "w2ner_bert_hidden_size": "packed sequences (pack_padded_sequence) are not modelled",
}
"""Bugs tensorls knowingly misses, with the reason."""


@pytest.mark.parametrize(
    "path", [path for path in BUGS if path.stem not in MISSED], ids=lambda path: path.stem
)
def test_bug_is_reported_where_pytorch_fails(torch_python: Path, path: Path) -> None:
    check_example(torch_python, path, TORCH)


@pytest.mark.parametrize("name", sorted(MISSED))
def test_missed_bug_fails_under_pytorch_and_is_not_reported(torch_python: Path, name: str) -> None:
    path = CORPUS / f"{name}.py"
    source = path.read_text()
    marked = [number for number, text in enumerate(source.splitlines(), 1) if "# BUG" in text]
    stored = run_script(torch_python, path, TORCH)
    assert stored["returncode"] != 0
    location = f'File "{path}", line '
    raised = [
        int(text.split(location)[1].split(",")[0])
        for text in str(stored["stderr"]).splitlines()
        if location in text
    ]
    assert raised[-1:] == marked
    assert [item for item in analyse(source).diagnostics if item.severity is Severity.ERROR] == []


@pytest.mark.parametrize("path", TWINS, ids=lambda path: path.stem)
def test_fixed_twin_runs_without_error(torch_python: Path, path: Path) -> None:
    check_fixed_twin(torch_python, path, TORCH)


def test_every_bug_has_a_twin_and_a_source() -> None:
    assert len(BUGS) >= 40
    assert set(MISSED) <= {path.stem for path in BUGS}
    assert len(MISSED) <= len(BUGS) // 5
    assert [path.stem for path in TWINS] == [f"{path.stem}_fixed" for path in BUGS]
    for path in (*BUGS, *TWINS):
        assert re.search(r"https://\S+", path.read_text()), path
