"""Views, dim manipulation, joining, splitting and indexing against real PyTorch 2.13:
``view``/``reshape`` (-1), ``t``/``transpose``/``permute``, ``squeeze``/``unsqueeze``,
``flatten``, ``expand``, ``repeat``, ``cat``, ``stack``, ``split``/``chunk``, ``gather`` and
subscripts (PyTorch's own messages, its "Dimension out of range" wording). Generated cases, a
fixed seed per family."""

from __future__ import annotations

import random

import pytest

from .generators import cases, shape, sizes
from .oracle import TORCH, Case, check


def _target(rng: random.Random, total: int) -> tuple[int, ...]:
    """A view target for ``total`` elements, sometimes with ``-1``, sometimes wrong."""
    factors = [factor for factor in range(1, total + 1) if total % factor == 0]
    first = rng.choice(factors)
    target = [first, total // first]
    if rng.random() < 0.4:
        target[rng.randrange(2)] = -1
    if rng.random() < 0.25:
        target[rng.randrange(2)] = rng.choice((5, 7))
    return tuple(target)


def _view(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 3)
    total = 1
    for dim in dims:
        total *= dim
    target = _target(rng, total)
    form = rng.choice(("x.view{}", "x.reshape{}", "torch.reshape(x, {})"))
    return f"x = torch.ones({sizes(dims, abstract)})\nresult = {form.format(sizes(target))}\n"


def _dim_op(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 0, 3)
    rank = len(dims)
    pick = lambda extra=0: rng.randint(-rank - 1 - extra, rank + extra)  # noqa: E731
    forms = [
        f"x.transpose({pick()}, {pick()})",
        f"x.unsqueeze({pick(1)})",
        f"x.squeeze({pick()})",
        "x.squeeze()",
        f"x.flatten({pick()})",
        f"torch.flatten(x, {pick()}, {pick()})",
        "x.t()",
        f"x.sum({pick()})",
        f"x.softmax({pick()})",
        f"x.size({pick()})",
        f"x.permute({', '.join(str(rng.randint(-rank, rank)) for _ in range(max(rank + rng.choice((-1, 0, 0, 0, 1)), 1)))})",
    ]
    return f"x = torch.ones({sizes(dims, abstract)})\nresult = {rng.choice(forms)}\n"


def _expand(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 3)
    target = [rng.choice((dim, dim, 1 if dim != 1 else 3, -1)) for dim in dims]
    if rng.random() < 0.4:
        target.insert(0, rng.choice((2, 3)))
    if rng.random() < 0.3:
        index = rng.randrange(len(target))
        target[index] = rng.choice((2, 4, 5))
    if rng.random() < 0.5:
        return f"x = torch.ones({sizes(dims, abstract)})\nresult = x.expand{sizes(tuple(target))}\n"
    times = tuple(rng.choice((1, 2, 3)) for _ in range(max(len(dims) + rng.choice((-1, 0, 1)), 1)))
    return f"x = torch.ones({sizes(dims, abstract)})\nresult = x.repeat{sizes(times)}\n"


def _join(rng: random.Random, abstract: random.Random | None) -> str:
    base = shape(rng, 1, 3)
    count = rng.randint(1, 3)
    operands = []
    for _ in range(count):
        dims = list(base)
        if rng.random() < 0.3:
            dims[rng.randrange(len(dims))] = rng.choice((1, 2, 5))
        if rng.random() < 0.08:
            dims = dims[:-1]
        operands.append(f"torch.ones({sizes(tuple(dims), abstract)})")
    function = rng.choice(("cat", "stack"))
    dim = rng.randint(-len(base) - 1, len(base))
    return f"result = torch.{function}([{', '.join(operands)}], dim={dim})\n"


def _split(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 2)
    dims = (rng.choice((4, 5, 6)), *dims[1:])
    dim = rng.choice((0, 0, -len(dims)))
    kind = rng.random()
    if kind < 0.35:
        call = f"x.split({rng.choice((1, 2, 3, 4, 7))}, dim={dim})"
    elif kind < 0.7:
        sections = [rng.choice((1, 2, 3)) for _ in range(rng.randint(1, 3))]
        call = f"torch.split(x, {sections}, dim={dim})"
    else:
        call = f"x.chunk({rng.choice((1, 2, 3, 4, 0))}, {dim})"
    return f"x = torch.ones({sizes(dims, abstract)})\nresult = {call}\n"


def _index(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 3)
    parts = []
    for _ in range(rng.randint(1, len(dims) + 1)):
        kind = rng.random()
        if kind < 0.45:
            parts.append(str(rng.randint(-4, 4)))
        elif kind < 0.75:
            parts.append(rng.choice((":", "1:", ":2", "::2", "-1:")))
        elif kind < 0.88:
            parts.append("None")
        else:
            parts.append("...")
    if parts.count("...") > 1:
        parts = [part for part in parts if part != "..."]
    return f"x = torch.ones({sizes(dims, abstract)})\nresult = x[{', '.join(parts) or ':'}]\n"


def _setitem(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 3)
    index = rng.choice(("0", ":, 0", "1:", "..., -1", ":", "None, 0"))
    value = shape(rng, 0, 3)
    if rng.random() < 0.3:
        value = (1, *value)
    return (
        f"x = torch.ones({sizes(dims, abstract)})\n"
        f"x[{index}] = torch.zeros({sizes(value)})\n"
        "result = x\n"
    )


def _gather(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 3)
    dim = rng.randint(-len(dims), len(dims))
    index = [rng.choice((dim_size, 1, dim_size + 1)) for dim_size in dims]
    if rng.random() < 0.1:
        index = index[:-1]
    return (
        f"x = torch.ones({sizes(dims, abstract)})\n"
        f"i = torch.zeros({sizes(tuple(index))}, dtype=torch.long)\n"
        f"result = torch.gather(x, {dim}, i)\n"
    )


GENERATED = [
    *cases("view", 60, _view),
    *cases("dim", 120, _dim_op),
    *cases("expand", 50, _expand),
    *cases("join", 70, _join),
    *cases("split", 50, _split),
    *cases("index", 80, _index),
    *cases("gather", 30, _gather),
    *cases("setitem", 60, _setitem),
]

BODIES = {
    "view-bug": "result = torch.randn(10, 100).view(-1, 400)\n",
    "view-two-inferred": "result = torch.randn(10, 100).view(-1, -1)\n",
    "view-size": "x = torch.randn(8, 3, 4)\nresult = x.view(x.size(0), -1)\n",
    "view-shape": "x = torch.randn(8, 3, 4)\nresult = x.view(x.shape[0], -1)\n",
    "view-list": "result = torch.randn(8, 3).view([4, 6])\n",
    "view-as": "result = torch.randn(8, 3).view_as(torch.zeros(2, 12))\n",
    "reshape-as": "result = torch.randn(8, 3).reshape_as(torch.zeros(2, 12))\n",
    "t-bug": "result = torch.randn(2, 3, 4).t()\n",
    "permute-bug": "result = torch.randn(2, 3).permute(0, 1, 2)\n",
    "permute-duplicate": "result = torch.randn(2, 3).permute(0, 0)\n",
    "permute-tuple": "result = torch.randn(2, 3, 4).permute((2, 0, 1))\n",
    "torch-permute": "result = torch.permute(torch.randn(2, 3, 4), (2, 0, 1))\n",
    "mT": "result = torch.randn(5, 2, 3).mT\n",
    "T": "result = torch.randn(2, 3).T\n",
    "squeeze-tuple": "result = torch.ones(1, 3, 1).squeeze((0, 2))\n",
    "expand-as": "result = torch.ones(3, 1).expand_as(torch.ones(2, 3, 4))\n",
    "expand-bug": "result = torch.ones(2, 3).expand(4, 3)\n",
    "repeat-bug": "result = torch.ones(2, 3).repeat(2)\n",
    "cat-bug": "result = torch.cat([torch.randn(2, 3), torch.randn(2, 4)])\n",
    "cat-dim1-bug": "result = torch.cat([torch.randn(2, 3), torch.randn(5, 4)], dim=1)\n",
    "cat-rank-bug": "result = torch.cat([torch.randn(2, 3), torch.randn(2, 3, 4)])\n",
    "cat-tuple": "result = torch.cat((torch.randn(2, 3), torch.randn(2, 3)), 1)\n",
    "cat-legacy-empty": "result = torch.cat([torch.ones(0), torch.ones(2, 3)])\n",
    "cat-dtypes": "result = torch.cat([torch.ones(2), torch.ones(2, dtype=torch.float64)])\n",
    "cat-loop": (
        "parts = []\n"
        "for _ in range(4):\n"
        "    parts.append(torch.ones(2, 3))\n"
        "result = torch.cat(parts, dim=0)\n"
    ),
    "cat-zero-dim": "result = torch.cat([torch.tensor(1.0), torch.tensor(2.0)])\n",
    "stack-bug": "result = torch.stack([torch.randn(2, 3), torch.randn(2, 4)])\n",
    "split-bug": "result = torch.randn(5, 3).split([2, 2])\n",
    "chunk-bug": "result = torch.randn(5, 3).chunk(0)\n",
    "split-unpack": "a, b = torch.randn(6, 3).split(3)\nresult = a\n",
    "chunk-unpack": "q, k, v = torch.randn(4, 12).chunk(3, dim=-1)\nresult = q @ k.t()\n",
    "index-bug": "result = torch.randn(2, 3)[5]\n",
    "index-second-bug": "result = torch.randn(2, 3)[0, 5]\n",
    "index-after-none": "result = torch.randn(2, 3)[None, 0, 5]\n",
    "index-after-ellipsis": "result = torch.randn(2, 3, 4)[..., 7]\n",
    "too-many-indices": "result = torch.randn(2, 3)[0, 0, 0]\n",
    "index-long": "result = torch.randn(4, 3)[torch.tensor([0, 1])]\n",
    "index-list": "result = torch.randn(4, 3)[[0, 1, 2]]\n",
    "setitem-bug": "x = torch.randn(4, 3)\nx[5] = 0\nresult = x\n",
    "setitem": "x = torch.randn(4, 3)\nx[:, 0] = 1.0\nresult = x\n",
    "setitem-row-bug": "x = torch.ones(4, 3)\nx[0] = torch.ones(5)\nresult = x\n",
    "setitem-column-bug": "x = torch.ones(4, 3)\nx[:, 0] = torch.ones(3)\nresult = x\n",
    "setitem-slice-bug": "x = torch.ones(4, 3)\nx[1:3] = torch.ones(3, 3)\nresult = x\n",
    "setitem-broadcast": "x = torch.ones(4, 3)\nx[1:3] = torch.ones(2, 1)\nresult = x\n",
    "setitem-leading-ones": "x = torch.ones(4, 3)\nx[0] = torch.ones(1, 1, 3)\nresult = x\n",
    "setitem-too-many-dims": "x = torch.ones(4, 3)\nx[0] = torch.ones(2, 3)\nresult = x\n",
    "expand-rank-bug": "result = torch.ones(2, 3).expand(3)\n",
    "setitem-number": "x = torch.ones(4, 3)\nx[0] = 5\nresult = x\n",
    "gather-rank-bug": "result = torch.gather(torch.randn(2, 3), 1, torch.zeros(2, 3, 4, dtype=torch.long))\n",
    "gather-size-bug": "result = torch.gather(torch.randn(2, 3), 1, torch.zeros(3, 3, dtype=torch.long))\n",
    "gather-float-index": "result = torch.gather(torch.randn(2, 3), 1, torch.zeros(2, 3))\n",
    "gather-float-index-rank": "result = torch.gather(torch.randn(2, 3), 1, torch.zeros(2, 3, 4))\n",
    "gather-float-index-dim": "result = torch.gather(torch.randn(2, 3), 5, torch.zeros(2, 3))\n",
    "gather-method": "result = torch.randn(2, 3).gather(1, torch.zeros(2, 1, dtype=torch.long))\n",
}

IMPRECISE = {
    "index-mask": "x = torch.randn(4, 3)\nresult = x[x[:, 0] > 0]\n",
}

UNMODELLED = {
    "setitem-mask": "x = torch.ones(4, 3)\nx[x > 0] = torch.ones(2)\nresult = x\n",
    "view-not-contiguous": "result = torch.ones(2, 3).t().view(6)\n",
    "negative-step": "result = torch.ones(4, 3)[::-1]\n",
    "cat-empty": "result = torch.cat([])\n",
}

CASES = [*Case.cases_of(BODIES, IMPRECISE, UNMODELLED), *GENERATED]


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
