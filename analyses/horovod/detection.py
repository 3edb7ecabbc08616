"""``detect``: the cheap, stdlib-``ast``-only part of the Horovod rewrite, run on every analysis."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..facts import Diagnostic, RewriteOffer, Severity
from ..text import SourceText
from .plan import plan_module
from .planner_base import KERAS_LOOP, TAPE_LOOP
from .torch_plan import TORCH_LOOP

OFFER_IDENTIFIER = "distribute-horovod"
OFFER_TITLE = "Distribute with Horovod"
SINGLE_DEVICE_CODE = "single-device-training"
_LOOP_KINDS = {
    TAPE_LOOP: "custom GradientTape loop",
    KERAS_LOOP: "Keras fit",
    TORCH_LOOP: "PyTorch training loop",
}


@dataclass(frozen=True)
class TrainingFacts:
    """What ``detect`` found: diagnostics, the rewrite offer (if any), and whether the file
    already uses Horovod (then nothing else is reported)."""

    diagnostics: tuple[Diagnostic, ...]
    offers: tuple[RewriteOffer, ...]
    already_distributed: bool


def detect(tree: ast.Module, text: SourceText) -> TrainingFacts:
    """Find single-device training loops and the restrictions that block distributing them.

    Reports an information ``single-device-training`` diagnostic at each recognised training
    loop (saying that it can be distributed, or that the rewrite is blocked) and a warning ``horovod-restriction`` at each violated restriction. Offers the rewrite
    only when there is a loop and no violation. Files importing Horovod get no facts at all.
    """
    plan = plan_module(tree, text)
    if plan.already_distributed or not plan.loops:
        return TrainingFacts((), (), plan.already_distributed)
    diagnostics = [
        Diagnostic(
            loop.span,
            Severity.INFORMATION,
            SINGLE_DEVICE_CODE,
            "this script trains on a single device ("
            + _LOOP_KINDS[loop.kind]
            + "); "
            + _verdict(plan.violations),
        )
        for loop in plan.loops
    ]
    offers: tuple[RewriteOffer, ...] = ()
    if plan.applicable:
        offers = (
            RewriteOffer(OFFER_IDENTIFIER, OFFER_TITLE, plan.loops[0].span, SINGLE_DEVICE_CODE),
        )
    return TrainingFacts((*diagnostics, *plan.violations), offers, False)


def _verdict(violations: tuple[Diagnostic, ...]) -> str:
    """Whether the loop can be distributed; a blocked one points at its warnings, which say why."""
    if not violations:
        return "it can be distributed with Horovod"
    lines = sorted({violation.span.start.line + 1 for violation in violations})
    where = ", ".join(map(str, lines))
    if len(lines) == 1:
        return (
            f"distributing it with Horovod is blocked by the restriction reported at line {where}"
        )
    return f"distributing it with Horovod is blocked by the restrictions reported at lines {where}"
