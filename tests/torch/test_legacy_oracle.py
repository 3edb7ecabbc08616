"""PyTorch's legacy constructors against real PyTorch 2.13: ``torch.Tensor``/``FloatTensor``/
``LongTensor``/... with sizes, a ``torch.Size``, data or a NumPy array, ``x.new``/``new_tensor``/
``new_zeros``/..., ``Variable(x)``, ``.data``, ``next(module.parameters())`` and ``x.type(...)``
with a legacy type or its name; and the failures downstream of them, reported in PyTorch's words."""

from __future__ import annotations

import pytest

from .oracle import TORCH, Case, check

NN = "import torch.nn as nn\n"
VARIABLE = "from torch.autograd import Variable\n"

EXACT = {
    "tensor-sizes": "result = torch.Tensor(32, 50, 50)\n",
    "tensor-data": "result = torch.Tensor([[1, 2]])\n",
    "tensor-tuple-data": "result = torch.Tensor((2, 3))\n",
    "tensor-ndarray": "result = torch.Tensor(np.zeros((3, 4), dtype=np.int64))\n",
    "tensor-size-object": "x = torch.zeros(2, 5)\nresult = torch.Tensor(x.size())\n",
    "tensor-shape-object": "x = torch.zeros(2, 5)\nresult = torch.Tensor(x.shape)\n",
    "tensor-empty": "result = torch.Tensor()\n",
    "tensor-one-size": "result = torch.Tensor(7)\n",
    "tensor-of-tensor": "result = torch.Tensor(torch.zeros(3, 2))\n",
    "tensor-of-double": "result = torch.Tensor(torch.zeros(3, 2, dtype=torch.float64))\n",
    "float-tensor": "result = torch.FloatTensor(4, 5)\n",
    "double-tensor": "result = torch.DoubleTensor([[1, 2], [3, 4]])\n",
    "long-tensor-list": "result = torch.LongTensor([1, 2, 3])\n",
    "long-tensor-floats": "result = torch.LongTensor([1.5, 2.7])\n",
    "long-tensor-ndarray": "result = torch.LongTensor(np.zeros(4))\n",
    "int-tensor": "result = torch.IntTensor(2, 3)\n",
    "byte-tensor": "result = torch.ByteTensor([[0, 1, 1]])\n",
    "bool-tensor": "result = torch.BoolTensor([True, False])\n",
    "half-tensor": "result = torch.HalfTensor(3)\n",
    "variable": f"{VARIABLE}result = Variable(torch.zeros(3, 4), requires_grad=True)\n",
    "variable-qualified": "import torch.autograd\nresult = torch.autograd.Variable(torch.ones(2))\n",
    "variable-module": (
        "from torch.autograd.variable import Variable\nresult = Variable(torch.LongTensor(2, 6))\n"
    ),
    "new-sizes": "x = torch.zeros(2, dtype=torch.float64)\nresult = x.new(3, 4)\n",
    "new-size-object": "x = torch.zeros(2, 7)\nresult = x.new(x.size())\n",
    "new-data": "x = torch.zeros(2, dtype=torch.int32)\nresult = x.new([[1.5, 2.5, 3.5]])\n",
    "new-empty": "x = torch.zeros(2, dtype=torch.int64)\nresult = x.new()\n",
    "new-zero": "x = torch.zeros(2)\nresult = x.new(5, 2).zero_()\n",
    "new-tensor": "x = torch.zeros(2, dtype=torch.float64)\nresult = x.new_tensor([[1, 2], [3, 4]])\n",
    "new-tensor-dtype": "x = torch.zeros(2)\nresult = x.new_tensor([1, 2], dtype=torch.int64)\n",
    "new-zeros": "x = torch.zeros(2, dtype=torch.int8)\nresult = x.new_zeros(3, 4)\n",
    "new-full": "x = torch.zeros(2)\nresult = x.new_full((2, 2), 7.0)\n",
    "data": "x = torch.zeros(3, 4)\nresult = x.data\n",
    "type-legacy": "x = torch.zeros(3, 4)\nresult = x.type(torch.LongTensor)\n",
    "type-name": "x = torch.zeros(3, 4)\nresult = x.type('torch.DoubleTensor')\n",
    "type-dtype": "x = torch.zeros(3, 4)\nresult = x.type(torch.int32)\n",
    "type-query": "x = torch.zeros(3, 4, dtype=torch.int64)\nresult = x.type()\n",
    "legacy-matmul": "x = torch.Tensor(4, 5)\nresult = x @ torch.FloatTensor(3, 2)\n",
    "legacy-linear": f"{NN}result = nn.Linear(6, 36)(torch.Tensor([[3.0], [1.0], [22.0]]))\n",
    "variable-linear": (
        f"{NN}{VARIABLE}x = Variable(torch.randn(32, 1))\nresult = nn.Linear(4, 1)(x)\n"
    ),
    "long-target": (
        f"{NN}target = torch.LongTensor([1, 0, 2])\n"
        "result = nn.CrossEntropyLoss()(torch.randn(4, 3), target)\n"
    ),
}

IMPRECISE = {
    # A parameter's dtype is not tracked.
    "new-hidden": (
        f"{NN}class LM(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.rnn = nn.LSTM(10, 20, 2)\n"
        "    def init_hidden(self, bsz):\n"
        "        weight = next(self.parameters()).data\n"
        "        return (weight.new(2, bsz, 20).zero_(), weight.new(2, bsz, 20).zero_())\n"
        "model = LM()\n"
        "result = model.init_hidden(4)[0]\n"
    ),
    # A bool counts as a size of 0 or 1: not read.
    "tensor-size-and-bool": "result = torch.Tensor(3, True)\n",
    "tensor-unknown-size": "result = torch.Tensor(size(3), 4)\n",
    "parameters-next": f"{NN}result = next(nn.Linear(3, 2).parameters())\n",
    "parameters-list": f"{NN}result = list(nn.Linear(3, 2).parameters())[0]\n",
}

UNMODELLED = {
    # A legacy constructor's own failures are not reported.
    "tensor-float-size": "result = torch.Tensor(2.5, 3)\n",
    "float-tensor-of-long": "result = torch.FloatTensor(torch.zeros(2, dtype=torch.int64))\n",
    "variable-of-list": f"{VARIABLE}result = Variable([1, 2])\n",
    "tensor-ragged": "result = torch.Tensor([[1, 2], [3]])\n",
}

CASES: list[Case] = Case.cases_of(EXACT, IMPRECISE, UNMODELLED)


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
