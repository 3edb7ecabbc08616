"""Hover text and inlay labels of PyTorch values: tensors as ``Tensor[dtype, shape]`` (sizes from
``.shape`` build new tensors; an unknown size shows as ``?``), ``.shape`` as a tuple of ints,
dtypes and the named ``(values, indices)`` pair of ``max``."""

from __future__ import annotations

from tensorls.analyses import analyse

from tests.numpy.analysis_helpers import diagnostics, hover_text, value_of

SOURCE = """import torch

x = torch.randn(64, 784)
w = torch.zeros(784, 10, dtype=torch.float64)
logits = x @ w.float()
best = logits.max(dim=1)
shape = logits.shape
kind = torch.long


def flatten(images: torch.Tensor) -> torch.Tensor:
    return images.view(images.size(0), -1)


flat = flatten(torch.ones(32, 1, 28, 28))
"""


def test_hover_of_tensors_shows_dtype_and_shape() -> None:
    assert hover_text(SOURCE, 3, 0).splitlines()[0].endswith("Tensor[float32, (64, 784)]")
    assert "Tensor[float64, (784, 10)]" in hover_text(SOURCE, 4, 0)
    assert "Tensor[float32, (64, 10)]" in hover_text(SOURCE, 5, 0)


def test_hover_of_a_max_pair_shape_and_dtype() -> None:
    assert "values=Tensor[float32, (64,)], indices=Tensor[int64, (64,)]" in hover_text(SOURCE, 6, 0)
    assert value_of(SOURCE, 7, "shape") == "torch.Size[int = 64, int = 10]"
    assert hover_text(SOURCE, 8, 0) == "kind: torch.int64"


def test_a_view_through_a_function_keeps_the_shape() -> None:
    assert "Tensor[float32, (32, 784)]" in hover_text(SOURCE, 15, 0)
    assert diagnostics(SOURCE) == []


def test_inlay_labels_are_the_shapes() -> None:
    labels = [hint.label for hint in analyse(SOURCE).inlay_hints]
    assert any("(64, 784)" in label for label in labels)
    assert any("(64, 10)" in label for label in labels)


def test_sizes_read_from_a_tensor_build_new_ones() -> None:
    source = (
        "import torch\na = torch.ones(4, 6)\nrows, cols = a.shape\nb = torch.zeros(cols, rows)\n"
    )
    assert "Tensor[float32, (6, 4)]" in hover_text(source, 4, 0)


def test_an_unknown_size_is_shown_unknown_never_guessed() -> None:
    source = (
        "import sys\nimport torch\nx = torch.ones(len(sys.argv), 3)\ny = x.view(x.size(0), 3, 1)\n"
    )
    assert value_of(source, 4, "y") == "Tensor[float32, (?, 3, 1)]"
