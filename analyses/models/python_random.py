"""The model of Python's ``random`` module: only ``choice`` is modelled, everything else is ⊤.

``random.choice(seq)`` of a list or tuple with known items is one of them: the join of the items
(arrays of different shapes join to their common shape). An empty or unknown sequence gives ⊤
(the ``IndexError`` of an empty one is not claimed).
"""

from __future__ import annotations

from ..domains.base import TOP, AbstractValue, join_all
from ..interpreter.natives import CallContext, NativeFunction, NativeModule, register_module_model


def choice(ctx: CallContext) -> AbstractValue:
    """``random.choice(seq)``."""
    if len(ctx.args) != 1 or ctx.kwargs:
        return TOP
    items = ctx.sequence_items(ctx.args[0])
    if not items:
        return TOP
    return join_all(items)


def random_module() -> NativeModule:
    """The ``random`` module model."""
    return NativeModule("random", {"choice": NativeFunction("random.choice", choice)})


def register() -> None:
    register_module_model("random", random_module)
