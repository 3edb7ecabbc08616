"""NumPy's scalar types called on values (``np.float32(x)``, ``a.dtype.type(x)``), against NumPy.

A scalar type called on a Python scalar gives a 0-d NumPy scalar; called on a sequence or an
array it converts like ``np.array(x, dtype)`` and gives an array of ``x``'s shape. An argument of
unknown value must give an array of unknown shape, never a 0-d scalar (issue 20's false report).
"""

from __future__ import annotations

import numpy as np
import pytest
from tensorls.analyses import analyse

from .analysis_helpers import value_of

TYPES = ["float32", "float64", "int32", "int64", "uint8", "bool_", "intp", "float16", "int8"]
ARGUMENTS = [
    "3",
    "2.5",
    "True",
    "'7'",
    "[1, 2, 3]",
    "(1.0, 2.0)",
    "[[1, 2], [3, 4], [5, 6]]",
    "[np.zeros(3) for _ in range(4)]",
    "np.ones((2, 5))",
    "np.ones(())",
    "[np.arange(2), np.arange(2)]",
]


def _shape_text(value: object) -> str:
    shape = np.shape(value)
    inner = ", ".join(str(size) for size in shape)
    return f"({inner},)" if len(shape) == 1 else f"({inner})"


@pytest.mark.parametrize("argument", ARGUMENTS)
@pytest.mark.parametrize("scalar_type", TYPES)
def test_scalar_type_call_has_numpys_shape(scalar_type: str, argument: str) -> None:
    expression = f"np.{scalar_type}({argument})"
    expected = eval(expression, {"np": np})
    source = f"import numpy as np\nvalue = {expression}\n"
    described = value_of(source, 2, expression)
    assert described.startswith(f"ndarray[{np.dtype(getattr(np, scalar_type)).name}, ")
    assert described.endswith(f", {_shape_text(expected)}]"), described
    assert analyse(source).diagnostics == ()


@pytest.mark.parametrize("scalar_type", TYPES)
def test_unknown_argument_gives_an_array_of_unknown_shape(scalar_type: str) -> None:
    source = f"import numpy as np\ndef convert(x):\n    return np.{scalar_type}(x)\n"
    assert value_of(source, 3, f"np.{scalar_type}(x)").endswith(", (...)]")


def test_dtype_type_of_an_array_converts_like_the_scalar_type() -> None:
    source = (
        "import numpy as np\n"
        "a = np.zeros(3, dtype=np.int32)\n"
        "b = a.dtype.type([[1, 2, 3]])\n"
        "c = np.dtype('float32').type(2)\n"
    )
    assert value_of(source, 3, "a.dtype.type([[1, 2, 3]])") == "ndarray[int32, (1, 3)]"
    assert value_of(source, 4, "np.dtype('float32').type(2)") == "ndarray[float32, ()]"
    assert np.zeros(3, dtype=np.int32).dtype.type([[1, 2, 3]]).shape == (1, 3)


def test_dtype_objects_are_not_scalar_types() -> None:
    """A dtype object is not callable in NumPy; the analysis claims nothing about the call."""
    source = "import numpy as np\nx = np.dtype('float32')(3)\n"
    with pytest.raises(TypeError):
        np.dtype("float32")(3)
    assert value_of(source, 2, "np.dtype('float32')(3)") == "unknown"


def test_scalar_type_of_a_comprehension_is_sliced_without_report() -> None:
    """The false report of issue 20, from a real TensorFlow script."""
    source = (
        "import numpy as np\n"
        "def batch(samples):\n"
        "    y = np.float32([np.zeros(3) for _ in samples])\n"
        "    return y[:2], y @ y.T, np.concatenate([y, y], axis=1)\n"
        "def labels(raw):\n"
        "    z = np.int64(raw)\n"
        "    return z[0], z.sum(axis=1), np.matmul(z, z)\n"
        "y = np.float32([np.zeros(3) for _ in range(4)])\n"
        "print(y[:2], batch(range(4)), labels([[1, 2], [3, 4]]))\n"
    )
    exec(compile(source, "program", "exec"), {})
    assert analyse(source).diagnostics == ()
    assert value_of(source, 8, "np.float32([np.zeros(3) for _ in range(4)])") == (
        "ndarray[float32, (4, 3)]"
    )


def test_scalar_of_a_known_scalar_is_still_zero_dimensional() -> None:
    source = "import numpy as np\ns = np.uint8(3)\ns[0]\n"
    with pytest.raises(IndexError):
        np.uint8(3)[0]
    (diagnostic,) = analyse(source).diagnostics
    assert (diagnostic.span.start.line, diagnostic.code) == (2, "shape-index")


@pytest.mark.parametrize(
    "call",
    [
        "np.random.randint(np.array([1, 2]), 5)",
        "np.random.randint(np.zeros((2, 1), int), np.ones(3, int) + 3)",
        "np.random.randint(1, np.array([3, 4, 5]))",
        "np.random.default_rng(0).integers(np.array([1, 2]), 5)",
        "np.random.randint(np.array([1, 2]), 5, size=(3, 2))",
    ],
)
def test_random_integers_with_array_bounds_is_an_array(call: str) -> None:
    source = f"import numpy as np\nvalue = {call}\nvalue[0]\n"
    expected = eval(call, {"np": np})
    assert value_of(source, 2, call).endswith(f", {_shape_text(expected)}]")
    assert analyse(source).diagnostics == ()
