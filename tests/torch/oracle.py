"""Real PyTorch 2.13 (CPU) as the oracle of the PyTorch model.

A case is a small program whose last statement assigns ``result``. ``TORCH.run_cases`` runs a batch
of cases under PyTorch in one subprocess (importing torch costs seconds); ``check`` compares one
case's outcome with tensorls's analysis of the same source:

* PyTorch raised on line L: tensorls reports exactly one error, on line L, whose message is
  contained in PyTorch's. An ``abstract`` case (some sizes unknown to tensorls) may also report
  nothing; an ``unmodelled`` one must report nothing.
* PyTorch succeeded: tensorls reports no error and warns only in the words of a ``UserWarning``
  PyTorch gave, and the value of ``result`` has PyTorch's shape
  and dtype (a tuple's items each; an ``int``'s value; an ``abstract`` case's shape only has to
  cover it, and its dtype may be unknown).

Sizes written ``size(n)`` in a case are ``n`` under PyTorch and an unknown int for tensorls.
"""

from __future__ import annotations

import json
from pathlib import Path

from tensorls.analyses import Severity, analyse
from tensorls.analyses.arrays import dims
from tensorls.analyses.domains.numbers import IntValue
from tensorls.analyses.domains.sequences import TupleValue
from tensorls.analyses.models.torch.values import TorchNamedTuple, TorchTensor
from tensorls.analyses.models.values import ArrayValue, DimValue

from ..framework_oracle import Framework, OracleCase, check_failure, result_value

TORCH = Framework(
    Path(__file__).resolve().parent / "torch_runner.py",
    "torch_python",
    {"CUDA_VISIBLE_DEVICES": "", "OMP_NUM_THREADS": "1"},
)
"""PyTorch 2.13 (CPU) in the cached torch environment (see ``torch_runner.py``)."""
PRELUDE = (
    "import os\n"
    "import numpy as np\n"
    "import torch\n"
    "import torch.nn.functional as F\n"
    "def size(n):\n"
    "    return int(os.environ.get('TENSORLS_UNSET_SIZE', n))\n"
)


class Case(OracleCase):
    """A PyTorch oracle program (see ``OracleCase``)."""

    prelude = PRELUDE


def _covers(shape: tuple[object, ...] | None, actual: list[int], exact: bool) -> bool:
    if shape is None:
        return not exact
    if len(shape) != len(actual):
        return False
    for dim, value in zip(shape, actual, strict=True):
        if isinstance(dim, int):
            if dim != value:
                return False
        elif exact or not isinstance(dim, (dims.UnknownDim, dims.SymbolicDim)):
            return False
    return True


def agrees(value: object, expected: dict[str, object], exact: bool) -> bool:
    """Whether tensorls's value of ``result`` has PyTorch's described shape, dtype or value."""
    if "items" in expected:
        items = expected["items"]
        assert isinstance(items, list)
        if isinstance(value, TorchNamedTuple):
            found: tuple[object, ...] | None = value.values
        else:
            found = value.items if isinstance(value, TupleValue) else None
        if found is None:
            return not exact
        return len(found) == len(items) and all(
            agrees(item, description, exact) for item, description in zip(found, items, strict=True)
        )
    if "shape" in expected:
        kind = ArrayValue if expected.get("numpy") else TorchTensor
        if not isinstance(value, kind):
            return False
        if not _covers(value.shape, expected["shape"], exact):  # type: ignore[arg-type]
            return False
        return value.dtype == expected["dtype"] or (not exact and value.dtype is None)
    text = str(expected["repr"])
    if text.lstrip("-").isdigit():
        if isinstance(value, IntValue) and value.constant is not None:
            return value.constant == int(text)
        return not exact and isinstance(value, (IntValue, DimValue))
    if text.startswith("torch.Size(["):
        sizes = json.loads(text.removeprefix("torch.Size(").removesuffix(")"))
        if not isinstance(value, TupleValue) or value.items is None:
            return not exact
        return len(value.items) == len(sizes) and all(
            agrees(item, {"repr": str(size)}, exact)
            for item, size in zip(value.items, sizes, strict=True)
        )
    return value is not None


def check(case: Case, outcome: dict[str, object]) -> None:
    """Assert that tensorls agrees with PyTorch on ``case`` (see the module docstring)."""
    source = case.source
    diagnostics = tuple(
        item for item in analyse(source).diagnostics if item.severity is not Severity.INFORMATION
    )
    if check_failure(case, outcome, diagnostics):
        return
    said = [str(text) for text in outcome.get("warnings", [])]  # type: ignore[attr-defined]
    for diagnostic in diagnostics:
        assert diagnostic.severity is Severity.WARNING, (case.body, diagnostics)
        assert any(diagnostic.message in text for text in said), (case.body, diagnostic, said)
    expected = outcome["result"]
    assert isinstance(expected, dict)
    value = result_value(source)
    assert agrees(value, expected, not case.abstract), (case.body, value, expected)
