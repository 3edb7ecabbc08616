"""The ``torch.nn`` model never fails internally: every layer, container and loss constructed
with odd arguments (missing, zero, negative, unknown, of the wrong type) and called on odd inputs
is analysed without an internal error (a hook that raised would make its statement unknown)."""

from __future__ import annotations

import itertools

import pytest
from tensorls.analyses.facts import AnalysisSettings
from tensorls.analyses.interpreter import interpret
from tensorls.analyses.models.torch.functional import FUNCTIONAL
from tensorls.analyses.models.torch.nn_module import NN

ARGUMENTS = (
    "",
    "0",
    "-1",
    "3, 0",
    "3, 4, 0",
    "x",
    "None",
    "(2, 3)",
    "'same'",
    "3, 4, (1, 2, 3)",
    "3, 4, 3, stride=0",
    "3, 6, 3, groups=0",
    "4, 2, 3, padding=-5",
    "4, 2, 3, dilation=0",
)
INPUTS = (
    "torch.zeros(2, 3, 4, 5)",
    "torch.zeros(())",
    "torch.zeros(0, 3)",
    "x",
    "None",
    "torch.zeros(2, 3), torch.zeros(2, 3), torch.zeros(2, 3)",
    "torch.zeros(n, 3, n)",
    "torch.zeros(4, 3, dtype=torch.long)",
)
FUNCTION_ARGUMENTS = (
    "torch.zeros(2, 3, 4, 5), torch.zeros(3, 3, 1, 1)",
    "torch.zeros(2, 3), 0",
    "x, x",
    "torch.zeros(2, 3), (0, 0)",
    "torch.zeros(2, 3, 4), torch.zeros(5, 3, 2), stride=0",
    "torch.zeros(2, 3, 4), torch.zeros(6, 3, 2), groups=0",
)
PRELUDE = "import sys\nimport torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
PRELUDE += "n = len(sys.argv)\nx = sys.argv\n"


def _internal_errors(source: str) -> tuple[str, ...]:
    return interpret(source, AnalysisSettings()).internal_errors


@pytest.mark.parametrize("layer", sorted(NN))
def test_layers_never_fail_internally(layer: str) -> None:
    for arguments, inputs in itertools.product(ARGUMENTS, INPUTS):
        source = f"{PRELUDE}m = nn.{layer}({arguments})\ny = m({inputs})\n"
        assert _internal_errors(source) == (), source


@pytest.mark.parametrize("function", sorted(FUNCTIONAL))
def test_functions_never_fail_internally(function: str) -> None:
    for arguments in FUNCTION_ARGUMENTS:
        source = f"{PRELUDE}y = F.{function}({arguments})\n"
        assert _internal_errors(source) == (), source
