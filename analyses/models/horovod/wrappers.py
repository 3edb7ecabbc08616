"""Horovod's wrappers whose methods hide collectives: ``DistributedGradientTape.gradient``
(allreduce of the gradients), ``DistributedOptimizer`` steps (``apply_gradients``, ``minimize``,
PyTorch's ``step``: allreduce of the gradients), and the Keras callbacks (values only: a Keras
``fit`` is not followed into its callbacks, so their collectives are not recorded).

Every other attribute of a wrapper is ⊤ (the wrapped object is not modelled through it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...domains.base import TOP, AbstractValue
from ...interpreter.natives import CallContext, NativeFunction, NativeValue
from . import trace

STEP_METHODS = {
    "DistributedGradientTape": ("gradient",),
    "DistributedOptimizer": ("apply_gradients", "minimize", "step"),
}


@dataclass(frozen=True, slots=True)
class DistributedWrapper(NativeValue):
    """A ``hvd.DistributedGradientTape`` or ``hvd.DistributedOptimizer`` (``wrapper`` says which)."""

    wrapper: str

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name not in STEP_METHODS.get(self.wrapper, ()):
            return TOP
        api = f"{self.wrapper}.{name}"

        def step(call: CallContext) -> AbstractValue:
            trace.record(call, "allreduce", api)
            return TOP

        return NativeFunction(api, step)

    def describe(self) -> str:
        return f"horovod {self.wrapper}"


@dataclass(frozen=True, slots=True)
class HorovodCallback(NativeValue):
    """A Horovod Keras callback such as ``BroadcastGlobalVariablesCallback``."""

    callback: str

    def describe(self) -> str:
        return f"horovod {self.callback}"


def wrapper(kind: str) -> NativeFunction:
    """The constructor of a distributed wrapper."""
    return NativeFunction(kind, lambda ctx: DistributedWrapper(kind))


CALLBACKS = (
    "BroadcastGlobalVariablesCallback",
    "MetricAverageCallback",
    "LearningRateWarmupCallback",
    "LearningRateScheduleCallback",
)


def callbacks() -> dict[str, AbstractValue]:
    """The ``hvd.callbacks`` module's classes."""
    return {
        name: NativeFunction(name, lambda ctx, name=name: HorovodCallback(name))
        for name in CALLBACKS
    }
