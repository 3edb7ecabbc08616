"""``nn.Module`` subclasses, containers, optimizers and ``torch.utils.data`` against real PyTorch
2.13: ``forward`` reached through ``model(x)``, layers assigned in ``__init__``, the module
methods that return the module (``to``, ``train``, ``eval``), ``parameters()`` as an unknown
value that keeps the model known, ``Sequential``/``ModuleList``/``ModuleDict``, and the batches
of a ``DataLoader`` over a ``TensorDataset``."""

from __future__ import annotations

import pytest

from .oracle import TORCH, Case, check

NN = "import torch.nn as nn\n"
DATA = "from torch.utils.data import DataLoader, TensorDataset, random_split\n"

HEAD = (
    NN + "class Head(nn.Module):\n"
    "    def __init__(self, features, classes):\n"
    "        super(Head, self).__init__()\n"
    "        self.proj = nn.Linear(features, classes)\n"
    "    def forward(self, x, scale=1.0):\n"
    "        return self.proj(x) * scale\n"
)

EXACT = {
    "subclass": HEAD + "result = Head(8, 3)(torch.zeros(5, 8))\n",
    "subclass-keyword": HEAD + "result = Head(8, 3)(torch.zeros(5, 8), scale=2.0)\n",
    "subclass-mismatch": HEAD + "result = Head(8, 3)(torch.zeros(5, 6))\n",
    "subclass-to": HEAD + "model = Head(8, 3).to('cpu')\nresult = model(torch.zeros(5, 8))\n",
    "subclass-eval": (
        HEAD
        + "model = Head(8, 3)\nmodel.eval()\nmodel.train()\nresult = model(torch.zeros(5, 8))\n"
    ),
    "subclass-parameters": (
        HEAD + "model = Head(8, 3)\noptimizer = torch.optim.Adam(model.parameters(), lr=0.01)\n"
        "optimizer.zero_grad()\nloss = model(torch.zeros(5, 8)).sum()\nloss.backward()\n"
        "optimizer.step()\nresult = model(torch.zeros(2, 8))\n"
    ),
    "subclass-no-init": (
        NN + "class Twice(nn.Module):\n"
        "    def forward(self, x):\n"
        "        return torch.matmul(x, x.t())\n"
        "result = Twice()(torch.zeros(3, 5))\n"
    ),
    "subclass-attribute-layer": (
        HEAD + "model = Head(8, 3)\nresult = model.proj(torch.zeros(4, 8))\n"
    ),
    "subclass-nested": (
        HEAD + "class Net(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.body = nn.Sequential(nn.Linear(4, 8), nn.ReLU())\n"
        "        self.head = Head(8, 2)\n"
        "    def forward(self, x):\n"
        "        return self.head(self.body(x))\n"
        "result = Net()(torch.zeros(6, 4))\n"
    ),
    "subclass-nested-mismatch": (
        HEAD + "class Net(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.body = nn.Sequential(nn.Linear(4, 8), nn.ReLU())\n"
        "        self.head = Head(6, 2)\n"
        "    def forward(self, x):\n"
        "        return self.head(self.body(x))\n"
        "result = Net()(torch.zeros(6, 4))\n"
    ),
    "sequential": NN
    + "result = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))(torch.zeros(3, 4))\n",
    "sequential-mismatch": (
        NN + "model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(16, 2))\n"
        "result = model(torch.zeros(3, 4))\n"
    ),
    "sequential-index": NN
    + "model = nn.Sequential(nn.Linear(4, 8), nn.Linear(8, 2))\nresult = model[1](torch.zeros(3, 8))\n",
    "sequential-length": NN + "result = len(nn.Sequential(nn.Linear(4, 8), nn.ReLU()))\n",
    "sequential-append": (
        NN + "model = nn.Sequential(nn.Linear(4, 8))\nmodel.append(nn.Linear(8, 5))\n"
        "result = model(torch.zeros(3, 4))\n"
    ),
    "sequential-user-module": (
        HEAD
        + "model = nn.Sequential(nn.Linear(4, 8), Head(8, 2))\nresult = model(torch.zeros(3, 4))\n"
    ),
    "module-list": (
        NN + "class Stack(nn.Module):\n"
        "    def __init__(self, sizes):\n"
        "        super().__init__()\n"
        "        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(sizes, sizes[1:])])\n"
        "    def forward(self, x):\n"
        "        for layer in self.layers:\n"
        "            x = torch.relu(layer(x))\n"
        "        return x\n"
        "result = Stack([8, 6, 4, 2])(torch.zeros(5, 8))\n"
    ),
    "module-list-index": (
        NN + "layers = nn.ModuleList([nn.Linear(3, 4), nn.Linear(4, 5)])\n"
        "result = layers[-1](layers[0](torch.zeros(2, 3)))\n"
    ),
    "module-list-mismatch": (
        NN + "layers = nn.ModuleList([nn.Linear(3, 4), nn.Linear(5, 5)])\n"
        "result = layers[1](layers[0](torch.zeros(2, 3)))\n"
    ),
    "module-dict": (
        NN + "heads = nn.ModuleDict({'a': nn.Linear(4, 2), 'b': nn.Linear(4, 3)})\n"
        "result = heads['b'](torch.zeros(6, 4))\n"
    ),
    "dataset-length": DATA + "result = len(TensorDataset(torch.zeros(10, 3), torch.zeros(10)))\n",
    "dataset-item": (
        DATA + "x, y = TensorDataset(torch.zeros(10, 3), torch.zeros(10, dtype=torch.long))[0]\n"
        "result = (x, y)\n"
    ),
    "dataset-mismatch": DATA + "result = TensorDataset(torch.zeros(10, 3), torch.zeros(8))\n",
    "loader-batches": (
        DATA
        + "loader = DataLoader(TensorDataset(torch.zeros(100, 3), torch.zeros(100, dtype=torch.long)), batch_size=20)\n"
        "for x, y in loader:\n    pass\nresult = (x, y)\n"
    ),
    "loader-last-batch": (
        DATA
        + "loader = DataLoader(TensorDataset(torch.zeros(100, 3)), batch_size=32, shuffle=True)\n"
        "for (x,) in loader:\n    pass\nresult = x\n"
    ),
    "loader-drop-last": (
        DATA
        + "loader = DataLoader(TensorDataset(torch.zeros(100, 3)), batch_size=32, drop_last=True)\n"
        "for batch in loader:\n    pass\nresult = batch[0]\n"
    ),
    "loader-length": DATA
    + "result = len(DataLoader(TensorDataset(torch.zeros(100, 3)), batch_size=32))\n",
    "loader-length-drop": (
        DATA
        + "result = len(DataLoader(TensorDataset(torch.zeros(100, 3)), batch_size=32, drop_last=True))\n"
    ),
    "loader-default-batch": (
        DATA
        + "for batch in DataLoader(TensorDataset(torch.zeros(3, 2, 2))):\n    pass\nresult = batch[0]\n"
    ),
    "loader-enumerate": (
        DATA
        + "loader = DataLoader(TensorDataset(torch.zeros(64, 3), torch.zeros(64)), batch_size=16)\n"
        "for step, (x, y) in enumerate(loader):\n    pass\nresult = y\n"
    ),
    "random-split": (
        DATA + "train, test = random_split(TensorDataset(torch.zeros(100, 3)), [80, 20])\n"
        "result = (len(train), len(test))\n"
    ),
    "random-split-loader": (
        DATA + "train, test = random_split(TensorDataset(torch.zeros(100, 3)), [80, 20])\n"
        "for (x,) in DataLoader(test, batch_size=8):\n    pass\nresult = x\n"
    ),
    "training-loop-labels": (
        DATA + NN + "model = nn.Linear(3, 4)\ncriterion = nn.CrossEntropyLoss()\n"
        "loader = DataLoader(TensorDataset(torch.zeros(64, 3), torch.zeros(64, 4, dtype=torch.long)), batch_size=16)\n"
        "for x, y in loader:\n    loss = criterion(model(x), y)\nresult = loss\n"
    ),
    # Nested loops: the last, smaller batch fails in a called function in the first epoch,
    # found through the epoch loop too (a call's summary replayed in a later iteration).
    "epoch-loader-last-batch": (
        DATA + NN + "class Net(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        self.fc = nn.Linear(4, 2)\n"
        "    def forward(self, x):\n        return self.fc(x).view(16, 2)\n"
        "model = Net()\n"
        "loader = DataLoader(TensorDataset(torch.zeros(19, 4)), batch_size=16)\n"
        "for epoch in range(3):\n    for (x,) in loader:\n        out = model(x)\nresult = out\n"
    ),
    "epoch-loader-drop-last": (
        DATA + NN + "class Net(nn.Module):\n"
        "    def __init__(self):\n        super().__init__()\n        self.fc = nn.Linear(4, 2)\n"
        "    def forward(self, x):\n        return self.fc(x).view(16, 2)\n"
        "model = Net()\n"
        "loader = DataLoader(TensorDataset(torch.zeros(19, 4)), batch_size=16, drop_last=True)\n"
        "for epoch in range(3):\n    for (x,) in loader:\n        out = model(x)\nresult = out\n"
    ),
}

IMPRECISE = {
    "loader-symbolic-batch": (
        DATA + "loader = DataLoader(TensorDataset(torch.zeros(1000, 3)), batch_size=7)\n"
        "for (x,) in loader:\n    pass\nresult = x\n"
    ),
    "unknown-dataset-size": (
        DATA + "loader = DataLoader(TensorDataset(torch.zeros(size(100), 3)), batch_size=10)\n"
        "for (x,) in loader:\n    pass\nresult = x\n"
    ),
}

CASES: list[Case] = Case.cases_of(EXACT, IMPRECISE)


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
