"""Element values of small constant arrays against NumPy: the values computed through operators,
the number of ``True`` values of a mask, and indexing with the values of a small array."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from tensorls.analyses import analyse

from .analysis_helpers import value_of
from .oracle import ORACLE

SMALL_INTS = st.lists(st.integers(-4, 6), min_size=1, max_size=6)
OPERATORS = st.sampled_from(["==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "&", "|", "^"])
OTHERS = st.one_of(st.integers(-3, 3), st.sampled_from([0.5, -1.5, True, False]))


def _shape_text(shape: tuple[int, ...]) -> str:
    inner = ", ".join(str(size) for size in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


@ORACLE
@given(SMALL_INTS, OPERATORS, OTHERS, st.booleans())
def test_mask_from_known_values_selects_numpys_count(values, op, other, reflected) -> None:
    """``X[(a op c) > 0]`` (or ``X[a op c]`` for a boolean result) has NumPy's row count."""
    data = np.array(values)
    expression = f"({other!r} {op} a)" if reflected else f"(a {op} {other!r})"
    try:
        combined = eval(expression, {"a": data})
    except TypeError:
        return
    mask_text = expression if combined.dtype == bool else f"{expression} > 0"
    mask = eval(mask_text, {"a": data})
    source = (
        "import numpy as np\n"
        f"a = np.array({values!r})\n"
        f"X = np.ones(({len(values)}, 2))\n"
        f"selected = X[{mask_text}]\n"
    )
    expected = np.ones((len(values), 2))[mask].shape
    assert analyse(source).diagnostics == ()
    described = value_of(source, 4, f"X[{mask_text}]")
    if isinstance(other, bool) and op in "+-*&|^":
        assert described.startswith("ndarray[float64, (k4, 2)]")
        return
    assert described == f"ndarray[float64, {_shape_text(expected)}]", (described, expected)


@ORACLE
@given(SMALL_INTS, st.integers(-6, 6))
def test_indexing_with_a_small_constant_array_matches_numpy(values, position) -> None:
    """``X[idx]`` and ``X[idx[k]]``: NumPy's shape, or its out-of-bounds error."""
    size = 4
    source = (
        "import numpy as np\n"
        f"idx = np.array({values!r})\n"
        f"X = np.ones(({size}, 3))\n"
        f"rows = X[idx]\n"
        f"row = X[idx[{position}]]\n"
    )
    expected_failures = []
    namespace: dict[str, object] = {"np": np}
    for line, statement in enumerate(source.splitlines(), start=1):
        try:
            exec(statement, namespace)
        except IndexError as error:
            expected_failures.append((line, str(error)))
    found = [(item.span.start.line + 1, item.message) for item in analyse(source).diagnostics]
    assert found == expected_failures


def test_count_of_true_in_a_program() -> None:
    source = """import numpy as np

def class_means(X, labels):
    positives = X[labels == 1]
    negatives = X[labels == 0]
    return positives - negatives

X = np.random.rand(6, 4)
labels = np.array([1, 0, 1, 1, 0, 1])
class_means(X, labels)
"""
    with pytest.raises(ValueError) as raised:
        exec(source, {})
    message = str(raised.value)
    (diagnostic,) = analyse(source).diagnostics
    assert (diagnostic.span.start.line + 1, diagnostic.message) == (6, message)
