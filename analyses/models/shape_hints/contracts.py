"""Calls of functions whose shape annotations a run-time checker enforces.

``@jaxtyped(typechecker=beartype)`` (or ``typeguard.typechecked``) checks each argument against
its jaxtyping annotation in parameter order, then the returned value, with the names of the
shapes bound across the whole call; ``@beartype`` / ``@typechecked`` alone check each annotation
on its own. A value that certainly violates its annotation makes the call raise jaxtyping's
``TypeCheckError`` (or beartype's violation): reported as a ``shape-hint-violation`` error at the
call, certain only when no execution reaching the call could match. Values that match are
narrowed by the annotation (an unknown size becomes the bound size or the symbol of its name).

Only jaxtyping annotations are enforced here; every other annotation is left to the refiner
(advice, never an error). The checker decorators are modelled as returning the function itself,
marked (``FunctionValue.checked_annotations``); nothing of jaxtyping, beartype or typeguard is
imported.
"""

from __future__ import annotations

import ast

from ...domains.base import AbstractValue
from ...domains.functions import FunctionValue
from ...interpreter.core.scopes import all_arguments
from ...interpreter.natives import (
    AnnotationCheckingDecorator,
    CallContext,
    ContractCheck,
    NativeFunction,
    NativeModule,
    register_call_contract,
    register_module_model,
)
from .annotations import Hint, parse
from .patterns import Bindings
from .refiner import check_value

HINT_VIOLATION = "shape-hint-violation"


def _parameters(function: FunctionValue) -> list[ast.arg]:
    return all_arguments(function.node.args)


def _enforced(annotation: ast.expr | None) -> Hint | None:
    if annotation is None:
        return None
    hint = parse(annotation)
    if hint is None or hint.style != "jaxtyping":
        return None
    return hint


def check_call(
    function: FunctionValue, bindings: dict[str, AbstractValue], ctx: CallContext
) -> ContractCheck | None:
    """The call contract registered with the interpreter (see the module docstring)."""
    if function.checked_annotations is None or isinstance(function.node, ast.Lambda):
        return None
    shared = function.checked_annotations == "shared"
    scope = Bindings(symbol_key=f"annotation:{function.qualname}")
    narrowed = dict(bindings)
    arguments = function.node.args
    for parameter in _parameters(function):
        hint = _enforced(parameter.annotation)
        value = bindings.get(parameter.arg)
        if hint is None or value is None:
            continue
        if parameter is arguments.vararg or parameter is arguments.kwarg:
            continue
        names = scope if shared else Bindings(symbol_key=scope.symbol_key)
        names.provenance = f"named in the annotation of parameter '{parameter.arg}'"
        checked = check_value(value, hint, names, f"parameter '{parameter.arg}'", None)
        if checked is None:
            continue
        if checked.violation is not None:
            _report(
                ctx,
                function,
                f"parameter '{parameter.arg}'",
                hint,
                parameter.annotation,
                checked.violation,
                scope if shared else names,
            )
            return ContractCheck(None, lambda result: result)
        narrowed[parameter.arg] = checked.value
    returns = _enforced(function.node.returns)

    def check_return(result: AbstractValue) -> AbstractValue | None:
        if returns is None:
            return result
        names = scope if shared else Bindings(symbol_key=scope.symbol_key)
        names.provenance = "named in the annotation of the return value"
        checked = check_value(result, returns, names, "the return value", None)
        if checked is None:
            return result
        if checked.violation is not None:
            _report(
                ctx,
                function,
                "the return value",
                returns,
                function.node.returns,
                checked.violation,
                names,
            )
            return None
        return checked.value

    return ContractCheck(narrowed, check_return)


def _report(
    ctx: CallContext,
    function: FunctionValue,
    what: str,
    hint: Hint,
    annotation: ast.expr | None,
    reason: str,
    names: Bindings,
) -> None:
    bound = names.describe()
    related = []
    if annotation is not None:
        related.append((ctx.span(annotation), f"{what} is annotated `{hint.text}` here"))
    ctx.report(
        HINT_VIOLATION,
        f"{function.name}() raises a type-check error: {what} violates `{hint.text}`: {reason}"
        + (f" (bound: {bound})" if bound else ""),
        related=related,
    )


def _jaxtyped(ctx: CallContext) -> AbstractValue:
    """``jaxtyped(typechecker=...)``: a decorator binding shape names across each call."""
    checker = ctx.arg(None, "typechecker")
    if ctx.args or checker is None or ctx.is_none(checker):
        return AnnotationCheckingDecorator("jaxtyped", None)
    return AnnotationCheckingDecorator("jaxtyped", "shared")


def jaxtyping_module() -> NativeModule:
    """The ``jaxtyping`` module model: only ``jaxtyped`` (its annotations are read as syntax)."""
    return NativeModule("jaxtyping", {"jaxtyped": NativeFunction("jaxtyping.jaxtyped", _jaxtyped)})


def beartype_module() -> NativeModule:
    """The ``beartype`` module model: only the ``beartype`` decorator."""
    return NativeModule(
        "beartype", {"beartype": AnnotationCheckingDecorator("beartype", "independent")}
    )


def typeguard_module() -> NativeModule:
    """The ``typeguard`` module model: only the ``typechecked`` decorator."""
    return NativeModule(
        "typeguard", {"typechecked": AnnotationCheckingDecorator("typechecked", "independent")}
    )


def register() -> None:
    register_module_model("jaxtyping", jaxtyping_module)
    register_module_model("beartype", beartype_module)
    register_module_model("typeguard", typeguard_module)
    register_call_contract(check_call)
