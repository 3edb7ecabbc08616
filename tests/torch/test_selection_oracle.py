"""Selection, ordering and tensor-derived construction against real PyTorch 2.13: ``topk``,
``sort``, ``argsort``, ``unbind``, ``index_select``, ``flip``/``roll``, ``scatter``,
``F.one_hot``, ``F.normalize``, ``outer``/``mv``/``dot``, ``norm``, ``x.type(dtype)`` and
``x.new_zeros``/``new_ones``/``new_full``. Generated cases, a fixed seed per family."""

from __future__ import annotations

import random

import pytest

from .generators import cases, shape, sizes
from .oracle import TORCH, Case, check


def _ordering(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 3)
    rank = len(dims)
    dim = rng.randint(-rank - 1, rank)
    kind = rng.random()
    if kind < 0.35:
        k = rng.randint(0, min(dims))
        call = f"x.topk({k}, dim={dim})"
    elif kind < 0.6:
        call = f"torch.sort(x, dim={dim}, descending=True)"
    elif kind < 0.8:
        call = f"x.argsort(dim={dim})"
    else:
        call = f"x.unbind({dim})"
    suffix = rng.choice(("", "[0]", "[1]", ".values")) if "topk" in call or "sort(" in call else ""
    if suffix and "argsort" in call:
        suffix = ""
    return f"x = torch.randn({sizes(dims, abstract)})\nresult = {call}{suffix}\n"


def _select(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 3)
    rank = len(dims)
    dim = rng.randint(-rank - 1, rank)
    kind = rng.random()
    if kind < 0.4:
        index = rng.choice(("[0]", "[0, 0]", "[0, 0, 0]"))
        call = f"x.index_select({dim}, torch.tensor({index}))"
    elif kind < 0.6:
        call = f"x.flip({dim})" if rng.random() < 0.5 else f"x.roll(1, {dim})"
    elif kind < 0.8:
        call = f"x.scatter({dim}, torch.zeros_like(x, dtype=torch.long), 1.0)"
    else:
        call = f"x.norm(dim={dim})"
    return f"x = torch.randn({sizes(dims, abstract)})\nresult = {call}\n"


GENERATED = [*cases("ordering", 60, _ordering), *cases("select", 60, _select)]

BODIES = {
    "one-hot": "result = F.one_hot(torch.tensor([0, 2, 1]), num_classes=4)\n",
    "one-hot-2d": "result = F.one_hot(torch.zeros(2, 3, dtype=torch.long), 5)\n",
    "normalize": "result = F.normalize(torch.randn(4, 3), dim=1)\n",
    "outer": "result = torch.outer(torch.ones(3), torch.ones(4))\n",
    "mv": "result = torch.mv(torch.ones(3, 4), torch.ones(4))\n",
    "dot": "result = torch.dot(torch.ones(3), torch.ones(3))\n",
    "type": "result = torch.ones(2, 3).type(torch.int32)\n",
    "new-zeros": "result = torch.ones(2, dtype=torch.float64).new_zeros(3, 4)\n",
    "new-zeros-tuple": "result = torch.ones(2).new_zeros((3, 4))\n",
    "new-ones-dtype": "result = torch.ones(2).new_ones(5, dtype=torch.int64)\n",
    "new-full": "result = torch.ones(2, dtype=torch.int32).new_full((2, 2), 7)\n",
    "topk-pair": "values, indices = torch.randn(8, 10).topk(3)\nresult = indices\n",
    "unbind-unpack": "a, b, c = torch.randn(3, 4).unbind()\nresult = a\n",
    "scatter-inplace": "x = torch.zeros(3, 5)\nresult = x.scatter_(1, torch.zeros(3, 2, dtype=torch.long), 1.0)\n",
    "norm-all": "result = torch.randn(3, 4).norm()\n",
    "unflatten": "result = torch.ones(2, 12, 5).unflatten(1, (3, 4))\n",
    "unflatten-inferred": "result = torch.ones(2, 12).unflatten(-1, (-1, 4))\n",
    "movedim": "result = torch.ones(2, 3, 4).movedim(-1, 0)\n",
    "moveaxis-many": "result = torch.moveaxis(torch.ones(2, 3, 4), (0, 1), (2, 0))\n",
    "narrow": "result = torch.ones(5, 6).narrow(1, 2, 3)\n",
    "broadcast-to": "result = torch.broadcast_to(torch.ones(3, 1), (2, 3, 4))\n",
    "allclose-items": "result = torch.randn(3).sort().indices\n",
}

UNMODELLED = {
    "unflatten-bad": "result = torch.ones(2, 6).unflatten(1, (2, 4))\n",
    "broadcast-to-bad": "result = torch.broadcast_to(torch.ones(3, 2), (2, 3, 4))\n",
    "narrow-bad": "result = torch.ones(5, 6).narrow(1, 2, 7)\n",
    "topk-too-many": "result = torch.randn(3, 4).topk(5)\n",
    "mv-mismatch": "result = torch.mv(torch.ones(3, 4), torch.ones(5))\n",
    "dot-mismatch": "result = torch.dot(torch.ones(3), torch.ones(4))\n",
}

CASES = [*Case.cases_of(BODIES, unmodelled=UNMODELLED), *GENERATED]


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
