"""Tensor creation, conversion, attributes and dtypes against real PyTorch 2.13: shapes and dtypes
of ``torch.tensor``, ``zeros``/``ones``/``empty``/``rand``/``randn``/``full``/``randint``/
``arange``/``linspace``/``eye``, the ``*_like`` functions, ``from_numpy``/``.numpy()``,
``.shape``/``.size()``/``.dim()``/``.numel()``/``.ndim``, ``.to``/``.float``/``.long``/... and
ragged data."""

from __future__ import annotations

import pytest

from .oracle import TORCH, Case, check

BODIES = {
    "tensor-int": "result = torch.tensor([[1, 2], [3, 4]])\n",
    "tensor-float": "result = torch.tensor([[1.0, 2], [3, 4], [5, 6]])\n",
    "tensor-bool": "result = torch.tensor([True, False])\n",
    "tensor-scalar": "result = torch.tensor(3.5)\n",
    "tensor-int-scalar": "result = torch.tensor(3)\n",
    "tensor-empty": "result = torch.tensor([])\n",
    "tensor-dtype": "result = torch.tensor([1, 2, 3], dtype=torch.float64)\n",
    "tensor-tuple": "result = torch.tensor(((1, 2, 3),))\n",
    "tensor-numpy": "result = torch.tensor(np.zeros((2, 3)))\n",
    "tensor-ragged": "result = torch.tensor([[1, 2], [3]])\n",
    "tensor-ragged-deep": "result = torch.tensor([[[1.0], [2.0]], [[3.0]]])\n",
    "tensor-ragged-inner": "result = torch.tensor([[[1.0, 2.0]], [[3.0]]])\n",
    "as-tensor": "result = torch.as_tensor([1.0, 2.0])\n",
    "zeros-varargs": "result = torch.zeros(2, 3)\n",
    "zeros-tuple": "result = torch.zeros((2, 3), dtype=torch.int64)\n",
    "zeros-list": "result = torch.zeros([4])\n",
    "zeros-size-kw": "result = torch.zeros(size=(2, 5))\n",
    "zeros-scalar": "result = torch.zeros(())\n",
    "ones": "result = torch.ones(2, 3, 4)\n",
    "ones-long": "result = torch.ones(2, dtype=torch.long)\n",
    "empty": "result = torch.empty(3, 1)\n",
    "rand": "result = torch.rand(5)\n",
    "randn-double": "result = torch.randn(2, 2, dtype=torch.double)\n",
    "randn-shape": "x = torch.zeros(4, 6)\nresult = torch.randn(x.shape)\n",
    "randn-size": "x = torch.zeros(4, 6)\nresult = torch.randn(x.size())\n",
    "full-int": "result = torch.full((2, 3), 7)\n",
    "full-float": "result = torch.full((2,), 7.0)\n",
    "full-bool": "result = torch.full((2, 2), True)\n",
    "full-dtype": "result = torch.full((2,), 1, dtype=torch.float16)\n",
    "randint-high": "result = torch.randint(10, (2, 3))\n",
    "randint-low": "result = torch.randint(3, 10, (4,))\n",
    "randint-size-kw": "result = torch.randint(0, 10, size=(4, 1))\n",
    "arange-int": "result = torch.arange(5)\n",
    "arange-start": "result = torch.arange(2, 9)\n",
    "arange-step": "result = torch.arange(0, 10, 3)\n",
    "arange-float": "result = torch.arange(0.0, 1.0, 0.25)\n",
    "arange-float-end": "result = torch.arange(5.0)\n",
    "arange-dtype": "result = torch.arange(4, dtype=torch.float32)\n",
    "linspace": "result = torch.linspace(0, 1, 5)\n",
    "linspace-steps-kw": "result = torch.linspace(0, 1, steps=7)\n",
    "eye": "result = torch.eye(3)\n",
    "eye-rect": "result = torch.eye(3, 4)\n",
    "eye-dtype": "result = torch.eye(2, dtype=torch.int32)\n",
    "zeros-like": "result = torch.zeros_like(torch.ones(2, 5, dtype=torch.int32))\n",
    "ones-like-dtype": "result = torch.ones_like(torch.ones(2, 5), dtype=torch.float64)\n",
    "rand-like": "result = torch.rand_like(torch.ones(3, 1))\n",
    "randn-like": "result = torch.randn_like(torch.ones(3, 1, dtype=torch.float64))\n",
    "empty-like": "result = torch.empty_like(torch.ones(3))\n",
    "full-like": "result = torch.full_like(torch.ones(2, 2), 3.0)\n",
    "randint-like": "result = torch.randint_like(torch.ones(2, 2), 5)\n",
    "from-numpy": "result = torch.from_numpy(np.zeros((2, 3)))\n",
    "from-numpy32": "result = torch.from_numpy(np.ones(4, dtype=np.float32))\n",
    "from-numpy-int": "result = torch.from_numpy(np.arange(6).reshape(2, 3))\n",
    "to-numpy": "result = torch.ones(2, 3).numpy()\n",
    "to-numpy-long": "result = torch.ones(2, dtype=torch.long).numpy()\n",
    "numpy-roundtrip": "a = torch.ones(4, 2).numpy()\nresult = torch.from_numpy(a.T)\n",
    "shape": "result = torch.zeros(2, 3).shape\n",
    "size": "result = torch.zeros(2, 3).size()\n",
    "size-dim": "result = torch.zeros(2, 3).size(1)\n",
    "size-negative": "result = torch.zeros(2, 3).size(-2)\n",
    "size-bad": "result = torch.zeros(2, 3).size(2)\n",
    "shape-index": "n = torch.zeros(2, 3).shape[-1]\nresult = torch.zeros(n, 1)\n",
    "shape-unpack": "rows, cols = torch.zeros(4, 6).shape\nresult = torch.ones(cols, rows)\n",
    "size-slice": "result = torch.zeros(torch.ones(2, 3, 4).shape[1:])\n",
    "size-star": "x = torch.ones(2, 3, 4)\nresult = x.view(*x.shape[:-2], -1)\n",
    "size-numel-method": "x = torch.ones(2, 3)\nn = x.shape.numel()\nresult = x\n",
    "size-unknown-attribute": "result = torch.ones(2, 3).shape.rank\n",
    "size-index-error": "result = torch.ones(2, 3).size()[2]\n",
    "size-isinstance": "result = isinstance(torch.ones(2).shape, tuple)\n",
    "dim": "result = torch.zeros(2, 3, 4).dim()\n",
    "ndim": "result = torch.zeros(2, 3, 4).ndim\n",
    "numel": "result = torch.zeros(2, 3, 4).numel()\n",
    "torch-numel": "result = torch.numel(torch.zeros(2, 3))\n",
    "dtype-attr": "result = torch.zeros(2, dtype=torch.zeros(1, dtype=torch.int16).dtype)\n",
    "to-dtype": "result = torch.zeros(2, 3).to(torch.float64)\n",
    "to-device": "result = torch.zeros(2, 3).to('cpu')\n",
    "to-device-dtype": "result = torch.zeros(2, 3).to('cpu', torch.int32)\n",
    "to-kw": "result = torch.zeros(2, 3).to(dtype=torch.int64)\n",
    "to-tensor": "result = torch.zeros(2, 3).to(torch.ones(1, dtype=torch.float16))\n",
    "to-device-obj": "result = torch.zeros(2, 3).to(torch.device('cpu'))\n",
    "float": "result = torch.zeros(2, dtype=torch.long).float()\n",
    "double": "result = torch.zeros(2).double()\n",
    "long": "result = torch.zeros(2, 2).long()\n",
    "int": "result = torch.zeros(2, 2).int()\n",
    "half": "result = torch.zeros(2, 2).half()\n",
    "bool": "result = torch.zeros(2, 2).bool()\n",
    "byte": "result = torch.zeros(2, 2).byte()\n",
    "cpu": "result = torch.zeros(2, 2).cpu()\n",
    "detach": "result = torch.zeros(2, 2).detach()\n",
    "clone": "result = torch.zeros(2, 2, dtype=torch.int8).clone()\n",
    "contiguous": "result = torch.zeros(2, 2).t().contiguous()\n",
    "requires-grad": "result = torch.zeros(2, 2).requires_grad_()\n",
    "type-as": "result = torch.zeros(2, 2).type_as(torch.ones(1, dtype=torch.int64))\n",
    "data": "result = torch.zeros(2, 2).data\n",
    "item": "result = torch.zeros(()).item()\n",
    "truth-many": "x = torch.ones(3)\nif x:\n    x = x + 1\nresult = x\n",
    "truth-empty": "result = bool(torch.ones(0))\n",
    "truth-one": "x = torch.ones(1, 1)\nif x > 0:\n    x = x * 2\nresult = x\n",
    "truth-not": "result = not torch.ones(2, 2)\n",
    "truth-scalar-loop": (
        "loss = torch.tensor(5.0)\nwhile loss > 1:\n    loss = loss / 2\nresult = loss\n"
    ),
    "truth-any": "x = torch.ones(3)\nif (x > 0).any():\n    x = -x\nresult = x\n",
    "len": "result = len(torch.zeros(5, 2))\n",
    "iterate": "for row in torch.zeros(5, 2):\n    result = row\n",
    "loop-shape": ("x = torch.ones(8, 4)\nfor _ in range(3):\n    x = x * 2\nresult = x\n"),
}

UNMODELLED = {
    "repeat-negative": "result = torch.ones(2).repeat(-1) + torch.ones(3)\n",
}

IMPRECISE = {
    "zeros-unknown": "result = torch.zeros(size(3), 2)\n",
    "arange-unknown": "result = torch.arange(size(4))\n",
    "eye-unknown": "result = torch.eye(size(2), 3)\n",
}

CASES = Case.cases_of(BODIES, IMPRECISE, UNMODELLED)


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])
