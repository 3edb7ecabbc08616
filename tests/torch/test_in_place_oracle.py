"""In-place methods that change a tensor's shape (``t_``, ``transpose_``, ``unsqueeze_``,
``squeeze_``, ``resize_``) against real PyTorch 2.13: the name or attribute the tensor was read
from takes the new value (⊤ when the method is unmodelled), so later operations never see the
stale shape; shape-keeping in-place methods (``add_``) keep checking."""

from __future__ import annotations

import pytest
from tensorls.analyses import analyse

from .oracle import TORCH, Case, check

BODIES = {
    "t-then-matmul": "x = torch.zeros(3, 4)\nx.t_()\nresult = x @ torch.zeros(3, 5)\n",
    "transpose-then-add": (
        "x = torch.zeros(2, 3)\nx.transpose_(0, 1)\nresult = x + torch.zeros(3, 2)\n"
    ),
    "unsqueeze-then-cat": (
        "x = torch.zeros(3)\nx.unsqueeze_(0)\nresult = torch.cat([x, torch.zeros(1, 3)])\n"
    ),
    "squeeze-then-matmul": "x = torch.zeros(1, 4)\nx.squeeze_()\nresult = x @ torch.zeros(4, 2)\n",
    "attribute-transposed": (
        "class Holder:\n"
        "    def __init__(self):\n"
        "        self.w = torch.zeros(3, 4)\n"
        "        self.w.t_()\n"
        "result = Holder().w @ torch.zeros(3, 2)\n"
    ),
    "add-keeps-checking": "x = torch.zeros(2, 3)\nx.add_(1)\nresult = x @ torch.zeros(2, 3)\n",
}

CASES: list[Case] = Case.cases_of(BODIES)


def test_an_unmodelled_reshaping_method_leaves_the_tensor_unknown() -> None:
    source = "import torch\nx = torch.zeros(2, 3)\nx.resize_(3, 2)\ny = x @ torch.zeros(2, 5)\n"
    assert analyse(source).diagnostics == ()


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
