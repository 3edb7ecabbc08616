"""Invalid sizes against real PyTorch (tracker issue 30, item 2): a negative size given to a
module's constructor or a creation function, or one out of range, fails where PyTorch fails with
its message, never later with a shape message built from the invalid size. Each program uses the
invalid object on a later line, as the probe's did."""

from __future__ import annotations

import pytest

from .oracle import TORCH, Case, check

BODIES = {
    "linear-negative-out": ("layer = torch.nn.Linear(3, -2)\nresult = layer(torch.zeros(4, 3))\n"),
    "linear-negative-in": ("layer = torch.nn.Linear(-3, 2)\nresult = layer(torch.zeros(4, 3))\n"),
    "conv2d-negative-out-channels": (
        "layer = torch.nn.Conv2d(3, -8, 3)\nresult = layer(torch.zeros(1, 3, 8, 8))\n"
    ),
    "embedding-negative-dim": (
        "layer = torch.nn.Embedding(10, -4)\nresult = layer(torch.zeros(2, 3, dtype=torch.long))\n"
    ),
    "zeros-negative": "x = torch.zeros(-1, 3)\nresult = x @ torch.ones(2, 2)\n",
    "ones-negative": "x = torch.ones((2, -3))\nresult = x + torch.ones(4)\n",
    "randn-negative": "x = torch.randn(-2)\nresult = x + torch.ones(3)\n",
    "full-negative": "x = torch.full((-2,), 1.0)\nresult = x + torch.ones(3)\n",
    "zeros-too-big": "x = torch.zeros(2**62, 4)\nresult = x + torch.ones(3)\n",
    "zeros-out-of-range": "x = torch.zeros(10**20)\nresult = x + torch.ones(3)\n",
    "view-out-of-range": (
        "x = torch.zeros(6)\ny = x.view(10**20, -1)\nresult = y + torch.ones(4)\n"
    ),
    "reshape-out-of-range": (
        "x = torch.zeros(6)\ny = x.reshape(10**20, -1)\nresult = y + torch.ones(4)\n"
    ),
    "conv1d-negative-kernel": (
        "layer = torch.nn.Conv1d(2, 4, -3)\nresult = layer(torch.zeros(1, 2, 8))\n"
    ),
    "randint-negative": "x = torch.randint(0, 5, (-1,))\nresult = x + torch.ones(3)\n",
    "zeros-out-of-range-second": "x = torch.zeros(3, 10**20)\nresult = x + torch.ones(3)\n",
    "zeros-float64-too-big": (
        "x = torch.zeros(2**60, dtype=torch.float64)\nresult = x + torch.ones(3)\n"
    ),
    "zeros-empty-is-fine": "result = torch.zeros(2**40, 0)\n",
    "ones-negative-after-huge": "x = torch.ones(2**62, 4, -1)\nresult = x + torch.ones(3)\n",
    "zeros-negative-after-huge": "x = torch.zeros(2**62, 4, -1)\nresult = x + torch.ones(3)\n",
    "linear-zero-features-is-fine": "layer = torch.nn.Linear(0, 3)\nresult = layer(torch.zeros(2, 0))\n",
}

CASES = Case.cases_of(BODIES)


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
