"""The ``torch.nn`` model's modules and their registration: ``torch.nn`` (layers, losses,
containers and ``Module``), the functional forms added to ``torch.nn.functional``,
``torch.optim`` and ``torch.utils.data``.

``nn.Module`` as the base of a user class: defining the class runs no code of the user
(``Module.__init_subclass__`` does nothing, so the class's methods are not handed to unknown code);
calling an instance runs the class's ``forward`` (what ``Module.__call__`` does without hooks);
``super().__init__()`` keeps the instance's attributes, so layers assigned in ``__init__`` are the instance's; the methods every module
shares (``train``, ``eval``, ``to``, ...; see :func:`.nn_base.module_method`) are modelled and
other ``Module`` attributes (``parameters()``, ``state_dict()``, ...) are unknown. An optimizer's
``step``/``zero_grad`` return ``None`` and change no shape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...domains.base import TOP, AbstractValue
from ...domains.none import NONE
from ...interpreter.natives import (
    CallContext,
    LibraryClass,
    NativeFunction,
    NativeModule,
    NativeValue,
    register_module_model,
)
from . import (
    data,
    functional,
    losses,
    nn_containers,
    nn_convolution,
    nn_layers,
    nn_recurrent,
    nn_recurrent_cells,
    nn_resampling,
)
from .nn_base import module_method

Constructor = Callable[[CallContext], AbstractValue]


class ModuleClass(LibraryClass):
    """``torch.nn.Module``: ``Module()`` itself is unknown; as a base class see the module
    docstring."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__("torch.nn.Module", lambda ctx: TOP, "torch.nn.Module")

    def subclass_method(self, special: str) -> str | None:
        return "forward" if special == "__call__" else None

    def subclass_attribute(self, name: str) -> AbstractValue | None:
        if name in ("__init__", "__init_subclass__"):
            return NativeFunction(f"Module.{name}", lambda ctx: NONE)
        return module_method(name)


NN: dict[str, Constructor] = {
    **nn_layers.LAYERS,
    **nn_convolution.LAYERS,
    **nn_recurrent.LAYERS,
    **nn_recurrent_cells.LAYERS,
    **nn_resampling.LAYERS,
    **losses.LOSSES,
    "Sequential": nn_containers.sequential,
    "ModuleList": nn_containers.module_list,
    "ModuleDict": nn_containers.module_dict,
}

OPTIMIZERS = ("SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adadelta", "Adamax", "NAdam", "RAdam")


@dataclass(frozen=True, slots=True)
class OptimizerValue(NativeValue):
    """An optimizer: ``step()`` and ``zero_grad()`` return ``None``; other attributes are
    unknown."""

    name: str

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name in ("step", "zero_grad"):
            return NativeFunction(f"Optimizer.{name}", lambda call: NONE)
        return TOP

    def describe(self) -> str:
        return f"optimizer torch.optim.{self.name}"

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == self.name


def optimizer(name: str) -> Constructor:
    return lambda ctx: OptimizerValue(name)


def nn_module() -> NativeModule:
    attributes: dict[str, AbstractValue] = {
        name: NativeFunction(f"torch.nn.{name}", constructor) for name, constructor in NN.items()
    }
    attributes["Module"] = ModuleClass()
    return NativeModule("torch.nn", attributes)


def optim_module() -> NativeModule:
    return NativeModule(
        "torch.optim",
        {name: NativeFunction(f"torch.optim.{name}", optimizer(name)) for name in OPTIMIZERS},
    )


def modelled_names() -> list[str]:
    """Every modelled API of ``torch.nn``, ``torch.optim`` and ``torch.utils.data``, qualified
    (the functional forms are listed with ``torch.nn.functional``)."""
    names = [f"torch.nn.{name}" for name in (*NN, "Module")]
    names += [f"torch.optim.{name}" for name in OPTIMIZERS]
    names += list(data.modelled_names())
    return sorted(names)


def register(functional_functions: dict[str, object]) -> None:
    """Register ``torch.nn``, ``torch.optim`` and ``torch.utils.data``, and add the functional
    forms to ``functional_functions`` (``torch.nn.functional``'s table, registered by the
    caller) where it has none (its own elementwise ops are kept)."""
    for name, impl in functional.FUNCTIONAL.items():
        functional_functions.setdefault(name, impl)
    register_module_model("torch.nn", nn_module)
    register_module_model("torch.optim", optim_module)
    register_module_model(
        "torch.optim.lr_scheduler", lambda: NativeModule("torch.optim.lr_scheduler", {})
    )
    register_module_model("torch.utils", lambda: NativeModule("torch.utils", {}))
    register_module_model("torch.utils.data", data.data_module)
