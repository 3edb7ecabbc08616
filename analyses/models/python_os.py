"""The model of Python's ``os`` module: only ``os.environ`` and ``os.getenv`` are modelled, for the
variables a distributed launcher sets; everything else is ⊤.

torchrun sets ``RANK``, ``LOCAL_RANK``, ``WORLD_SIZE`` and ``LOCAL_WORLD_SIZE`` in each process,
horovodrun's Gloo launcher ``HOROVOD_RANK``, ``HOROVOD_LOCAL_RANK``, ``HOROVOD_SIZE`` and
``HOROVOD_LOCAL_SIZE`` (its MPI launcher sets none of them).
Their texts follow the values of ``models.horovod.ranks`` (the decimal text of the rank, ...):
``"0"`` for ``RANK`` in the rank-0 projection, the text of an int >= 1 in the other one. A read
that returns assumes the launcher set the variable to the process's own value: ``os.environ[K]``
raises ``KeyError`` when it is unset, so a path going on read the launcher's value; ``.get(K, d)``
and ``os.getenv(K, d)`` are that value or the default ``d`` (a launcher such as horovodrun does
not set ``RANK``), and without a default that value or ``None``. Any other variable is ⊤.

Writes are followed on the path: ``os.environ[K] = v`` with a literal ``K`` makes later reads of
``K`` give ``v`` (joined with the launcher's value where only some paths wrote it), and
``setdefault(K, d)`` makes them the launcher's value or ``d``. Any other change of the mapping
(a computed key, ``update``, ``pop``, ``clear``, ...) makes every later read ⊤. ``os.environ``
changed by unmodelled library code is not followed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..domains.base import TOP, AbstractValue
from ..domains.none import NONE
from ..domains.numbers import IntValue
from ..domains.strings import StrValue
from ..interpreter.natives import (
    CallContext,
    NativeFunction,
    NativeModule,
    NativeValue,
    register_module_model,
)
from .horovod import ranks

LAUNCHER_NUMBERS: dict[str, Callable[[CallContext], AbstractValue]] = {
    "RANK": ranks.rank,
    "LOCAL_RANK": ranks.first_host_rank,
    "WORLD_SIZE": ranks.size,
    "LOCAL_WORLD_SIZE": ranks.local_size,
    "HOROVOD_RANK": ranks.rank,
    "HOROVOD_LOCAL_RANK": ranks.first_host_rank,
    "HOROVOD_SIZE": ranks.size,
    "HOROVOD_LOCAL_SIZE": ranks.local_size,
}
"""The launcher's variables and the int each one is the decimal text of."""

CHANGED = ("os.environ", "changed")
"""Model state: 0 while the mapping is changed only at literal keys, 1 once changed otherwise."""


def written_key(key: str) -> tuple[str, str, str]:
    """The model state holding the value of variable ``key`` on the path."""
    return ("os.environ", "key", key)


def canonical_number(text: str) -> int | None:
    """The int whose ``str()`` is ``text``, or None."""
    try:
        number = int(text)
    except ValueError:
        return None
    return number if str(number) == text else None


@dataclass(frozen=True, slots=True)
class IntegerText(NativeValue):
    """The decimal text ``str(n)`` of an int ``n`` in ``number`` (or ``None`` as well when
    ``or_none``): ``int()`` of it is ``number`` (``int(None)`` raises)."""

    number: IntValue
    or_none: bool = False

    def convert(self, pytype: type, ctx: CallContext) -> AbstractValue | None:
        if pytype is int:
            return self.number
        if pytype is str and not self.or_none:
            return self
        return None

    def compare(self, op: str, other: AbstractValue, reflected: bool, ctx: CallContext) -> object:
        if op not in ("Eq", "NotEq") or not isinstance(other, StrValue):
            return NotImplemented
        if other.value is None or other.kind is not str:
            return NotImplemented
        number = canonical_number(other.value)
        if number is not None and self.number.contains(number):
            return NotImplemented
        return ctx.make_bool(op == "NotEq")

    def truth(self, ctx: CallContext) -> bool | None:
        return None if self.or_none else True

    def may_be_none(self) -> bool:
        return self.or_none

    def join(self, other: AbstractValue) -> AbstractValue:
        if other is NONE:
            return IntegerText(self.number, True)
        other = as_text(other)
        if not isinstance(other, IntegerText):
            return TOP
        joined = self.number.join(other.number)
        if not isinstance(joined, IntValue):
            return TOP
        return IntegerText(joined, self.or_none or other.or_none)

    def leq(self, other: AbstractValue) -> bool:
        if other is TOP or self == other:
            return True
        return (
            isinstance(other, IntegerText)
            and self.number.leq(other.number)
            and (other.or_none or not self.or_none)
        )

    def describe(self) -> str:
        text = f"str of {self.number.describe()}"
        return f"{text} or None" if self.or_none else text

    def contains(self, concrete: object) -> bool:
        if concrete is None:
            return self.or_none
        if not isinstance(concrete, str):
            return False
        number = canonical_number(concrete)
        return number is not None and self.number.contains(number)


def text_of(number: AbstractValue) -> AbstractValue:
    """The decimal text of the ints ``number`` describes (a constant text for a constant)."""
    if not isinstance(number, IntValue):
        return TOP
    if number.constant is not None:
        return StrValue(str(number.constant))
    return IntegerText(number)


def launcher_value(key: str, ctx: CallContext) -> AbstractValue:
    """The value of variable ``key`` on the path, assuming the launcher set it (⊤ if unknown)."""
    if ctx.int_constant(ctx.model_state(CHANGED, IntValue.constant_of(0))) != 0:
        return TOP
    number = LAUNCHER_NUMBERS.get(key)
    initial = text_of(number(ctx)) if number is not None else TOP
    return ctx.model_state(written_key(key), initial)


def either(first: AbstractValue, second: AbstractValue) -> AbstractValue:
    """The join of two values, a decimal text constant taken as an ``IntegerText``."""
    return as_text(first).join(as_text(second))


def as_text(value: AbstractValue) -> AbstractValue:
    """``value``, or the ``IntegerText`` of a constant text that is the decimal text of an int."""
    if isinstance(value, StrValue) and isinstance(value.value, str):
        number = canonical_number(value.value)
        if number is not None:
            return IntegerText(IntValue.constant_of(number))
    return value


def read_or_default(ctx: CallContext) -> AbstractValue:
    """``os.environ.get(key[, default])`` and ``os.getenv(key[, default])``."""
    key = ctx.str_constant(ctx.arg(0, "key"))
    if key is None or len(ctx.args) > 2:
        return TOP
    default = ctx.arg(1, "default")
    return either(launcher_value(key, ctx), NONE if default is None else default)


def setdefault(ctx: CallContext) -> AbstractValue:
    """``os.environ.setdefault(key, default)``: the variable is now its value or ``default``."""
    key = ctx.str_constant(ctx.arg(0, "key"))
    default = ctx.arg(1, "default")
    if key is None or default is None:
        ctx.set_model_state(CHANGED, IntValue.constant_of(1))
        return TOP
    value = either(launcher_value(key, ctx), default)
    ctx.set_model_state(written_key(key), value)
    return value


def change(ctx: CallContext) -> AbstractValue:
    """Any other method of ``os.environ``: every variable becomes unknown."""
    ctx.set_model_state(CHANGED, IntValue.constant_of(1))
    return TOP


@dataclass(frozen=True, slots=True)
class Environment(NativeValue):
    """``os.environ``."""

    def subscript(self, index: AbstractValue, ctx: CallContext) -> AbstractValue:
        key = ctx.str_constant(index)
        return TOP if key is None else launcher_value(key, ctx)

    def store_subscript(self, index: AbstractValue, value: AbstractValue, ctx: CallContext) -> None:
        key = ctx.str_constant(index)
        if key is None:
            ctx.set_model_state(CHANGED, IntValue.constant_of(1))
        else:
            ctx.set_model_state(written_key(key), value)

    def attribute(self, name: str, ctx: CallContext) -> AbstractValue:
        if name == "get":
            return NativeFunction("os.environ.get", read_or_default)
        if name == "setdefault":
            return NativeFunction("os.environ.setdefault", setdefault)
        if name in ("copy", "keys", "values", "items", "__contains__"):
            return TOP
        return NativeFunction(f"os.environ.{name}", change)

    def describe(self) -> str:
        return "os.environ"


def os_module() -> NativeModule:
    """The ``os`` module model."""
    return NativeModule(
        "os",
        {
            "environ": Environment(),
            "getenv": NativeFunction("os.getenv", read_or_default),
        },
    )


def register() -> None:
    register_module_model("os", os_module)
