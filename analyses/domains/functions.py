"""User functions and closures, bound methods, method wrappers and generators.

A ``FunctionValue`` is a ``def`` or ``lambda`` evaluated at one point: its node, the values of its
defaults, and its closure (free name → heap address of the cell that holds it, so a closure sees
later rebinding of the variable, as in CPython). Two different functions join to ⊤.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

from .base import TOP, AbstractValue
from .references import Address

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@dataclass(frozen=True, slots=True)
class FunctionValue(AbstractValue):
    """A user-defined function object."""

    node: FunctionNode
    name: str
    qualname: str
    defaults: tuple[AbstractValue, ...] = ()
    kw_defaults: tuple[tuple[str, AbstractValue], ...] = ()
    closure: tuple[tuple[str, Address], ...] = ()
    owner: Address | None = None
    checked_annotations: str | None = None
    """How a run-time type checker decorating the function checks its annotations at each call:
    ``None`` (not checked), ``"independent"`` (each annotation alone, e.g. ``@beartype``) or
    ``"shared"`` (shape names bound across one call, ``@jaxtyped(typechecker=...)``)."""

    def describe(self) -> str:
        if isinstance(self.node, ast.Lambda):
            return "lambda"
        prefix = "async def" if isinstance(self.node, ast.AsyncFunctionDef) else "def"
        return f"{prefix} {self.name}({_parameters(self.node.args)})"

    def contains(self, concrete: object) -> bool:
        return callable(concrete)

    def with_owner(self, owner: Address) -> FunctionValue:
        return replace(self, owner=owner)


def _parameters(arguments: ast.arguments) -> str:
    names = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
    if arguments.vararg is not None:
        names.append("*" + arguments.vararg.arg)
    elif arguments.kwonlyargs:
        names.append("*")
    names.extend(a.arg for a in arguments.kwonlyargs)
    if arguments.kwarg is not None:
        names.append("**" + arguments.kwarg.arg)
    return ", ".join(names)


@dataclass(frozen=True, slots=True)
class BoundMethodValue(AbstractValue):
    """``receiver.method``: calling it passes ``receiver`` as the first argument."""

    function: AbstractValue
    receiver: AbstractValue

    def join(self, other: AbstractValue) -> AbstractValue:
        if isinstance(other, BoundMethodValue) and other.function == self.function:
            return BoundMethodValue(self.function, self.receiver.join(other.receiver))
        return AbstractValue.join(self, other)

    def describe(self) -> str:
        return "bound method " + self.function.describe().removeprefix("def ")

    def contains(self, concrete: object) -> bool:
        return callable(concrete)


@dataclass(frozen=True, slots=True)
class MethodWrapperValue(AbstractValue):
    """``staticmethod(f)``, ``classmethod(f)`` or ``property(f)`` stored in a class body."""

    kind: str
    function: AbstractValue

    def describe(self) -> str:
        return f"{self.kind}({self.function.describe()})"

    def contains(self, concrete: object) -> bool:
        wrapper = {"staticmethod": staticmethod, "classmethod": classmethod, "property": property}
        return isinstance(concrete, wrapper.get(self.kind, object))


@dataclass(frozen=True, slots=True)
class GeneratorBody:
    """The unstarted body of a call of a user generator function: the function and the values
    its parameters were bound to at the call (``enumerate_start``: the iterator is
    ``enumerate(generator, start)`` of that call's generator)."""

    function: FunctionValue
    bindings: tuple[tuple[str, AbstractValue], ...]
    enumerate_start: AbstractValue | None = None

    def values(self) -> list[AbstractValue]:
        """The values the body holds (the function, its arguments, the enumerate start)."""
        held = [self.function, *(value for _, value in self.bindings)]
        return held if self.enumerate_start is None else [*held, self.enumerate_start]

    def joined(self, other: GeneratorBody, widen: bool) -> GeneratorBody | None:
        """The body of a call of the same function with either's arguments (argument by
        argument); None when the two are of different functions or parameters."""
        if (
            self.function != other.function
            or [name for name, _ in self.bindings] != [name for name, _ in other.bindings]
            or (self.enumerate_start is None) != (other.enumerate_start is None)
        ):
            return None
        bindings = tuple(
            (name, mine.widen(theirs) if widen else mine.join(theirs))
            for (name, mine), (_, theirs) in zip(self.bindings, other.bindings, strict=True)
        )
        start = self.enumerate_start
        if start is not None and other.enumerate_start is not None:
            start = (
                start.widen(other.enumerate_start) if widen else start.join(other.enumerate_start)
            )
        return GeneratorBody(self.function, bindings, start)

    def leq(self, other: GeneratorBody) -> bool:
        if self.joined(other, False) is None:
            return False
        starts_leq = (
            self.enumerate_start is None
            or other.enumerate_start is None
            or self.enumerate_start.leq(other.enumerate_start)
        )
        return starts_leq and all(
            mine.leq(theirs)
            for (_, mine), (_, theirs) in zip(self.bindings, other.bindings, strict=True)
        )


@dataclass(frozen=True, slots=True)
class GeneratorValue(AbstractValue):
    """An iterator (generator, map, zip, ...) whose items are all described by ``element``.

    ``items``, when set, lists the values it yields, in order (e.g. ``enumerate`` of a tuple).
    ``body``, when set, is the unstarted body of a user generator function's call: its items are
    what running that body yields (``interpreter.generators``); joined with any other iterator
    it is forgotten (the join's items are ⊤).
    """

    element: AbstractValue = TOP
    items: tuple[AbstractValue, ...] | None = None
    body: GeneratorBody | None = None

    def join(self, other: AbstractValue) -> AbstractValue:
        return self._joined(other, False)

    def widen(self, other: AbstractValue) -> AbstractValue:
        return self._joined(other, True)

    def _joined(self, other: AbstractValue, widen: bool) -> AbstractValue:
        if self == other:
            return self
        if not isinstance(other, GeneratorValue):
            return TOP
        if self.body is not None and other.body is not None:
            body = self.body.joined(other.body, widen)
            if body is not None:
                return GeneratorValue(TOP, None, body)
        mine, theirs = self.summary(), other.summary()
        return GeneratorValue(mine.widen(theirs) if widen else mine.join(theirs))

    def summary(self) -> AbstractValue:
        if self.body is not None:
            return TOP
        if self.items:
            result = self.items[0]
            for item in self.items[1:]:
                result = result.join(item)
            return result
        return self.element

    def leq(self, other: AbstractValue) -> bool:
        return other is TOP or (
            isinstance(other, GeneratorValue)
            and (
                self == other
                or (
                    other.body is None
                    and (self.body is None or other.element is TOP)
                    and self.element.leq(other.element)
                )
                or (self.body is not None and other.body is not None and self.body.leq(other.body))
            )
        )

    def describe(self) -> str:
        if self.body is not None:
            return f"generator {self.body.function.name}"
        return "iterator" if self.element is TOP else f"iterator[{self.element.describe()}]"

    def contains(self, concrete: object) -> bool:
        return hasattr(concrete, "__iter__")


@dataclass(frozen=True, slots=True)
class BuiltinFunctionValue(AbstractValue):
    """A builtin function such as ``len`` or ``print`` (modelled by name)."""

    name: str

    def describe(self) -> str:
        return f"builtin function {self.name}"

    def contains(self, concrete: object) -> bool:
        return callable(concrete)


@dataclass(frozen=True, slots=True)
class BuiltinMethodValue(AbstractValue):
    """A method of a builtin object, e.g. ``xs.append`` (``receiver`` is the object)."""

    type_name: str
    name: str
    receiver: AbstractValue

    def describe(self) -> str:
        return f"method {self.type_name}.{self.name}"

    def contains(self, concrete: object) -> bool:
        return callable(concrete)


class NotImplementedValue(AbstractValue):
    """The ``NotImplemented`` constant (returned by binary dunders to decline)."""

    __slots__ = ()

    def describe(self) -> str:
        return "NotImplemented"

    def contains(self, concrete: object) -> bool:
        return concrete is NotImplemented

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NotImplementedValue)

    def __hash__(self) -> int:
        return hash("NotImplemented")


NOT_IMPLEMENTED = NotImplementedValue()
