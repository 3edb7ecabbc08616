"""``distribute``: the TF2 → Horovod rewrite of a whole file, computed only when asked for."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..facts import Diagnostic, Position, Severity, Span, TextEdit
from ..syntax import syntax_error_diagnostic
from ..text import SourceText
from .plan import plan_module
from .planner_base import Plan
from .text_edits import line_edits

NO_LOOP_CODE = "horovod-no-training-loop"
INTERNAL_CODE = "horovod-rewrite-failed"


@dataclass(frozen=True)
class Distribution:
    """The outcome of ``distribute``: minimal edits and the new text, or why it was refused.

    When ``blocking`` is non-empty (or the file is already distributed) there are no edits and
    ``new_source`` is the input unchanged. ``notes`` say what a successful rewrite could not do
    safely (training data left unsharded, and why).
    """

    edits: tuple[TextEdit, ...]
    new_source: str
    blocking: tuple[Diagnostic, ...]
    already_distributed: bool
    notes: tuple[Diagnostic, ...] = ()


def _failure(span: Span, reason: str) -> Diagnostic:
    return Diagnostic(
        span,
        Severity.WARNING,
        INTERNAL_CODE,
        f"the Horovod rewrite was refused because {reason}",
    )


def _refused(source: str, *blocking: Diagnostic) -> Distribution:
    return Distribution((), source, tuple(blocking), False)


def distribute(source: str) -> Distribution:
    """Rewrite a single-device TF2 script for Horovod, or say why not. Never raises.

    Refuses (``blocking``) on a syntax error, when no training loop is recognised, when any
    restriction is violated, and when the libcst rewrite could not apply every planned edit or
    produced text that does not parse; a file importing Horovod is returned unchanged with
    ``already_distributed``.
    """
    text = SourceText(source)
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError) as error:
        return _refused(source, syntax_error_diagnostic(error, text))
    except (RecursionError, MemoryError):
        return _refused(
            source,
            _failure(Span(Position(0, 0), Position(0, 0)), "the file nests too deeply to parse"),
        )
    plan = plan_module(tree, text)
    if plan.already_distributed:
        return Distribution((), source, (), True)
    if plan.violations:
        return _refused(source, *plan.violations)
    start = Span(Position(0, 0), Position(0, 0))
    hand_update = None if plan.loops else _parameter_updated_by_hand(tree)
    if hand_update is not None:
        return _refused(
            source,
            Diagnostic(
                text.span_of_node(hand_update),
                Severity.INFORMATION,
                NO_LOOP_CODE,
                "the parameters are updated by hand from their gradients here, with no "
                "torch.optim optimizer, and the rewrite distributes PyTorch training through "
                "Horovod's DistributedOptimizer wrapped around one: to distribute this script, "
                "create an optimizer (e.g. torch.optim.SGD(model.parameters(), lr=...)) and "
                "call its zero_grad() and step() instead of updating the parameters",
            ),
        )
    if not plan.loops:
        return _refused(
            source,
            Diagnostic(
                start,
                Severity.INFORMATION,
                NO_LOOP_CODE,
                "no training loop (tf.GradientTape with apply_gradients, Keras fit, or a PyTorch "
                "torch.optim optimizer's step) was found, "
                "so there is nothing to distribute",
            ),
        )
    new_source, failure = _rewrite(source, plan)
    if failure is not None:
        return _refused(source, _failure(plan.loops[0].span, failure))
    return Distribution(line_edits(source, new_source), new_source, (), False, plan.notes)


def _parameter_updated_by_hand(tree: ast.Module) -> ast.AST | None:
    """The first in-place update of a tensor from a gradient (``p.data.add_(-lr * p.grad)``,
    ``p.data.sub_(...)``, ``p -= lr * p.grad``) in a file that calls ``backward()``, else None."""
    backward = any(
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "backward"
        for node in ast.walk(tree)
    )
    if not backward:
        return None

    def mentions_grad(nodes: list[ast.AST]) -> bool:
        return any(
            isinstance(inner, ast.Attribute) and inner.attr == "grad"
            for node in nodes
            for inner in ast.walk(node)
        )

    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in {"add_", "sub_"}
            and mentions_grad([*node.args, *(k.value for k in node.keywords)])
        ):
            return node
        if isinstance(node, ast.AugAssign) and mentions_grad([node.value]):
            return node
    return None


def _rewrite(source: str, plan: Plan) -> tuple[str, str | None]:
    """The rewritten text, or why the libcst rewrite could not be trusted."""
    import libcst as cst

    from .rewrite import rewrite_module

    try:
        new_source, applied = rewrite_module(source, plan)
    except (RecursionError, MemoryError):
        return source, "the file nests too deeply for the rewriter"
    except cst.ParserSyntaxError as error:
        return source, f"libcst cannot parse the file ({error.message})"
    if applied != plan.edit_count:
        return source, f"only {applied} of {plan.edit_count} planned edits could be applied"
    try:
        ast.parse(new_source)
    except (SyntaxError, RecursionError, MemoryError) as error:
        return source, f"the rewritten text does not parse ({type(error).__name__})"
    return new_source, None
