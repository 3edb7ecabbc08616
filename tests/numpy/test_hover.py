"""Hover text and inlay labels of arrays."""

from __future__ import annotations

from tensorls.analyses import analyse

from .analysis_helpers import hover_text

SOURCE = """import numpy as np
from tensorls.hints import NdArray

weights = np.zeros((64, 128))


def layer(x: NdArray["n", 64]):
    h = x @ weights
    z = np.zeros((x.shape[0], 3))
    return h, z


batches = [np.ones((8, 4)) for _ in range(5)]
"""


def test_hover_of_a_known_array() -> None:
    assert "ndarray[float64, (64, 128)]" in hover_text(SOURCE, 4, 0)


def test_hover_of_a_symbolic_array_names_the_symbol_source() -> None:
    text = hover_text(SOURCE, 8, 4)
    assert "ndarray[?, (n, 128)]" in text
    assert "n: named in the shape hint `NdArray['n', 64]` (line 7)" in text
    assert "ndarray[float64, (n, 3)]" in hover_text(SOURCE, 9, 4)


def test_hover_of_a_list_of_arrays() -> None:
    assert "list[ndarray[float64, (8, 4)]] (length 5)" in hover_text(SOURCE, 13, 0)


def test_inlay_label_is_the_shape() -> None:
    labels = [hint.label for hint in analyse(SOURCE).inlay_hints]
    assert any("(64, 128)" in label for label in labels)
