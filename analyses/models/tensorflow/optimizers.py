"""Keras optimizers (Keras 2.12) and ``apply_gradients``.

An optimizer is a value of its class name (``legacy`` for ``tf.keras.optimizers.legacy.*``).
``apply_gradients(grads_and_vars)`` takes pairs ``(gradient, variable)`` (a ``zip`` of known
lists, a list or tuple of pairs) and checks each gradient against its variable where the update
certainly fails and its message is known (shapes fully known):

* ``SGD``, ``Adam``, ``AdamW``, ``RMSprop``: the gradient enters an element-wise op with a
  variable-shaped tensor, so it must broadcast with the variable ("Incompatible shapes", operands
  in each optimizer's order); a gradient that broadcasts to a larger shape fails later, unworded;
* ``Adagrad`` adds to a slot of the variable's shape: the shapes must be equal;
* the legacy ``SGD`` and ``Adam`` use fused kernels: the shapes must be equal.

Other optimizers are not checked. A gradient that may be ``None`` is checked as if it were a
tensor only when it is certainly one. The result is the optimizer's step counter (unknown).
Horovod's ``DistributedOptimizer`` wraps this value: it keeps :meth:`OptimizerValue.apply`'s
contract.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...arrays import shapes
from ...arrays.errors import BROADCAST
from ...arrays.shapes import Shape
from ...domains.base import TOP, AbstractValue
from ...interpreter.natives import CallContext, NativeFunction, NativeModule, NativeValue
from . import messages, rules
from .values import TensorValue

OPTIMIZERS = (
    "SGD",
    "Adam",
    "AdamW",
    "RMSprop",
    "Adagrad",
    "Adadelta",
    "Adamax",
    "Nadam",
    "Ftrl",
)
LEGACY = ("SGD", "Adam", "RMSprop", "Adagrad", "Adadelta", "Adamax", "Nadam", "Ftrl")
BROADCASTING_ORDER = {"SGD": "gradient", "Adam": "gradient", "AdamW": "gradient", "RMSprop": "var"}
"""New optimizers whose update broadcasts the gradient with the variable, and which operand
TensorFlow names first."""
LEGACY_ARGUMENT = {"SGD": "delta", "Adam": "grad"}
"""Legacy optimizers with a fused kernel and the name it gives the gradient."""


@dataclass(frozen=True, slots=True)
class OptimizerValue(NativeValue):
    """A Keras optimizer of class ``kind`` (``legacy`` for the ``legacy`` module's)."""

    kind: str
    legacy: bool = False

    def describe(self) -> str:
        return f"keras optimizer {'legacy.' if self.legacy else ''}{self.kind}"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == self.kind

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "apply_gradients":
            return NativeFunction(f"{self.kind}.apply_gradients", self.apply)
        return TOP

    def apply(self, ctx: CallContext) -> AbstractValue:
        """``apply_gradients(grads_and_vars, name=None, ...)``: checks each pair (see the module
        docstring); ⊤."""
        pairs = ctx.iterated_items(ctx.arg(0, "grads_and_vars"))
        for pair in pairs or ():
            items = ctx.sequence_items(pair)
            if items is None or len(items) != 2:
                continue
            gradient, variable = items
            if not isinstance(gradient, TensorValue) or not isinstance(variable, TensorValue):
                continue
            if gradient.optional or gradient.symbolic or variable.kind != "variable":
                continue
            message = self.failure(gradient.shape, variable.shape)
            if message is not None:
                broadcast = message.startswith("Incompatible")
                ctx.report(BROADCAST if broadcast else messages.VARIABLE, message)
                return TOP
        return TOP

    def failure(self, gradient: Shape, variable: Shape) -> str | None:
        """TensorFlow's message when updating ``variable`` with ``gradient`` certainly fails."""
        if not shapes.is_fully_known(gradient) or not shapes.is_fully_known(variable):
            return None
        assert gradient is not None and variable is not None
        if self.legacy:
            argument = LEGACY_ARGUMENT.get(self.kind)
            if argument is None or gradient == variable:
                return None
            return messages.legacy_optimizer_shape(argument, variable, gradient)
        if self.kind == "Adagrad":
            return None if gradient == variable else messages.update_shape(variable, gradient)
        first = BROADCASTING_ORDER.get(self.kind)
        if first is None:
            return None
        if rules.broadcasts(gradient, variable):
            return None
        pair = (gradient, variable) if first == "gradient" else (variable, gradient)
        return messages.incompatible_shapes(*pair)


def _constructor(kind: str, legacy: bool) -> NativeFunction:
    return NativeFunction(
        f"tensorflow.keras.optimizers.{'legacy.' if legacy else ''}{kind}",
        lambda ctx: OptimizerValue(kind, legacy),
    )


def optimizers_module(name: str) -> NativeModule:
    """``tensorflow.keras.optimizers`` (also ``keras.optimizers``, ``tensorflow.optimizers``)
    with its ``legacy`` submodule."""
    legacy = NativeModule(f"{name}.legacy", {kind: _constructor(kind, True) for kind in LEGACY})
    attributes: dict[str, AbstractValue] = {kind: _constructor(kind, False) for kind in OPTIMIZERS}
    attributes["legacy"] = legacy
    return NativeModule(name, attributes)
