"""Losses against real PyTorch 2.13: ``CrossEntropyLoss`` with class indices and class
probabilities, ``NLLLoss``, the pointwise regression losses (and PyTorch's broadcast warning),
``BCELoss``/``BCEWithLogitsLoss``, each also in its ``torch.nn.functional`` form."""

from __future__ import annotations

import pytest

from .oracle import TORCH, Case, check

NN = "import torch.nn as nn\n"
LONG = "dtype=torch.long"


def _loss(loss: str, given: str, target: str) -> str:
    return f"{NN}criterion = nn.{loss}\nresult = criterion({given}, {target})\n"


EXACT = {
    "ce": _loss("CrossEntropyLoss()", "torch.zeros(64, 10)", f"torch.zeros(64, {LONG})"),
    "ce-batch": _loss("CrossEntropyLoss()", "torch.zeros(64, 10)", f"torch.zeros(32, {LONG})"),
    "ce-batch-float": _loss("CrossEntropyLoss()", "torch.zeros(64, 10)", "torch.zeros(32)"),
    "ce-probabilities": _loss("CrossEntropyLoss()", "torch.zeros(64, 10)", "torch.zeros(64, 10)"),
    "ce-probabilities-none": _loss(
        "CrossEntropyLoss(reduction='none')", "torch.zeros(64, 10)", "torch.zeros(64, 10)"
    ),
    "ce-probabilities-long": _loss(
        "CrossEntropyLoss()", "torch.zeros(64, 10)", f"torch.zeros(64, 10, {LONG})"
    ),
    "ce-multi-target": _loss("CrossEntropyLoss()", "torch.zeros(64, 10)", "torch.zeros(64, 9)"),
    "ce-float-target": _loss("CrossEntropyLoss()", "torch.zeros(64, 10)", "torch.zeros(64)"),
    "ce-int32-target": _loss(
        "CrossEntropyLoss()", "torch.zeros(64, 10)", "torch.zeros(64, dtype=torch.int32)"
    ),
    "ce-none": _loss(
        "CrossEntropyLoss(reduction='none')", "torch.zeros(64, 10)", f"torch.zeros(64, {LONG})"
    ),
    "ce-sum": _loss(
        "CrossEntropyLoss(reduction='sum')", "torch.zeros(64, 10)", f"torch.zeros(64, {LONG})"
    ),
    "ce-spatial": _loss(
        "CrossEntropyLoss(reduction='none')", "torch.zeros(8, 10, 5)", f"torch.zeros(8, 5, {LONG})"
    ),
    "ce-spatial-size": _loss(
        "CrossEntropyLoss()", "torch.zeros(8, 10, 5)", f"torch.zeros(8, 6, {LONG})"
    ),
    "ce-spatial-rank": _loss(
        "CrossEntropyLoss()", "torch.zeros(8, 10, 5)", f"torch.zeros(8, {LONG})"
    ),
    "ce-4d-target-rank": _loss(
        "CrossEntropyLoss()", "torch.zeros(8, 10, 5, 4)", f"torch.zeros(8, 5, {LONG})"
    ),
    "ce-1d": _loss("CrossEntropyLoss()", "torch.zeros(10)", f"torch.zeros((), {LONG})"),
    "ce-1d-target": _loss("CrossEntropyLoss()", "torch.zeros(10)", f"torch.zeros(3, {LONG})"),
    "nll": _loss("NLLLoss()", "torch.zeros(64, 10)", f"torch.zeros(64, {LONG})"),
    "nll-batch": _loss("NLLLoss()", "torch.zeros(64, 10)", f"torch.zeros(32, {LONG})"),
    "nll-multi-target": _loss("NLLLoss()", "torch.zeros(64, 10)", f"torch.zeros(64, 10, {LONG})"),
    "nll-float": _loss("NLLLoss()", "torch.zeros(64, 10)", "torch.zeros(64)"),
    "nll-spatial": _loss("NLLLoss()", "torch.zeros(8, 10, 5)", f"torch.zeros(8, 6, {LONG})"),
    "mse": _loss("MSELoss()", "torch.zeros(64, 3)", "torch.zeros(64, 3)"),
    "mse-none": _loss("MSELoss(reduction='none')", "torch.zeros(64, 3)", "torch.zeros(64, 3)"),
    "mse-warning": _loss("MSELoss()", "torch.zeros(64, 1)", "torch.zeros(64)"),
    "mse-warning-none": _loss("MSELoss(reduction='none')", "torch.zeros(64, 1)", "torch.zeros(64)"),
    "mse-broadcast": _loss("MSELoss()", "torch.zeros(64, 3)", "torch.zeros(32, 3)"),
    "l1-warning": _loss("L1Loss()", "torch.zeros(64, 1)", "torch.zeros(64)"),
    "l1-broadcast": _loss("L1Loss()", "torch.zeros(64, 3)", "torch.zeros(32, 3)"),
    "smooth-l1-warning": _loss("SmoothL1Loss()", "torch.zeros(64, 1)", "torch.zeros(64)"),
    "bce": _loss("BCELoss()", "torch.zeros(64, 1)", "torch.zeros(64, 1)"),
    "bce-size": _loss("BCELoss()", "torch.zeros(64, 1)", "torch.zeros(64)"),
    "bce-logits": _loss(
        "BCEWithLogitsLoss(reduction='none')", "torch.zeros(64, 3)", "torch.zeros(64, 3)"
    ),
    "bce-logits-size": _loss("BCEWithLogitsLoss()", "torch.zeros(64, 1)", "torch.zeros(64)"),
    "f-cross-entropy": "result = F.cross_entropy(torch.zeros(64, 10), torch.zeros(64, dtype=torch.long))\n",
    "f-cross-entropy-batch": (
        "result = F.cross_entropy(torch.zeros(64, 10), torch.zeros(32, dtype=torch.long))\n"
    ),
    "f-nll-none": (
        "result = F.nll_loss(torch.zeros(4, 3), torch.zeros(4, dtype=torch.long), "
        "reduction='none')\n"
    ),
    "f-mse-warning": "result = F.mse_loss(torch.zeros(64, 1), torch.zeros(64))\n",
    "f-mse-broadcast": "result = F.mse_loss(torch.zeros(64, 3), torch.zeros(32, 3))\n",
    "f-bce-none": (
        "result = F.binary_cross_entropy(torch.zeros(64, 3), torch.zeros(64, 3), reduction='none')\n"
    ),
    "f-bce-logits-size": (
        "result = F.binary_cross_entropy_with_logits(torch.zeros(64, 1), torch.zeros(64))\n"
    ),
}

IMPRECISE = {
    "ce-unknown-batch": _loss(
        "CrossEntropyLoss()", "torch.zeros(size(64), 10)", f"torch.zeros(32, {LONG})"
    ),
    "mse-unknown": _loss("MSELoss()", "torch.zeros(size(64), 1)", "torch.zeros(64)"),
}

CASES: list[Case] = Case.cases_of(EXACT, IMPRECISE)


outcomes = TORCH.outcomes_fixture(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_agrees_with_pytorch(case: Case, outcomes: dict[str, dict[str, object]]) -> None:
    check(case, outcomes[case.id])


def test_broadcast_warning_is_reported() -> None:
    """The warning is a warning (the program runs on), in PyTorch's words."""
    from tensorls.analyses import Severity, analyse

    (diagnostic,) = analyse(
        "import torch\nresult = torch.nn.MSELoss()(torch.zeros(64, 1), torch.zeros(64))\n"
    ).diagnostics
    assert diagnostic.severity is Severity.WARNING
    assert diagnostic.message.startswith("Using a target size (torch.Size([64])) that is")


def test_unknown_shapes_give_an_unknown_loss_not_a_report() -> None:
    """Input and target of unknown sizes may or may not be class probabilities: no report, and
    the per-element loss is a tensor of unknown shape."""
    from tensorls.analyses import analyse

    from tests.numpy.analysis_helpers import hover_text

    source = (
        "import sys\nimport torch\nn = len(sys.argv)\nm = len(sys.argv[0])\n"
        "loss = torch.nn.CrossEntropyLoss(reduction='none')(torch.zeros(n, 3), torch.zeros(m, 3))\n"
    )
    assert analyse(source).diagnostics == ()
    assert hover_text(source, 5, 0).startswith("loss: Tensor[float32, ")
