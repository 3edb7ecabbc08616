"""Reductions, selection and normalisation against real PyTorch 2.13: ``sum``/``mean``/``prod``/
``std``/``var``/``logsumexp``/``all``/``any`` with ``dim`` (an int or a tuple) and ``keepdim``,
``max``/``min`` (a ``(values, indices)`` pair with ``dim``), ``argmax``/``argmin``, ``cumsum``,
``softmax``/``log_softmax`` (``torch.*``, methods and ``torch.nn.functional``), ``masked_fill``,
``where`` and ``clamp``. Generated cases, a fixed seed per family."""

from __future__ import annotations

import random

import pytest

from .generators import cases, shape, sizes
from .oracle import TORCH, Case, check

REDUCTIONS = ("sum", "mean", "prod", "std", "var", "logsumexp", "all", "any", "amax")
DTYPES = ("float32", "float64", "int64", "bool")


def _reduction(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 3)
    rank = len(dims)
    name = rng.choice(REDUCTIONS[:-1])
    dtype = "float32" if name in ("mean", "std", "var", "logsumexp") else rng.choice(DTYPES)
    dim = rng.choice(
        (
            "",
            f"{rng.randint(-rank - 1, rank)}",
            f"dim={rng.randint(-rank, rank - 1)}",
            f"dim=({rng.randint(-rank, rank - 1)}, {rng.randint(-rank, rank - 1)})",
        )
    )
    if name in ("prod", "logsumexp") and (dim == "" or "(" in dim):
        dim = "0"
    if name in ("all", "any") and "(" in dim:
        dim = "dim=0"
    keep = rng.choice(("", ", keepdim=True", ", keepdim=False")) if dim else ""
    form = rng.choice(
        (f"x.{name}({dim}{keep})", f"torch.{name}(x{', ' if dim else ''}{dim}{keep})")
    )
    return f"x = torch.ones({sizes(dims, abstract)}, dtype=torch.{dtype})\nresult = {form}\n"


def _selection(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 3)
    rank = len(dims)
    name = rng.choice(("max", "min", "argmax", "argmin"))
    dim = rng.randint(-rank - 1, rank)
    kind = rng.random()
    if kind < 0.2:
        call = f"x.{name}()"
    elif kind < 0.6:
        call = f"x.{name}({dim})"
    else:
        call = f"torch.{name}(x, dim={dim}, keepdim={rng.choice((True, False))})"
    suffix = rng.choice(("", "[0]", "[1]")) if name in ("max", "min") and kind >= 0.2 else ""
    return f"x = torch.ones({sizes(dims, abstract)})\nresult = {call}{suffix}\n"


def _softmax(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 4)
    rank = len(dims)
    dim = rng.randint(-rank - 1, rank)
    name = rng.choice(("softmax", "log_softmax"))
    form = rng.choice(
        (f"torch.{name}(x, {dim})", f"x.{name}(dim={dim})", f"F.{name}(x, dim={dim})")
    )
    return f"x = torch.randn({sizes(dims, abstract)})\nresult = {form}\n"


def _masked(rng: random.Random, abstract: random.Random | None) -> str:
    dims = shape(rng, 1, 3)
    other = shape(rng, 0, 3)
    kind = rng.random()
    if kind < 0.35:
        call = "x.masked_fill(m, 0.0)"
        other_dtype = "bool"
    elif kind < 0.5:
        call = "x.masked_fill_(m, -1.0)"
        other_dtype = "bool"
    elif kind < 0.8:
        call = "torch.where(m, x, torch.zeros(1))"
        other_dtype = "bool"
    else:
        call = rng.choice(("x.clamp(min=m)", "x.clamp(m, m)", "torch.clamp(x, max=m)"))
        other_dtype = "float32"
    return (
        f"x = torch.randn({sizes(dims, abstract)})\n"
        f"m = torch.ones({sizes(other, abstract)}, dtype=torch.{other_dtype})\n"
        f"result = {call}\n"
    )


GENERATED = [
    *cases("reduction", 120, _reduction),
    *cases("selection", 80, _selection),
    *cases("softmax", 50, _softmax),
    *cases("masked", 60, _masked),
]

BODIES = {
    "sum-bug": "result = torch.randn(2, 3).sum(2)\n",
    "sum-negative-bug": "result = torch.randn(2, 3).sum(-3)\n",
    "sum-scalar-dim": "result = torch.tensor(1.0).sum(0)\n",
    "sum-scalar-bug": "result = torch.tensor(1.0).sum(1)\n",
    "sum-repeated": "result = torch.ones(2, 3, 4).sum((0, 0))\n",
    "sum-int": "result = torch.ones(2, 3, dtype=torch.int32).sum()\n",
    "sum-bool": "result = torch.ones(2, dtype=torch.bool).sum()\n",
    "sum-dtype": "result = torch.ones(2, 3).sum(dtype=torch.float64)\n",
    "sum-list": "result = torch.ones(2, 3, 4).sum(dim=[0, 1], keepdim=True)\n",
    "max-pair": "values, indices = torch.randn(4, 5).max(dim=1)\nresult = indices\n",
    "max-values": "result = torch.randn(4, 5).max(dim=1).values\n",
    "max-other": "result = torch.randn(2, 3).max(torch.randn(3))\n",
    "max-all": "result = torch.randn(2, 3).max()\n",
    "argmax-all": "result = torch.randn(2, 3).argmax()\n",
    "argmax-bug": "result = torch.randn(2, 3).argmax(5)\n",
    "softmax-bug": "result = torch.softmax(torch.randn(2, 3), dim=2)\n",
    "softmax-dtype": "result = torch.randn(2, 3).softmax(1, dtype=torch.float64)\n",
    "f-softmax-no-dim": "result = F.softmax(torch.randn(2, 3))\n",
    "cumsum": "result = torch.ones(2, 3, dtype=torch.int32).cumsum(1)\n",
    "cumsum-bug": "result = torch.ones(2, 3).cumsum(2)\n",
    "masked-fill-bug": "result = torch.randn(2, 3).masked_fill(torch.zeros(2, 4, dtype=torch.bool), 0)\n",
    "masked-fill-grow": "result = torch.ones(3).masked_fill(torch.zeros(2, 3, dtype=torch.bool), 1.0)\n",
    "where-bug": "result = torch.where(torch.zeros(2, 3, dtype=torch.bool), torch.randn(2, 4), torch.randn(2, 3))\n",
    "where-scalar": "result = torch.where(torch.ones(2, 1, dtype=torch.bool), torch.ones(3), 0.0)\n",
    "where-int-float": "result = torch.where(torch.ones(2, dtype=torch.bool), torch.ones(2, dtype=torch.int64), 1.5)\n",
    "where-method": "result = torch.ones(3).where(torch.ones(3, dtype=torch.bool), torch.ones(2, 3))\n",
    "clamp-bug": "result = torch.ones(2, 3).clamp(max=torch.ones(4))\n",
    "clamp-numbers": "result = torch.clamp(torch.ones(2, 3), 0, 1)\n",
    "max-unpack-loop": (
        "best = torch.zeros(4)\n"
        "for _ in range(3):\n"
        "    best, where = torch.randn(4, 6).max(1)\n"
        "result = best\n"
    ),
    "sum-axis": "result = torch.ones(2, 3).sum(axis=1)\n",
    "mean-axis-keepdims": "result = torch.ones(2, 3).mean(axis=0, keepdims=True)\n",
    "max-axis": "result = torch.ones(2, 3).max(axis=1)[0]\n",
    "argmax-axis": "result = torch.ones(2, 3).argmax(axis=1)\n",
    "cat-axis": "result = torch.cat([torch.ones(2, 3), torch.ones(2, 3)], axis=1)\n",
    "softmax-axis": "result = torch.softmax(torch.ones(2, 3), axis=1)\n",
    "unsqueeze-axis": "result = torch.ones(2, 1).unsqueeze(axis=1)\n",
    "sum-axis-bug": "result = torch.ones(2, 3).sum(axis=2)\n",
    "accuracy": (
        "logits = torch.randn(32, 10)\n"
        "labels = torch.randint(0, 10, (32,))\n"
        "result = (logits.argmax(dim=1) == labels).float().mean()\n"
    ),
    "attention-mask": (
        "scores = torch.randn(2, 4, 5, 5)\n"
        "mask = torch.ones(5, 5).tril() == 0\n"
        "result = scores.masked_fill(mask, float('-inf')).softmax(-1)\n"
    ),
}

UNMODELLED = {
    "mean-int": "result = torch.ones(2, 3, dtype=torch.int64).mean(0)\n",
    "softmax-int": "result = torch.softmax(torch.ones(2, 3, dtype=torch.int64), 1)\n",
    "std-int": "result = torch.ones(2, 3, dtype=torch.long).std()\n",
    "clamp-mixed": "result = torch.ones(2, 3).clamp(min=0.0, max=torch.ones(4))\n",
    "mean-int-bad-dim": "result = torch.ones(2, 3, dtype=torch.long).mean(5)\n",
    "std-int-bad-dim": "result = torch.ones(2, 3, dtype=torch.long).std(5)\n",
    "where-float-condition-shapes": "result = torch.where(torch.ones(2, 3), torch.ones(2, 4), torch.ones(2, 3))\n",
    "masked-fill-float-mask": "result = torch.ones(2, 3).masked_fill(torch.zeros(2, 3), 0)\n",
    "where-float-condition": "result = torch.where(torch.ones(3), torch.ones(3), torch.ones(3))\n",
}

CASES = [*Case.cases_of(BODIES, unmodelled=UNMODELLED), *GENERATED]


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
