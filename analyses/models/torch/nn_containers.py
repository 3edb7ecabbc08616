"""``torch.nn`` containers: ``Sequential``, ``ModuleList`` and ``ModuleDict``.

A container keeps its modules in a heap list (``ModuleDict``: a heap dict) that the interpreter
owns, so ``append``/``extend``/``insert``, control flow and escapes are tracked by the interpreter;
a container whose modules are no longer known gives unknown results. Calling a ``Sequential``
calls each module in turn through the interpreter, so a user ``nn.Module`` in it runs its
``forward`` and a layer's certain failure is reported at the call of the ``Sequential`` (the line
PyTorch's traceback names in the program).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...domains.base import TOP, AbstractValue
from ...domains.classes import BuiltinTypeValue
from ...domains.functions import BoundMethodValue, BuiltinMethodValue
from ...domains.none import NONE
from ...domains.numbers import NON_NEGATIVE_INT, IntValue
from ...domains.references import Ref
from ...interpreter.natives import CallContext, NativeValue
from .nn_base import module_method

LIST_METHODS = ("append", "extend", "insert")
DICT_METHODS = ("keys", "values", "items", "get", "update", "pop")


@dataclass(frozen=True, slots=True)
class ModuleListValue(NativeValue):
    """A ``Sequential`` (``kind``) or ``ModuleList`` whose modules are the heap list ``modules``
    (a reference)."""

    kind: str
    modules: AbstractValue

    def held_values(self) -> tuple[AbstractValue, ...]:
        return (self.modules,)

    def describe(self) -> str:
        return f"nn.{self.kind}"

    def instance_classes(self) -> tuple[str, ...]:
        return ("torch.nn.Module",)

    def part_label(self) -> str | None:
        return self.describe()

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == self.kind

    def parts(self, ctx: CallContext) -> list[AbstractValue] | None:
        return ctx.sequence_items(self.modules)

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name in LIST_METHODS:
            return BuiltinMethodValue("list", name, self.modules)
        method = module_method(name)
        return BoundMethodValue(method, self) if method is not None else TOP

    def call(self, ctx: CallContext) -> AbstractValue:
        """``Sequential``: each module applied to the previous one's result."""
        parts = self.parts(ctx)
        if self.kind != "Sequential" or parts is None or len(ctx.args) != 1 or ctx.kwargs:
            return TOP
        current = ctx.args[0]
        for module in parts:
            current = ctx.invoke(module, [current])
            if current is TOP:
                return TOP
        return current

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        position = ctx.int_constant(index)
        parts = self.parts(ctx)
        if position is None or parts is None or not -len(parts) <= position < len(parts):
            return TOP
        return parts[position]

    def iterate(self, ctx: CallContext) -> AbstractValue:
        parts = self.parts(ctx)
        if not parts:
            return TOP
        result = parts[0]
        for part in parts[1:]:
            result = result.join(part)
        return result

    def items(self, ctx: CallContext) -> Sequence[AbstractValue] | None:
        return self.parts(ctx)

    def length(self, ctx: CallContext) -> AbstractValue:
        parts = self.parts(ctx)
        return NON_NEGATIVE_INT if parts is None else IntValue.constant_of(len(parts))


def _modules(ctx: CallContext) -> list[AbstractValue] | None:
    """The modules of ``Sequential(*modules)``: each a modelled module or a user object (an
    ``OrderedDict`` or anything unknown gives ``None``)."""
    if ctx.kwargs or not all(isinstance(item, (NativeValue, Ref)) for item in ctx.args):
        return None
    return list(ctx.args)


def sequential(ctx: CallContext) -> AbstractValue:
    """``Sequential(*modules)``."""
    modules = _modules(ctx)
    if modules is None:
        return TOP
    return ModuleListValue("Sequential", ctx.make_list(modules))


def module_list(ctx: CallContext) -> AbstractValue:
    """``ModuleList(modules=None)``."""
    given = ctx.arg(0, "modules")
    items: list[AbstractValue] | None = []
    if given is not None and given is not NONE:
        items = ctx.sequence_items(given)
    if items is None:
        return TOP
    return ModuleListValue("ModuleList", ctx.make_list(items))


@dataclass(frozen=True, slots=True)
class ModuleDictValue(NativeValue):
    """A ``ModuleDict`` whose modules are the heap dict ``modules`` (a reference)."""

    modules: AbstractValue

    def held_values(self) -> tuple[AbstractValue, ...]:
        return (self.modules,)

    def describe(self) -> str:
        return "nn.ModuleDict"

    def instance_classes(self) -> tuple[str, ...]:
        return ("torch.nn.Module",)

    def part_label(self) -> str | None:
        return self.describe()

    def contains(self, concrete: object) -> bool:
        return type(concrete).__name__ == "ModuleDict"

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name in DICT_METHODS:
            return BuiltinMethodValue("dict", name, self.modules)
        method = module_method(name)
        return BoundMethodValue(method, self) if method is not None else TOP

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        if ctx.str_constant(index) is None:
            return TOP
        found = ctx.invoke(BuiltinMethodValue("dict", "get", self.modules), [index])
        return TOP if found is NONE else found

    def store_subscript(self, index: AbstractValue, value: AbstractValue, ctx: CallContext) -> None:
        pair = ctx.make_tuple([index, value])
        ctx.invoke(BuiltinMethodValue("dict", "update", self.modules), [ctx.make_list([pair])])


def module_dict(ctx: CallContext) -> AbstractValue:
    """``ModuleDict(modules=None)``: a dict of the given mapping or pairs."""
    given = ctx.arg(0, "modules")
    arguments = [] if given is None or given is NONE else [given]
    modules = ctx.invoke(BuiltinTypeValue(dict), arguments)
    if modules is TOP:
        return TOP
    return ModuleDictValue(modules)
