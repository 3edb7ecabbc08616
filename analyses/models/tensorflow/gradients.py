"""``tf.GradientTape``: gradients shaped like their sources.

``tape.gradient(target, sources)`` returns the structure of ``sources`` (one tensor, a tuple, a
list or a dict of constant keys, nested) with a gradient in place of every tensor or variable:
a tensor of the source's shape and dtype that may also be ``None`` (whether the target depends
on a source is not tracked; ``unconnected_gradients="zero"`` makes it certainly a tensor).
Nothing of the target is checked and the tape's recording is not tracked (a second ``gradient``
on a non-persistent tape is not reported). Horovod's ``DistributedGradientTape`` wraps this
value: it keeps :meth:`GradientTapeValue.gradient`'s contract.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...domains.sequences import TupleValue
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from .values import TensorValue

MAX_DEPTH = 8
MAX_SOURCES = 256


@dataclass(frozen=True, slots=True)
class GradientTapeValue(NativeValue):
    """A ``tf.GradientTape`` (``persistent`` when known); ``with`` gives the tape itself."""

    persistent: bool | None = False

    def describe(self) -> str:
        return "tf.GradientTape" + (" (persistent)" if self.persistent else "")

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == "GradientTape"

    def enter(self, ctx: CallContext) -> AbstractValue:
        return self

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "gradient":
            return NativeFunction("GradientTape.gradient", self.gradient)
        if name in ("watch", "reset"):
            return NativeFunction(f"GradientTape.{name}", lambda call: NONE)
        return TOP

    def gradient(self, ctx: CallContext) -> AbstractValue:
        """``gradient(target, sources, output_gradients=None, unconnected_gradients=NONE)``."""
        sources = ctx.arg(1, "sources")
        if sources is None:
            return TOP
        unconnected = ctx.str_constant(ctx.arg(3, "unconnected_gradients"))
        return gradients_like(ctx, sources, optional=unconnected != "zero")


def gradients_like(ctx: CallContext, sources: AbstractValue, optional: bool) -> AbstractValue:
    """The structure of ``sources`` with a gradient for each tensor (see the module docstring);
    ⊤ for what is not a tensor or a known structure."""
    budget = [MAX_SOURCES]

    def walk(value: AbstractValue, depth: int) -> AbstractValue:
        budget[0] -= 1
        if budget[0] < 0 or depth > MAX_DEPTH:
            return TOP
        if isinstance(value, TensorValue):
            if value.symbolic:
                return TOP
            return TensorValue(value.shape, value.dtype, ctx.span(), "tensor", optional)
        if isinstance(value, TupleValue):
            items = value.items
            if items is None:
                return TOP
            return TupleValue.of(tuple(walk(item, depth + 1) for item in items))
        items = ctx.sequence_items(value)
        if items is not None:
            return ctx.make_list([walk(item, depth + 1) for item in items])
        entries = ctx.dict_entries(value)
        if entries is not None:
            return ctx.make_dict([(key, walk(item, depth + 1)) for key, item in entries])
        return TOP

    return walk(sources, 0)


def gradient_tape(ctx: CallContext) -> AbstractValue:
    """``tf.GradientTape(persistent=False, watch_accessed_variables=True)``."""
    given = ctx.arg(0, "persistent")
    persistent = False if given is None else ctx.bool_constant(given)
    return GradientTapeValue(persistent)
