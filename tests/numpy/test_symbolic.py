"""Symbolic shapes through functions, loops and classes, end to end through ``analyse()``."""

from __future__ import annotations

from tensorls.analyses import Severity, analyse

from .analysis_helpers import diagnostics, only_diagnostic, value_of

HINTED = """import numpy as np
from tensorls.hints import NdArray


def gram(X: NdArray["n", "d"]):
    n, d = X.shape
    centred = X - X.mean(axis=0)
    G = X @ X.T
    C = centred.T @ centred / (n - 1)
    W = np.zeros((d, 2 * d))
    return G, C, centred @ W
"""


def test_symbols_are_equal_to_themselves() -> None:
    assert diagnostics(HINTED) == []
    assert value_of(HINTED, 8, "X @ X.T").startswith("ndarray[?, (n, n)]")
    assert value_of(HINTED, 9, "centred.T @ centred / (n - 1)").startswith("ndarray[?, (d, d)]")
    assert value_of(HINTED, 11, "centred @ W").startswith("ndarray[?, (n, 2 * d)]")


def test_hover_says_where_a_symbol_comes_from() -> None:
    text = value_of(HINTED, 6, "n")
    assert text.splitlines()[0] == "int = n"
    assert "n: named in the shape hint `NdArray['n', 'd']` (line 5)" in text


def test_symbol_arithmetic_detects_certain_mismatch() -> None:
    source = HINTED.replace("W = np.zeros((d, 2 * d))", "W = np.zeros((d + 1, 2 * d))")
    diagnostic = only_diagnostic(source)
    assert diagnostic.code == "shape-matmul"
    assert diagnostic.span.start.line + 1 == 11
    assert "(size d + 1 is different from d)" in diagnostic.message


def test_unknown_shapes_are_never_reported() -> None:
    source = """import numpy as np


def f(x: np.ndarray, y):
    z = x @ x.T + y
    return z.reshape(3, 5) @ np.ones((7, 2))
"""
    assert diagnostics(source) == []


def test_failure_inside_a_function_is_reported_at_the_operation_and_related_to_the_call() -> None:
    source = """import numpy as np


def affine(x, w, b):
    return x @ w + b


ok = affine(np.ones((4, 3)), np.ones((3, 2)), np.zeros(2))
bad = affine(np.ones((4, 3)), np.ones((5, 2)), np.zeros(2))
"""
    diagnostic = only_diagnostic(source)
    assert diagnostic.span.start.line + 1 == 5
    assert diagnostic.code == "shape-matmul"
    assert "(size 5 is different from 3)" in diagnostic.message
    related_lines = {item.span.start.line + 1 for item in diagnostic.related}
    assert 9 in related_lines


def test_shapes_through_loops() -> None:
    source = """import numpy as np

W = np.zeros((8, 4))
X = np.ones((10, 8))
total = np.zeros(4)
for i in range(10):
    total = total + X[i] @ W
for i in range(3):
    total += np.ones(4) * i
result = total
"""
    assert diagnostics(source) == []
    assert value_of(source, 10, "total").startswith("ndarray[float64, (4,)]")


def test_shapes_through_classes() -> None:
    source = """import numpy as np


class Dense:
    def __init__(self, n_in, n_out):
        self.W = np.random.randn(n_in, n_out)
        self.b = np.zeros(n_out)

    def __call__(self, x):
        return x @ self.W + self.b


layer1 = Dense(6, 16)
layer2 = Dense(16, 3)
out = layer2(layer1(np.ones((32, 6))))
wrong = layer1(out)
"""
    assert value_of(source, 15, "layer2(layer1(np.ones((32, 6))))").startswith(
        "ndarray[float64, (32, 3)]"
    )
    diagnostic = only_diagnostic(source)
    assert diagnostic.span.start.line + 1 == 10
    assert "(size 6 is different from 3)" in diagnostic.message


def test_boolean_mask_gives_a_fresh_length() -> None:
    source = """import numpy as np

X = np.ones((100, 3))
kept = X[X[:, 0] > 0.5]
"""
    text = value_of(source, 4, "X[X[:, 0] > 0.5]")
    assert text.startswith("ndarray[float64, (k4, 3)]")
    assert "k4: the number of True elements of the mask at line 4" in text


def test_ambiguous_truth_value() -> None:
    source = """import numpy as np

a = np.ones(3)
if a > 0:
    pass
ok = np.ones(1)
if ok:
    pass
"""
    diagnostic = only_diagnostic(source)
    assert diagnostic.code == "array-truth-ambiguous"
    assert diagnostic.span.start.line + 1 == 4
    assert diagnostic.message == (
        "The truth value of an array with more than one element is ambiguous. "
        "Use a.any() or a.all()"
    )


def test_ragged_list_is_the_modern_error() -> None:
    diagnostic = only_diagnostic("import numpy as np\nx = np.array([[1, 2], [3]])\n")
    assert diagnostic.code == "array-ragged"
    assert diagnostic.message == (
        "setting an array element with a sequence. The requested array has an inhomogeneous "
        "shape after 1 dimensions. The detected shape was (2,) + inhomogeneous part."
    )


def test_subscript_assignment_is_checked() -> None:
    source = """import numpy as np

grid = np.zeros((4, 5))
grid[0] = np.ones(5)
grid[:, 1] = np.ones(4)
grid[1:3, ::2] = np.ones((2, 3))
grid[:, 0] = np.ones(5)
"""
    diagnostic = only_diagnostic(source)
    assert diagnostic.span.start.line + 1 == 7
    assert diagnostic.message == "could not broadcast input array from shape (5,) into shape (4,)"


def test_index_out_of_bounds_on_known_dimension() -> None:
    diagnostic = only_diagnostic("import numpy as np\nx = np.zeros((3, 2))\ny = x[5]\n")
    assert diagnostic.code == "shape-index"
    assert diagnostic.message == "index 5 is out of bounds for axis 0 with size 3"


def test_reported_errors_are_errors() -> None:
    result = analyse("import numpy as np\nnp.ones(3) + np.ones(4)\n")
    assert [item.severity for item in result.diagnostics] == [Severity.ERROR]


def test_length_iteration_and_conversions() -> None:
    source = """import numpy as np

X = np.ones((5, 3), dtype=np.float32)
n = len(X)
rows = [row * 2 for row in X]
as_int = X.astype(np.int64)
copied = X.copy()
listed = X[:2].tolist()
loaded = np.loadtxt("data.csv")
"""
    assert value_of(source, 4, "n") == "int = 5"
    assert value_of(source, 5, "row * 2").startswith("ndarray[float32, (3,)]")
    assert value_of(source, 6, "as_int").startswith("ndarray[int64, (5, 3)]")
    assert value_of(source, 7, "copied").startswith("ndarray[float32, (5, 3)]")
    assert value_of(source, 8, "listed").startswith("list[list[float]")
    assert value_of(source, 9, "loaded").startswith("ndarray[float64, (...)]")
    assert diagnostics(source) == []
