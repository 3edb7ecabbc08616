"""Matrix products against real PyTorch 2.13: ``@``/``torch.matmul`` (dot, mv, mm, the folding of
a batched left operand into mm/mv, bmm with broadcast batch dims, and each one's own message),
``torch.mm``, ``torch.bmm`` and ``torch.einsum``. Generated cases, a fixed seed per family."""

from __future__ import annotations

import random

import pytest

from .generators import cases, sizes
from .oracle import TORCH, Case, check

RANKS = ((1, 1), (1, 2), (2, 1), (2, 2), (3, 2), (3, 1), (2, 3), (1, 3), (3, 3), (4, 2), (4, 3))


def _matrix_shapes(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Operands of ``matmul`` of random ranks, inner sizes equal more often than not."""
    inner = rng.choice((2, 3, 4))
    other = inner if rng.random() < 0.6 else rng.choice((2, 3, 4, 5))
    rank_a, rank_b = rng.choice(RANKS)
    batch_a = tuple(rng.choice((1, 2, 3)) for _ in range(max(rank_a - 2, 0)))
    batch_b = tuple(rng.choice((1, 2, 3)) for _ in range(max(rank_b - 2, 0)))
    rows = (rng.choice((2, 5)),) if rank_a >= 2 else ()
    columns = (rng.choice((3, 6)),) if rank_b >= 2 else ()
    return (*batch_a, *rows, inner), (*batch_b, other, *columns)


def _matmul(rng: random.Random, abstract: random.Random | None) -> str:
    a, b = _matrix_shapes(rng)
    form = rng.choice(("a @ b", "torch.matmul(a, b)", "a.matmul(b)"))
    return (
        f"a = torch.randn({sizes(a, abstract)})\n"
        f"b = torch.randn({sizes(b, abstract)})\n"
        f"result = {form}\n"
    )


def _mm(rng: random.Random, abstract: random.Random | None) -> str:
    rows, inner, columns = (rng.choice((2, 3, 4)) for _ in range(3))
    other = inner if rng.random() < 0.6 else rng.choice((2, 3, 4, 5))
    if rng.random() < 0.1:
        return f"result = torch.mm(torch.randn({rows}, {inner}, 2), torch.randn({inner}, 2))\n"
    form = rng.choice(("torch.mm(a, b)", "a.mm(b)"))
    return (
        f"a = torch.randn({sizes((rows, inner), abstract)})\n"
        f"b = torch.randn({sizes((other, columns), abstract)})\n"
        f"result = {form}\n"
    )


def _bmm(rng: random.Random, abstract: random.Random | None) -> str:
    batch, rows, inner, columns = (rng.choice((1, 2, 3)) for _ in range(4))
    other_batch = batch if rng.random() < 0.7 else rng.choice((1, 2, 3, 4))
    other = inner if rng.random() < 0.7 else rng.choice((2, 3, 4))
    return (
        f"a = torch.randn({sizes((batch, rows, inner), abstract)})\n"
        f"b = torch.randn({sizes((other_batch, other, columns), abstract)})\n"
        "result = torch.bmm(a, b)\n"
    )


EQUATIONS = (
    ("ij,jk->ik", 2),
    ("bij,bjk->bik", 3),
    ("ij->ji", 1),
    ("ii->i", 1),
    ("i,i->", 1),
    ("i,j->ij", 1),
    ("bhqd,bhkd->bhqk", 4),
    ("ij,ij->i", 2),
)


def _einsum(rng: random.Random, abstract: random.Random | None) -> str:
    equation, _ = rng.choice(EQUATIONS)
    labels = {label: rng.choice((1, 2, 3)) for label in equation if label.isalpha()}
    operands = []
    for term in equation.split("->")[0].split(","):
        dims = [labels[label] for label in term]
        if rng.random() < 0.15:
            dims = [*dims, 2]
        elif rng.random() < 0.2 and dims:
            dims[rng.randrange(len(dims))] = 4
        operands.append(f"torch.randn({sizes(tuple(dims), abstract)})")
    return f"result = torch.einsum('{equation}', {', '.join(operands)})\n"


GENERATED = [
    *cases("matmul", 120, _matmul),
    *cases("mm", 30, _mm),
    *cases("bmm", 30, _bmm),
    *cases("einsum", 60, _einsum),
]

BODIES = {
    "linear-bug": "x = torch.randn(64, 512)\nw = torch.randn(256, 10)\nresult = x @ w\n",
    "dot-bug": "result = torch.randn(3) @ torch.randn(4)\n",
    "vector-matrix-bug": "result = torch.randn(3) @ torch.randn(4, 5)\n",
    "matrix-vector-bug": "result = torch.randn(3, 4) @ torch.randn(5)\n",
    "folded-bug": "result = torch.randn(2, 3, 4) @ torch.randn(5, 6)\n",
    "folded-vector-bug": "result = torch.randn(2, 3, 4) @ torch.randn(5)\n",
    "batch-bug": "result = torch.randn(2, 3, 4) @ torch.randn(2, 5, 6)\n",
    "batch-broadcast-bug": "result = torch.randn(2, 3, 4, 5) @ torch.randn(4, 5, 7)\n",
    "scalar-bug": "result = torch.randn(()) @ torch.randn(3)\n",
    "mm-rank-bug": "result = torch.mm(torch.randn(4), torch.randn(4, 6))\n",
    "mm-rank2-bug": "result = torch.mm(torch.randn(4, 2), torch.randn(2))\n",
    "bmm-rank-bug": "result = torch.bmm(torch.randn(3, 4), torch.randn(3, 4, 6))\n",
    "einsum-list": "result = torch.einsum('ij,jk', [torch.randn(2, 3), torch.randn(3, 5)])\n",
    "einsum-ellipsis": "result = torch.einsum('...ij,...jk->...ik', torch.randn(7, 2, 3), torch.randn(3, 5))\n",
    "einsum-broadcast": "result = torch.einsum('ij,jk->ik', torch.randn(2, 1), torch.randn(3, 5))\n",
    "mm-mixed-dtype-bug": "result = torch.ones(2, 3) @ torch.ones(4, 5, dtype=torch.float64)\n",
    "bool-mm-bug": "result = torch.ones(2, 3, dtype=torch.bool) @ torch.ones(4, 5, dtype=torch.bool)\n",
    "matmul-dtype": "result = torch.ones(2, 3, dtype=torch.float64) @ torch.ones(3, 2, dtype=torch.float64)\n",
}

IMPRECISE = {
    "symbolic-ok": "n = size(5)\na = torch.randn(n, 3)\nresult = a @ torch.randn(3, 2)\n",
    "symbolic-bug": "n = size(5)\na = torch.randn(n, 3)\nresult = a @ torch.randn(4, 2)\n",
}

UNMODELLED = {
    "dot-mixed-dtype": "result = torch.ones(3) @ torch.ones(4, dtype=torch.float64)\n",
    "matmul-mixed-dtype": "result = torch.ones(2, 3) @ torch.ones(3, 2, dtype=torch.float64)\n",
}

CASES = [*Case.cases_of(BODIES, IMPRECISE, UNMODELLED), *GENERATED]


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
