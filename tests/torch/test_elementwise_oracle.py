"""Operators and elementwise functions against real PyTorch 2.13: broadcasting (PyTorch's "The size
of tensor a ..." wording, the dimension it names), in-place broadcasting, and PyTorch's type
promotion (dimensioned tensors, 0-D tensors and Python numbers in their priority groups), which
differs from NumPy's. Generated cases, a fixed seed per family."""

from __future__ import annotations

import random

import pytest

from .generators import cases, shape, sizes
from .oracle import TORCH, Case, check

DTYPES = (
    "float32",
    "float64",
    "int64",
    "int32",
    "bool",
    "float16",
    "bfloat16",
    "uint8",
    "int8",
    "int16",
    "complex64",
    "complex128",
)
OPERATORS = ("+", "-", "*", "/", "//", "<", "==", ">=")
FUNCTIONS = ("add", "sub", "mul", "div", "maximum", "minimum", "eq", "lt", "atan2")
NUMBERS = ("2", "1.5", "True", "-3")


def _tensor(rng: random.Random, abstract: random.Random | None, dtype: str) -> str:
    dims = shape(rng, 0, 3)
    return f"torch.ones({sizes(dims, abstract)}, dtype=torch.{dtype})"


def _operator(rng: random.Random, abstract: random.Random | None) -> str:
    op = rng.choice(OPERATORS)
    left_dtype = rng.choice(("float32", "float64", "int64", "int32"))
    right_dtype = rng.choice(("float32", "float64", "int64", "int32"))
    left = _tensor(rng, abstract, left_dtype)
    right = _tensor(rng, abstract, right_dtype) if rng.random() < 0.8 else rng.choice(NUMBERS)
    if rng.random() < 0.2:
        left, right = right, left
        if left in NUMBERS:
            left = f"({left})"
    return f"a = {left}\nresult = a {op} {right}\n"


def _function(rng: random.Random, abstract: random.Random | None) -> str:
    name = rng.choice(FUNCTIONS)
    left = _tensor(rng, abstract, rng.choice(("float32", "float64", "int64")))
    right = _tensor(rng, abstract, rng.choice(("float32", "int32", "int64")))
    return f"result = torch.{name}({left}, {right})\n"


def _promotion(rng: random.Random, abstract: random.Random | None) -> str:
    first = rng.choice(DTYPES)
    second = rng.choice(DTYPES)
    left = f"torch.ones({sizes(shape(rng, 0, 2))}, dtype=torch.{first})"
    kind = rng.random()
    if kind < 0.4:
        right = f"torch.ones({sizes(shape(rng, 0, 2))}, dtype=torch.{second})"
    elif kind < 0.7:
        right = f"torch.tensor({rng.choice(NUMBERS)}, dtype=torch.{second})"
    else:
        right = rng.choice(NUMBERS)
    op = rng.choice(("+", "*", "/", "<"))
    if op == "<" and "complex" in left + right:
        op = "+"
    if op in "+*" and first == "bool" and right in ("True",):
        op = "*"
    return f"result = {left} {op} {right}\n"


def _inplace(rng: random.Random, abstract: random.Random | None) -> str:
    target = shape(rng, 1, 3)
    other = shape(rng, 0, 3)
    form = rng.choice(("x += y", "x *= y", "x.add_(y)", "x.mul_(y)"))
    return (
        f"x = torch.ones({sizes(target, abstract)})\n"
        f"y = torch.ones({sizes(other, abstract)})\n"
        f"{form}\n"
        "result = x\n"
    )


def _unary(rng: random.Random, abstract: random.Random | None) -> str:
    name = rng.choice(("exp", "log", "sqrt", "sigmoid", "tanh", "abs", "relu", "neg", "sin"))
    dtype = rng.choice(("float32", "float64", "int64", "int32"))
    if name in ("abs", "neg") and dtype == "bool":
        dtype = "int64"
    form = rng.choice((f"torch.{name}(x)", f"x.{name}()"))
    return f"x = {_tensor(rng, abstract, dtype)}\nresult = {form}\n"


GENERATED = [
    *cases("operator", 80, _operator),
    *cases("function", 40, _function),
    *cases("promotion", 80, _promotion),
    *cases("inplace", 40, _inplace),
    *cases("unary", 30, _unary),
]

BODIES = {
    "broadcast-message": "result = torch.ones(2, 3) + torch.ones(2, 4)\n",
    "broadcast-leading": "result = torch.ones(5, 2, 3) + torch.ones(4, 3)\n",
    "broadcast-rightmost-first": "result = torch.ones(2, 1, 3) + torch.ones(4, 3, 1)\n",
    "matmul-operator-bool-sub": "result = torch.ones(2, dtype=torch.bool) * torch.ones(2, dtype=torch.bool)\n",
    "int-true-divide": "result = torch.ones(2, dtype=torch.int64) / 2\n",
    "int-floor-divide": "result = torch.ones(2, dtype=torch.int64) // 2\n",
    "div-rounding": "result = torch.div(torch.ones(2, dtype=torch.int64), 2, rounding_mode='floor')\n",
    "pow-float": "result = torch.ones(2, dtype=torch.int64) ** 0.5\n",
    "rpow": "result = 2 ** torch.ones(2, dtype=torch.int32)\n",
    "zero-dim-lower": "result = torch.ones(2, dtype=torch.int32) + torch.tensor(5)\n",
    "zero-dim-higher": "result = torch.ones(2, dtype=torch.int32) + torch.tensor(5.0)\n",
    "numpy-operand": "result = torch.ones(2, 3) + np.ones((2, 3))\n",
    "numpy-operand-int": "result = torch.ones(2, 3) * np.ones(3, dtype=np.int32)\n",
    "numpy-operand-bug": "result = torch.ones(2, 3) + np.ones((4, 5))\n",
    "numpy-matmul": "result = torch.ones(2, 3) @ np.ones((3, 5))\n",
    "numpy-matmul-bug": "result = torch.ones(2, 3) @ np.ones((4, 5))\n",
    "negate": "result = -torch.ones(3, 1)\n",
    "invert-bool": "result = ~torch.ones(3, dtype=torch.bool)\n",
    "exp-int": "result = torch.exp(torch.ones(3, dtype=torch.int64))\n",
    "compare-number": "result = torch.ones(2, 3) > 0.5\n",
    "logical-and": "result = torch.logical_and(torch.ones(2, 1), torch.ones(3))\n",
    "iadd-grow": "x = torch.ones(2, 1)\nx += torch.ones(2, 3)\nresult = x\n",
    "add-alpha": "result = torch.add(torch.ones(2, 3), torch.ones(3), alpha=2)\n",
    "bitand-shapes": "result = torch.ones(2) & torch.ones(3)\n",
    "iadd-cast-shapes": "x = torch.ones(2, dtype=torch.long)\nx += torch.ones(3)\nresult = x\n",
    "relu-inplace": "x = torch.ones(2, 3)\nresult = x.relu_()\n",
    "loop-accumulate": (
        "total = torch.zeros(4, 3)\n"
        "for _ in range(5):\n"
        "    total = total + torch.randn(4, 3)\n"
        "result = total / 5\n"
    ),
}

UNMODELLED = {
    # PyTorch rejects these dtypes; tensorls does not word those errors and stays silent.
    "bool-subtract": "result = torch.ones(2, dtype=torch.bool) - torch.ones(2, dtype=torch.bool)\n",
    "bool-subtract-shapes": "result = torch.ones(2, dtype=torch.bool) - torch.ones(3, dtype=torch.bool)\n",
    "numpy-compare": "result = torch.ones(2, 3) < np.ones((4, 5))\n",
    "numpy-function": "result = torch.matmul(torch.ones(2, 3), np.ones((4, 5)))\n",
    "numpy-add-function": "result = torch.add(torch.ones(2, 3), np.ones((4, 5)))\n",
    "ndarray-left": "result = np.ones((2, 3)) + torch.ones(2, 3)\n",
}

CASES = [*Case.cases_of(BODIES, unmodelled=UNMODELLED), *GENERATED]


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
