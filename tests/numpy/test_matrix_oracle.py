"""``numpy.matrix`` against NumPy: every expression's kind (matrix or ndarray) and shape, or the
failure NumPy raises (line and message)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from tensorls.analyses import analyse

from .analysis_helpers import value_of

SETUP = """import numpy as np
A = np.matrix([[1, 2], [3, 4], [5, 6]])
x = np.matrix([1.0, 2.0])
v = np.array([1.0, 2.0])
S = np.asmatrix(np.array([[2.0, 1.0], [1.0, 3.0]]))
"""

EXPRESSIONS = [
    "A * x.T",
    "A * S",
    "A.T * A",
    "x * 3",
    "2.5 * A",
    "A * v",
    "A * x",
    "A * [[1], [2]]",
    "A + 1",
    "A + x",
    "A - v",
    "A / 2",
    "A > 2",
    "-A",
    "A[0]",
    "A[1:]",
    "A[0, :]",
    "A[:, 0]",
    "A[:, 1:]",
    "A[0, 1]",
    "A[[0, 2]]",
    "A[5]",
    "A.sum()",
    "A.sum(axis=0)",
    "A.sum(axis=1)",
    "A.mean(0)",
    "A.max(axis=1)",
    "A.argmax(axis=0)",
    "A.argmax(axis=1)",
    "A.T",
    "A.I",
    "S.I",
    "A.A",
    "A.A1",
    "A.flatten()",
    "A.ravel()",
    "A.astype(np.float32)",
    "np.asarray(A)",
    "np.array(A)",
    "np.asanyarray(A)",
    "np.matrix(v)",
    "np.matrix(3.0)",
    "np.matrix('1 2 3; 4 5 6')",
    "np.matrix('1.5, 2; 3, 4')",
    "np.matrix(np.ones((2, 3, 4)))",
    "np.matrix([[[1, 2]]])",
    "np.matrix(np.ones(()))",
    "A * np.ones((1, 2, 2))",
    "np.asmatrix(np.ones((1, 3, 1, 2)))",
    "np.asmatrix(np.ones((1, 3, 1)))",
    "np.asmatrix(np.ones((2, 3, 1, 2)))",
    "A * np.ones((2, 2, 2))",
    "np.asmatrix(np.zeros((4, 1)))",
    "A.shape",
]


def _expected(expression: str) -> tuple[str, str | None]:
    namespace: dict[str, object] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(SETUP, namespace)
        try:
            value = eval(expression, namespace)
        except (ValueError, IndexError, np.linalg.LinAlgError) as error:
            return "error", str(error)
    if isinstance(value, tuple):
        return "tuple", str(value)
    shape = np.shape(value)
    inner = ", ".join(str(size) for size in shape)
    text = f"({inner},)" if len(shape) == 1 else f"({inner})"
    kind = "matrix" if isinstance(value, np.matrix) else "ndarray"
    return kind, f"{kind}[{np.asarray(value).dtype.name}, {text}]"


@pytest.mark.parametrize("expression", EXPRESSIONS)
def test_matrix_expression_matches_numpy(expression: str) -> None:
    source = SETUP + f"result = {expression}\n"
    line = SETUP.count("\n") + 1
    kind, expected = _expected(expression)
    diagnostics = analyse(source).diagnostics
    if kind == "error":
        assert [(item.span.start.line + 1, item.message) for item in diagnostics] == [
            (line, expected)
        ]
        return
    assert diagnostics == ()
    described = value_of(source, line, expression)
    if kind == "tuple":
        assert described == "tuple[int = 3, int = 2]" and expected == "(3, 2)"
        return
    assert described == expected


def test_matrix_program_in_the_style_of_an_old_tutorial() -> None:
    """Least squares with ``np.matrix``: ``*`` is the product, and a transposed bug is found."""
    source = """import numpy as np

def least_squares(X, y):
    X = np.matrix(X)
    y = np.matrix(y).T
    return (X.T * X).I * X.T * y

X = np.column_stack([np.ones(5), np.arange(5.0)])
theta = least_squares(X, np.arange(5.0) * 2 + 1)
prediction = np.matrix([1.0, 3.0]) * theta
wrong = theta * np.matrix([1.0, 3.0]).T
"""
    with pytest.raises(ValueError) as raised:
        exec(source, {})
    diagnostics = analyse(source).diagnostics
    assert [(item.span.start.line + 1, item.message) for item in diagnostics] == [
        (11, str(raised.value))
    ]
    assert value_of(source, 10, "np.matrix([1.0, 3.0]) * theta") == "matrix[float64, (1, 1)]"
